import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { ImageBankPicker } from '../pictures';
import { Checkbox } from '@portal/ui/checkbox';
import { FormDateField, DraftNotice } from '../common';
import { clearDraft, draftDiffers, readDraft, writeDraft } from './draft';
import { messages } from './messages';
import { newsFormSchema, type NewsFormValues, sliderLocked } from './schemas';

// TipTap + ProseMirror: loaded only when a news form opens (never in an initial bundle).
const RichTextEditor = /* @__PURE__ */ lazy(() => import('@portal/ui/rich-text-editor'));

export type ProfileOption = { iri: string; title: string };

export type NewsFormProps = {
  /** null for a new news item. */
  newsId: number | null;
  initial: NewsFormValues;
  /** Ids of the news in the carousel now (this one included when it is). */
  sliderIds: readonly number[];
  /** Mandataire profiles a notification can go to. */
  profiles: readonly ProfileOption[];
  /** Saves; throws on failure (the values and the draft stay). */
  onSubmit: (values: NewsFormValues) => Promise<void>;
  onCancel: () => void;
  /** sessionStorage key of the draft. */
  draftKey: string;
};

/** Server field → form field, for 422 violations. */
const FIELD_OF: Record<string, FieldPath<NewsFormValues>> = {
  title: 'title',
  date: 'date',
  content: 'content',
  imageBank: 'image',
  sliderDisplayed: 'sliderDisplayed',
  profilesToNotify: 'profilesToNotify',
};

/**
 * The news create/edit form: title, date, rich content, image from the image bank, the
 * displayed / popup / carousel flags, the profiles to notify and the notification box. What
 * is typed survives a failed save (the values stay) and a closed tab (a sessionStorage draft).
 */
export function NewsForm({
  newsId,
  initial,
  sliderIds,
  profiles,
  onSubmit,
  onCancel,
  draftKey,
}: NewsFormProps) {
  const [restored] = useState(() => {
    const draft = readDraft(draftKey);
    return draft && draftDiffers(draft, initial) ? draft : null;
  });
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [error, setError] = useState<string | null>(null);
  const profilesId = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<NewsFormValues>({
    resolver: zodResolver(newsFormSchema),
    defaultValues: restored ?? initial,
  });

  // Every change is kept in the tab's sessionStorage until the news is saved.
  const values = useWatch({ control });
  useEffect(() => {
    writeDraft(draftKey, values as NewsFormValues);
  }, [values, draftKey]);

  const slider = values.sliderDisplayed ?? false;
  const notify = values.notify ?? false;
  const locked = sliderLocked(sliderIds, newsId, slider);

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
      clearDraft(draftKey);
    } catch (failure) {
      const message = (failure as Error).message;
      setError(messages.error(message));
      if (failure instanceof ApiError) {
        for (const [path, text] of Object.entries(violationsByField(failure.body))) {
          const field = FIELD_OF[path];
          if (field) setFieldError(field, { message: text });
        }
      }
      // The draft was written on each change: nothing typed is lost.
      writeDraft(draftKey, values);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-6">
      {showRestored && (
        <DraftNotice
          message={messages.draftRestored}
          discardLabel={messages.discardDraft}
          onDiscard={() => {
            clearDraft(draftKey);
            reset(initial);
            setShowRestored(false);
          }}
        />
      )}
      {error && (
        <Alert variant="error" role="alert">
          {error}
        </Alert>
      )}
      <div className="grid gap-4 rounded-card bg-surface p-6 shadow-sm md:grid-cols-[2fr_1fr]">
        <TextField
          label={messages.fieldTitle}
          required
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <FormDateField control={control} name="date" label={messages.fieldDate} required />
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted md:col-span-2">
                  {messages.editorLoading}
                </p>
              }
            >
              <RichTextEditor
                className="md:col-span-2"
                label={messages.fieldContent}
                hint={messages.fieldContentHint}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.content?.message}
              />
            </Suspense>
          )}
        />
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageBankPicker
              className="md:col-span-2"
              label={messages.fieldImage}
              required
              value={field.value}
              onChange={(item) => field.onChange(item)}
              error={errors.image?.message}
            />
          )}
        />
      </div>

      <fieldset className="grid gap-3 rounded-card bg-surface p-6 shadow-sm">
        <legend className="sr-only">{messages.flagsLegend}</legend>
        <Checkbox label={messages.fieldDisplayed} {...register('displayed')} />
        <Checkbox label={messages.fieldPopup} {...register('hasPopup')} />
        {/* A Controller, not register(): a disabled input must still give its value (false). */}
        <Controller
          control={control}
          name="sliderDisplayed"
          render={({ field }) => (
            <Checkbox
              label={messages.fieldSlider}
              disabled={locked}
              hint={locked ? messages.sliderFull : undefined}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          )}
        />
        {errors.sliderDisplayed?.message && (
          <p className="text-sm font-medium text-danger">{errors.sliderDisplayed.message}</p>
        )}
      </fieldset>

      <fieldset
        aria-describedby={errors.profilesToNotify ? `${profilesId}-error` : undefined}
        className="grid gap-3 rounded-card bg-surface p-6 shadow-sm"
      >
        <legend className="float-left mb-1 text-sm font-semibold text-ink">
          {messages.fieldProfiles}
        </legend>
        <Controller
          control={control}
          name="profilesToNotify"
          render={({ field }) => (
            <div className="clear-left flex flex-wrap gap-x-6 gap-y-2">
              {profiles.map((profile) => (
                <Checkbox
                  key={profile.iri}
                  label={profile.title}
                  name={field.name}
                  value={profile.iri}
                  checked={field.value.includes(profile.iri)}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, profile.iri]
                        : field.value.filter((iri) => iri !== profile.iri),
                    )
                  }
                />
              ))}
            </div>
          )}
        />
        <Checkbox
          label={messages.fieldNotify}
          hint={notify ? messages.fieldNotifyHint : undefined}
          {...register('notify')}
        />
        {errors.profilesToNotify?.message && (
          <p id={`${profilesId}-error`} className="text-sm font-medium text-danger">
            {errors.profilesToNotify.message}
          </p>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {messages.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {messages.save}
        </Button>
      </div>
    </form>
  );
}
