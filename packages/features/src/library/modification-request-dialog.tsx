import {
  listLibraryFilesQuery,
  useCreateDocumentModificationRequest,
  useUpdateDocumentModificationRequest,
  type DocumentModificationRequest,
  type LibraryType,
  type ModificationRequestStatus,
} from '@portal/api/library';
import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Dialog } from '@portal/ui/dialog';
import { FormDialog } from '@portal/ui/form-dialog';
import { RichTextEditor } from '@portal/ui/rich-text-editor';
import { SafeHtml } from '@portal/ui/safe-html';
import { SelectField } from '@portal/ui/select-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { requestMessages as messages } from './messages';

export type ModificationRequestDialogProps = {
  /** The request opened; null creates one. */
  request: DocumentModificationRequest | null;
  /** Staff handling requests: status and comment, and saving an existing request. */
  canHandle: boolean;
  onClose: () => void;
};

const VIEW_COMPONENTS: [LibraryType, string][] = [
  ['bibliotheque', 'library_page'],
  ['trainers-club', 'trainers_club_documentation_page'],
  ['rac', 'rac_documentation_page'],
  ['responsable-pole', 'responsable_pole_documentation_page'],
];

/** The documents of the libraries the user may read, for the picker. */
function useDocuments() {
  const held = useSession()?.components ?? [];
  const lists = useQueries({
    queries: VIEW_COMPONENTS.filter(([, component]) => held.includes(component)).map(([type]) =>
      listLibraryFilesQuery(type),
    ),
  });
  return lists
    .flatMap((list) => list.data?.['hydra:member'] ?? [])
    .map((file) => ({ value: file['@id'], label: file.displayName }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';

/**
 * 'Créer une Demande de Modification' (title, rich description, document: all required) and
 * the opened request: staff change its status and comment (255 at most); anyone else sees it
 * read-only, without a save button.
 */
export function ModificationRequestDialog({
  request,
  canHandle,
  onClose,
}: ModificationRequestDialogProps) {
  const documents = useDocuments();
  const [title, setTitle] = useState(request?.title ?? '');
  const [description, setDescription] = useState(request?.description ?? '');
  const [document, setDocument] = useState(request?.mediaObject['@id'] ?? '');
  const [status, setStatus] = useState<ModificationRequestStatus>(request?.status ?? 'en étude');
  const [comment, setComment] = useState(request?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const onError = (error: Error) => setFailure(messages.error(error.message));
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

  if (request && !canHandle)
    return (
      <Dialog open onClose={onClose} title={messages.dialogTitle} closeLabel={messages.cancel}>
        <div className="space-y-3">
          <TextField label={messages.requestTitle} value={request.title} disabled readOnly />
          <div>
            <p className="text-sm font-medium">{messages.description}</p>
            <SafeHtml html={request.description} className="rounded border border-ink/10 p-2" />
          </div>
          <TextField
            label={messages.document}
            value={request.mediaObject.displayName}
            disabled
            readOnly
          />
          <TextField label={messages.status} value={request.status} disabled readOnly />
          <TextField label={messages.comment} value={request.comment ?? ''} disabled readOnly />
        </div>
      </Dialog>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim() === '') found.title = messages.required;
    if (!hasText(description)) found.description = messages.required;
    if (document === '') found.mediaObject = messages.required;
    if ([...comment].length > 255) found.comment = messages.commentTooLong;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(undefined);
    if (request)
      update.mutate({
        id: request.id,
        body: { title, description, status, comment: comment === '' ? null : comment },
      });
    else create.mutate({ title, description, mediaObject: document });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={request ? messages.dialogTitle : messages.create}
      submitLabel={messages.save}
      cancelLabel={messages.cancel}
      pending={create.isPending || update.isPending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <TextField
        label={messages.requestTitle}
        required
        maxLength={255}
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <RichTextEditor
        label={messages.description}
        required
        value={description}
        error={errors.description}
        onChange={setDescription}
      />
      <SelectField
        label={messages.document}
        required
        disabled={request !== null}
        placeholder={messages.chooseDocument}
        value={document}
        error={errors.mediaObject}
        onChange={(event) => setDocument(event.target.value)}
        options={
          request && !documents.some((d) => d.value === document)
            ? [...documents, { value: document, label: request.mediaObject.displayName }]
            : documents
        }
      />
      {request && (
        <>
          <SelectField
            label={messages.status}
            value={status}
            onChange={(event) => setStatus(event.target.value as ModificationRequestStatus)}
            options={messages.statuses.map((s) => ({ value: s, label: s }))}
          />
          <TextField
            label={messages.comment}
            maxLength={255}
            value={comment}
            error={errors.comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </>
      )}
    </FormDialog>
  );
}
