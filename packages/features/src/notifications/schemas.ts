import { limits } from '@portal/api/limits';
import * as z from 'zod/mini';
import { messages } from './messages';

/**
 * A notification's link (spec §5: 'Ce champ doit être une URL valide'): empty, an absolute
 * http(s) URL, or a path of the app starting with '/' (as the backend accepts).
 */
export function isValidLink(value: string): boolean {
  const link = value.trim();
  if (link === '') return true;
  if (link.startsWith('/'))
    return !link.startsWith('//') && !link.includes('\\') && !/\s/.test(link);
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const requiredText = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong(max)));

/** Today as 'YYYY-MM-DD', local time (the date field's value form). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const common = {
  title: requiredText(limits.notificationTitle),
  description: requiredText(limits.notificationDescription),
  urlLink: z.string().check(z.refine(isValidLink, messages.invalidUrl)),
  /** 'YYYY-MM-DD' from the date field; empty: never expires; never before today. */
  expireAt: z
    .string()
    .check(z.refine((day) => day === '' || day >= today(), messages.expiryInPast)),
};

/** Creation: title, description and at least one Mandataire profile (IRIs) are required. */
export const notificationCreateSchema = z.object({
  ...common,
  profilesToNotify: z.array(z.string()).check(z.minLength(1, messages.required)),
});

/** Update (`PATCH /notifications/{id}`): the same without profilesToNotify. */
export const notificationUpdateSchema = z.object({
  ...common,
  profilesToNotify: z.array(z.string()),
});

export type NotificationValues = z.infer<typeof notificationCreateSchema>;

/** The date field's value as the end of that day, local time, in ISO form; null when empty. */
export function expiryToIso(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59).toISOString();
}

/** An ISO date-time as the date field's 'YYYY-MM-DD' (local day); '' when missing. */
export function isoToDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** New notifications expire 7 days from today by default (the news notification rule). */
export function defaultExpiry(today: Date = new Date()): string {
  const later = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7);
  return isoToDay(later.toISOString());
}

/** The body of `POST /notifications` / `PATCH /notifications/{id}` from the form. */
export function notificationBody(values: NotificationValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    urlLink: values.urlLink.trim() || null,
    expireAt: expiryToIso(values.expireAt),
  };
}
