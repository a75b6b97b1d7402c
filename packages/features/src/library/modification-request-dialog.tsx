import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, violationsByField } from '@portal/api/hydra';
import {
  useCreateDocumentModificationRequest,
  useUpdateDocumentModificationRequest,
  type DocumentModificationRequest,
  type ModificationRequestStatus,
} from '@portal/api/library';
import {
  RequestDialog,
  type RequestDialogField,
  type RequestDialogValues,
} from '@portal/ui/request-dialog';
import { showSnackbar } from '@portal/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { DocumentPicker, useDocumentOptions } from './document-picker';
import { requestMessages as messages } from './messages';

export type ModificationRequestDialogProps = {
  /** The request opened; null creates one. */
  request: DocumentModificationRequest | null;
  /** Staff handling requests: status and comment, and saving an existing request. */
  canHandle: boolean;
  onClose: () => void;
};

const TITLE_MAX = 255;
const COMMENT_MAX = 255;
const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';
const isStatus = (value: unknown): value is ModificationRequestStatus =>
  messages.statuses.some((status) => status === value);

// Strings and checks only: the agent portal's forms keep to them (docs/budgets.md).
const formSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(TITLE_MAX, messages.tooLong(TITLE_MAX)),
    ),
  description: z.string().check(z.refine(hasText, messages.required)),
  document: z.string().check(z.minLength(1, messages.required)),
  status: z.custom<ModificationRequestStatus>(isStatus),
  // Counted in characters, as the backend counts them (an emoji is one).
  comment: z
    .string()
    .check(z.refine((value) => [...value].length <= COMMENT_MAX, messages.commentTooLong)),
});
type FormValues = z.output<typeof formSchema>;

/** The server's violation paths, as the dialog names its fields. */
const FIELD_OF: Record<string, RequestDialogField> = {
  title: 'title',
  description: 'description',
  mediaObject: 'document',
  comment: 'comment',
};

const LABELS = {
  title: messages.requestTitle,
  description: messages.description,
  document: messages.document,
  chooseDocument: messages.chooseDocument,
  status: messages.status,
  comment: messages.comment,
  save: messages.save,
  cancel: messages.cancel,
};

/**
 * 'Créer une Demande de Modification' (title, rich description, document: all required) and
 * the opened request: staff change its status and comment (255 at most); anyone else sees it
 * read-only, without a save button. A failed save keeps everything typed.
 */
export function ModificationRequestDialog({
  request,
  canHandle,
  onClose,
}: ModificationRequestDialogProps) {
  const mode = request === null ? 'create' : canHandle ? 'handle' : 'view';
  const documents = useDocumentOptions(mode === 'create');
  const [failure, setFailure] = useState<string>();
  const {
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: request?.title ?? '',
      description: request?.description ?? '',
      document: request?.mediaObject['@id'] ?? '',
      status: request?.status ?? 'en étude',
      comment: request?.comment ?? '',
    },
  });
  // `watch`, not `useWatch`: the latter would grow the sign-in route (docs/budgets.md).
  // eslint-disable-next-line react-hooks/incompatible-library -- `watch`, not `useWatch` (docs/budgets.md)
  const values = watch();
  const onError = (error: Error) => {
    setFailure(messages.error(error.message));
    if (error instanceof ApiError)
      for (const [path, message] of Object.entries(violationsByField(error.body))) {
        const field = FIELD_OF[path];
        if (field) setError(field, { message });
      }
  };
  const create = useCreateDocumentModificationRequest({
    onSuccess: () => {
      showSnackbar(messages.sent, 'success');
      onClose();
    },
    onError,
  });
  const update = useUpdateDocumentModificationRequest({
    onSuccess: () => {
      showSnackbar(messages.updated, 'success');
      onClose();
    },
    onError,
  });

  const submit = handleSubmit((form) => {
    setFailure(undefined);
    if (request)
      update.mutate({
        id: request.id,
        body: {
          title: form.title,
          description: form.description,
          status: form.status,
          comment: form.comment === '' ? null : form.comment,
        },
      });
    else
      create.mutate({
        title: form.title,
        description: form.description,
        mediaObject: form.document,
      });
  });

  const shown: RequestDialogValues = {
    title: values.title ?? '',
    description: values.description ?? '',
    document: values.document ?? '',
    status: values.status ?? 'en étude',
    comment: values.comment ?? '',
  };
  return (
    <RequestDialog
      mode={mode}
      heading={request ? messages.dialogTitle : messages.create}
      labels={LABELS}
      values={shown}
      errors={{
        title: errors.title?.message,
        description: errors.description?.message,
        document: errors.document?.message,
        comment: errors.comment?.message,
      }}
      documents={
        request
          ? [{ value: request.mediaObject['@id'], label: request.mediaObject.displayName }]
          : []
      }
      documentPicker={
        <DocumentPicker
          label={messages.document}
          options={documents}
          value={documents.find((option) => option.iri === shown.document) ?? null}
          onChange={(option) =>
            setValue('document', option?.iri ?? '', { shouldValidate: isSubmitted })
          }
          error={errors.document?.message}
        />
      }
      statuses={messages.statuses}
      commentMax={COMMENT_MAX}
      // Checked again as the user corrects a field, once a save was tried.
      onChange={(field, value) => setValue(field, value, { shouldValidate: isSubmitted })}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      failure={failure}
    />
  );
}
