import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@portal/ui/alert';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { FormDialog } from '@portal/ui/form-dialog';
import { TextField } from '@portal/ui/text-field';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../common';
import { messages } from './messages';
import type { NewsItem } from './news-item';
import { duplicateSchema, type DuplicateValues } from './schemas';

export type DeleteNewsDialogProps = {
  news: NewsItem | null;
  onClose: () => void;
  onConfirm: (news: NewsItem) => Promise<void>;
};

/** Confirmation before a news item is deleted; the error stays in the dialog. */
export function DeleteNewsDialog({ news, onClose, onConfirm }: DeleteNewsDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={news !== null}
      onClose={close}
      title={messages.deleteTitle}
      message={news ? messages.deleteConfirm(news.title) : undefined}
      confirmLabel={messages.delete}
      cancelLabel={messages.cancel}
      destructive
      pending={busy}
      error={error && <Alert variant="error">{error}</Alert>}
      onConfirm={async () => {
        if (!news) return;
        setBusy(true);
        setError(null);
        try {
          await onConfirm(news);
          setBusy(false);
          close();
        } catch (failure) {
          setError(messages.error((failure as Error).message));
          setBusy(false);
        }
      }}
    />
  );
}

export type DuplicateNewsDialogProps = {
  news: NewsItem | null;
  onClose: () => void;
  onConfirm: (news: NewsItem, values: DuplicateValues) => Promise<void>;
};

/** Duplicate: asks the copy's title and date (both required); the copy is not displayed. */
export function DuplicateNewsDialog({ news, onClose, onConfirm }: DuplicateNewsDialogProps) {
  // Keyed by the item: each opening starts from that item's title and date.
  return news ? (
    <DuplicateForm key={news.id} news={news} onClose={onClose} onConfirm={onConfirm} />
  ) : null;
}

function DuplicateForm({
  news,
  onClose,
  onConfirm,
}: {
  news: NewsItem;
  onClose: () => void;
  onConfirm: DuplicateNewsDialogProps['onConfirm'];
}) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DuplicateValues>({
    resolver: zodResolver(duplicateSchema),
    defaultValues: { title: news.title, date: news.date.slice(0, 10) },
  });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onConfirm(news, values);
      onClose();
    } catch (failure) {
      setError(messages.error((failure as Error).message));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      title={messages.duplicateTitle}
      description={messages.duplicateHint}
      submitLabel={messages.duplicateSubmit}
      cancelLabel={messages.cancel}
      pending={isSubmitting}
      error={error && <Alert variant="error">{error}</Alert>}
    >
      <TextField
        label={messages.fieldTitle}
        required
        error={errors.title?.message}
        {...register('title')}
      />
      <FormDateField control={control} name="date" label={messages.fieldDate} required />
    </FormDialog>
  );
}
