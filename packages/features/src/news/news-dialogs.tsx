import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { TextField } from '@portal/ui/text-field';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
    <Dialog
      open={news !== null}
      onClose={close}
      title={messages.deleteTitle}
      description={news ? messages.deleteConfirm(news.title) : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {messages.cancel}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={async () => {
              if (!news) return;
              setBusy(true);
              setError(null);
              try {
                await onConfirm(news);
                close();
              } catch (failure) {
                setError(messages.error((failure as Error).message));
              } finally {
                setBusy(false);
              }
            }}
          >
            {messages.delete}
          </Button>
        </>
      }
    >
      {error && <Alert variant="error">{error}</Alert>}
    </Dialog>
  );
}

export type DuplicateNewsDialogProps = {
  news: NewsItem | null;
  onClose: () => void;
  onConfirm: (news: NewsItem, values: DuplicateValues) => Promise<void>;
};

/** Duplicate: asks the copy's title and date (both required); the copy is not displayed. */
export function DuplicateNewsDialog({ news, onClose, onConfirm }: DuplicateNewsDialogProps) {
  return (
    <Dialog open={news !== null} onClose={onClose} title={messages.duplicateTitle}>
      {news && <DuplicateForm key={news.id} news={news} onClose={onClose} onConfirm={onConfirm} />}
    </Dialog>
  );
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
    <form
      noValidate
      onSubmit={submit}
      aria-label={messages.duplicateTitle}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">{messages.duplicateHint}</p>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={messages.fieldTitle}
        required
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label={messages.fieldDate}
        type="date"
        required
        error={errors.date?.message}
        {...register('date')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {messages.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {messages.duplicateSubmit}
        </Button>
      </div>
    </form>
  );
}
