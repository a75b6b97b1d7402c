import type { ImageBankItem } from '../pictures';
import { plainTextToHtml } from '@portal/ui/safe-html';
import { limits } from '@portal/api/limits';
import * as z from 'zod/mini';
import { agentPaths } from '../paths';
import { messages } from './messages';

/** Spec §5 and §9. */
export const NEWS_TITLE_MIN = 4;
export const NEWS_SLIDER_MAX = 3;
export const NOTIFICATION_LIFETIME_DAYS = 7;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const requiredDate = z
  .string()
  .check(z.minLength(1, messages.required), z.regex(ISO_DATE, messages.required));

/** The image chosen in the image bank (its IRI is sent; the rest is for the preview). */
export type PickedImage = ImageBankItem;

export const newsFormSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { message: messages.required, abort: true }),
        z.minLength(NEWS_TITLE_MIN, messages.titleTooShort),
        z.maxLength(limits.newsTitle, messages.tooLong(limits.newsTitle)),
      ),
    date: requiredDate,
    content: z.string(),
    // null until an image is chosen; the field's own check, so it shows with the others.
    image: z.custom<PickedImage | null>((value) => typeof value === 'object' && value !== null, {
      message: messages.imageRequired,
    }),
    displayed: z.boolean(),
    hasPopup: z.boolean(),
    sliderDisplayed: z.boolean(),
    profilesToNotify: z.array(z.string()),
    notify: z.boolean(),
  })
  .check(
    z.refine((values) => !values.notify || values.profilesToNotify.length > 0, {
      message: messages.profilesRequired,
      path: ['profilesToNotify'],
    }),
  );
export type NewsFormValues = z.infer<typeof newsFormSchema>;

export const EMPTY_NEWS_FORM: NewsFormValues = {
  title: '',
  date: '',
  content: '',
  image: null,
  displayed: true,
  hasPopup: false,
  sliderDisplayed: false,
  profilesToNotify: [],
  notify: false,
};

export const duplicateSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, messages.required)),
  date: requiredDate,
});
export type DuplicateValues = z.infer<typeof duplicateSchema>;

/** Content as saved: tag-free text keeps its line breaks as <br> (spec §5). */
export function contentToSave(content: string): string {
  return content.trim() === '' ? '' : plainTextToHtml(content);
}

export function imageIri(image: PickedImage): string {
  return image['@id'] ?? `/image_banks/${image.id}`;
}

/** The body of `POST /news` / `PATCH /news/{id}` for the form's values. */
export function newsPayload(values: NewsFormValues) {
  return {
    title: values.title.trim(),
    date: values.date,
    content: contentToSave(values.content),
    displayed: values.displayed,
    hasPopup: values.hasPopup,
    sliderDisplayed: values.sliderDisplayed,
    imageBank: values.image ? imageIri(values.image) : null,
    profilesToNotify: values.profilesToNotify,
  };
}

/** When the notification of a news item expires: 7 days after the news date (spec §9). */
export function notificationExpiry(newsDate: string): string {
  const time = new Date(newsDate).getTime();
  return new Date(time + NOTIFICATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * The notification sent after saving news with 'Envoyer une notification' ticked (spec §7):
 * to the chosen profiles, linking to the news in the agent portal (an app path), expiring
 * 7 days after the news date.
 */
export function newsNotificationPayload(
  news: { id: number; title: string; date: string },
  profilesToNotify: string[],
  now: Date = new Date(),
) {
  return {
    title: news.title,
    description: `${messages.notificationDescription} ${news.title}`,
    profilesToNotify,
    urlLink: agentPaths.newsDetail(news.id),
    createdAt: now.toISOString(),
    expireAt: notificationExpiry(news.date),
  };
}

/**
 * The carousel checkbox is disabled when 3 other news are already in the carousel (spec §4);
 * a news item already in it can always leave it.
 */
export function sliderLocked(
  sliderIds: readonly (number | string)[],
  currentId: number | string | null,
  checked: boolean,
): boolean {
  if (checked) return false;
  const others = sliderIds.filter((id) => String(id) !== String(currentId ?? ''));
  return others.length >= NEWS_SLIDER_MAX;
}
