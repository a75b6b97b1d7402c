import { zodResolver } from '@hookform/resolvers/zod';
import { useCreateAgentRequest } from '@portal/api/account';
import { createAgentRequestUpload } from '@portal/api/generated/uploads';
import { limits } from '@portal/api/limits';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { FileField } from '@portal/ui/file-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { failureOf } from './account-forms';
import { InfoCard } from '../common';
import { messages } from './messages';
import { type SupportRequestValues, supportRequestSchema } from './schemas';

/** Types the backend accepts (it reads them from the content); the file input's `accept`. */
export const ATTACHMENT_ACCEPT = createAgentRequestUpload.accept.file;
/** The largest attachment the backend takes; checked here first to spare the upload. */
export const ATTACHMENT_MAX_SIZE = createAgentRequestUpload.maxBytes;

/**
 * The support request (spec §5): title, message and one optional attachment, sent to
 * `POST /agent_request`. Typed values stay in place when sending fails.
 */
export function SupportRequestForm({ onSent }: { onSent?: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<SupportRequestValues>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { title: '', content: '' },
  });
  const { errors } = form.formState;
  const send = useCreateAgentRequest({
    onSuccess: () => {
      form.reset();
      setFile(null);
      showSnackbar(messages.requestSent, 'success');
      onSent?.();
    },
    onError: (error) =>
      setFailure(failureOf(error, form, ['title', 'content'], { file: setFileError })),
    onSettled: () => setProgress(null),
  });
  const onSubmit = form.handleSubmit((values) => {
    setFailure('');
    send.mutate({
      ...values,
      file,
      onProgress: (ratio) => setProgress(Math.round(ratio * 100)),
    });
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <TextField
        label={messages.requestTitle}
        required
        autoComplete="off"
        maxLength={limits.agentRequestTitle}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-content`} className="text-sm font-medium text-ink">
          {messages.requestContent}
        </label>
        <textarea
          id={`${id}-content`}
          rows={5}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id}-content-error` : undefined}
          className={`w-full rounded-lg border bg-surface px-3 py-2 text-ink ${errors.content ? 'border-danger' : 'border-muted'}`}
          {...form.register('content')}
        />
        {errors.content && (
          <p id={`${id}-content-error`} className="text-sm text-danger">
            {errors.content.message}
          </p>
        )}
      </div>
      <FileField
        label={messages.attachment}
        hint={messages.attachmentHint}
        value={file}
        accept={ATTACHMENT_ACCEPT}
        onChange={(chosen) => {
          setFileError(chosen && chosen.size > ATTACHMENT_MAX_SIZE ? messages.fileTooLarge : '');
          setFile(chosen && chosen.size > ATTACHMENT_MAX_SIZE ? null : chosen);
        }}
        error={fileError || undefined}
        chooseLabel="Choisir un fichier"
        removeLabel={messages.removeAttachment}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={send.isPending}>
          {messages.send}
        </Button>
        {progress !== null && file && (
          <span role="status" className="text-sm text-muted">
            {messages.sending(progress)}
          </span>
        )}
      </div>
      {failure && <Alert variant="error">{failure}</Alert>}
    </form>
  );
}

/**
 * The support request in its card, as the account edit page and the agent's help page
 * (`/support`) show it: 'Demande d'assistance', its intro and the form.
 */
export function SupportRequestCard({ id, onSent }: { id: string; onSent?: () => void }) {
  return (
    <InfoCard id={id} title={messages.supportTitle} intro={messages.supportIntro}>
      <SupportRequestForm onSent={onSent} />
    </InfoCard>
  );
}
