import { zodResolver } from '@hookform/resolvers/zod';
import { listProfilesQuery } from '@portal/api/administration';
import { uploadLibraryFileUpload } from '@portal/api/generated/uploads';
import { ApiError } from '@portal/api/hydra';
import {
  invalidateLibrary,
  uploadLibraryFile,
  useCreateFolder,
  useDeleteFolder,
  useDeleteLibraryFile,
  useEditFolder,
  useEditLibraryFile,
  type Folder,
  type LibraryFile,
  type LibraryType,
  parentFolderId,
} from '@portal/api/library';
import { createNotification } from '@portal/api/notifications';
import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Checkbox } from '@portal/ui/checkbox';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { FormDialog } from '@portal/ui/form-dialog';
import { UploadIcon } from '@portal/ui/glyphs';
import { SelectField } from '@portal/ui/select-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { folderChain, libraryPaths } from './library-paths';
import { messages } from './messages';

export type LibraryDialog =
  | { kind: 'addFolder' }
  | { kind: 'editFolder'; folder: Folder }
  | { kind: 'deleteFolder'; folder: Folder }
  | { kind: 'editFile'; file: LibraryFile }
  | { kind: 'deleteFile'; file: LibraryFile }
  | { kind: 'upload'; folder: Folder };

export type LibraryDialogsProps = {
  type: LibraryType;
  dialog: LibraryDialog | null;
  /** Every folder of the library (the move targets). */
  folders: Folder[];
  /** The folder shown, where new folders go. */
  current: Folder | undefined;
  onClose: () => void;
  /** A folder or file was deleted (its entry, and the button that opened the dialog, go). */
  onDeleted?: (dialog: Extract<LibraryDialog, { kind: 'deleteFolder' | 'deleteFile' }>) => void;
};

/** A 422 says what is wrong in the spec's words; anything else gets the spec's prefix. */
const failureOf = (error: Error) =>
  error instanceof ApiError && error.status === 422 ? error.message : messages.error(error.message);

/** Folder choices, each shown with its path ('Réglementaire / Directives'). */
function folderOptions(folders: Folder[]) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (folder: Folder) =>
    folderChain(byId, folder)
      .map((f) => f.name)
      .join(' / ');
  return folders
    .map((f) => ({ value: String(f.id), label: pathOf(f) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/** The editors' dialogs of a library page, one open at a time. */
export function LibraryDialogs({
  type,
  dialog,
  folders,
  current,
  onClose,
  onDeleted,
}: LibraryDialogsProps) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'addFolder':
    case 'editFolder':
      return (
        <FolderDialog
          key={dialog.kind === 'editFolder' ? dialog.folder.id : 'new'}
          type={type}
          folder={dialog.kind === 'editFolder' ? dialog.folder : null}
          parent={current}
          folders={folders}
          onClose={onClose}
        />
      );
    case 'editFile':
      return <FileDialog file={dialog.file} folders={folders} onClose={onClose} />;
    case 'deleteFolder':
    case 'deleteFile':
      return (
        <DeleteDialog dialog={dialog} onClose={onClose} onDeleted={() => onDeleted?.(dialog)} />
      );
    case 'upload':
      return <UploadDialog type={type} folder={dialog.folder} onClose={onClose} />;
  }
}

const NAME_MAX = 255;
/** A required name of at most 255 characters (folders and files). */
const nameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, messages.required),
    z.maxLength(NAME_MAX, messages.tooLong(NAME_MAX)),
  );
// Strings only: the forms of pages agents may reach keep to them (docs/budgets.md).
const folderSchema = z.object({ name: nameSchema, parentId: z.string() });
type FolderValues = z.output<typeof folderSchema>;

function FolderDialog({
  type,
  folder,
  parent,
  folders,
  onClose,
}: {
  type: LibraryType;
  folder: Folder | null;
  parent: Folder | undefined;
  folders: Folder[];
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FolderValues>({
    resolver: zodResolver(folderSchema),
    defaultValues: {
      name: folder?.name ?? '',
      parentId: String(folder ? (parentFolderId(folder) ?? '') : ''),
    },
  });
  const [failure, setFailure] = useState<string>();
  const done = (message: string) => {
    showSnackbar(message, 'success');
    onClose();
  };
  const onError = (error: Error) => setFailure(failureOf(error));
  const create = useCreateFolder({ onSuccess: () => done(messages.folderCreated), onError });
  const edit = useEditFolder({ onSuccess: () => done(messages.saved), onError });
  const submit = handleSubmit(({ name, parentId }) => {
    setFailure(undefined);
    if (folder)
      // The spec's `?name&path`: an empty path is the library's root.
      edit.mutate({ id: folder.id, query: { name, path: parentId } });
    else create.mutate({ name, type, parentFolder: parent?.id ?? null });
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      title={folder ? messages.editFolderTitle : messages.addFolder}
      submitLabel={messages.save}
      cancelLabel={messages.cancel}
      pending={create.isPending || edit.isPending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <TextField
        label={messages.folderName}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      {folder && (
        <SelectField
          label={messages.parentFolder}
          placeholder={messages.root}
          options={folderOptions(folders)}
          {...register('parentId')}
        />
      )}
    </FormDialog>
  );
}

const fileSchema = z.object({ name: nameSchema, folderId: z.string() });
type FileValues = z.output<typeof fileSchema>;

function FileDialog({
  file,
  folders,
  onClose,
}: {
  file: LibraryFile;
  folders: Folder[];
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FileValues>({
    resolver: zodResolver(fileSchema),
    defaultValues: { name: file.displayName, folderId: String(file.folder) },
  });
  const [failure, setFailure] = useState<string>();
  const edit = useEditLibraryFile({
    onSuccess: () => {
      showSnackbar(messages.saved, 'success');
      onClose();
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const submit = handleSubmit(({ name, folderId }) => {
    setFailure(undefined);
    edit.mutate({ id: file.id, query: { name, path: folderId } });
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      title={messages.editFileTitle}
      submitLabel={messages.save}
      cancelLabel={messages.cancel}
      pending={edit.isPending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <TextField
        label={messages.fileName}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label={messages.fileFolder}
        options={folderOptions(folders)}
        {...register('folderId')}
      />
    </FormDialog>
  );
}

function DeleteDialog({
  dialog,
  onClose,
  onDeleted,
}: {
  dialog: Extract<LibraryDialog, { kind: 'deleteFolder' | 'deleteFile' }>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [failure, setFailure] = useState<string>();
  const callbacks = {
    onSuccess: () => {
      showSnackbar(messages.deleted, 'success');
      onDeleted();
      onClose();
    },
    onError: (error: Error) => setFailure(messages.error(error.message)),
  };
  const deleteFolder = useDeleteFolder(callbacks);
  const deleteFile = useDeleteLibraryFile(callbacks);
  const isFolder = dialog.kind === 'deleteFolder';
  return (
    <ConfirmDialog
      open
      destructive
      onClose={onClose}
      onConfirm={() =>
        isFolder ? deleteFolder.mutate(dialog.folder.id) : deleteFile.mutate(dialog.file.id)
      }
      title={isFolder ? messages.deleteFolderTitle : messages.deleteFileTitle}
      message={
        isFolder
          ? messages.deleteFolderMessage(dialog.folder.name)
          : messages.deleteFileMessage(dialog.file.displayName)
      }
      confirmLabel={messages.delete}
      cancelLabel={messages.cancel}
      pending={deleteFolder.isPending || deleteFile.isPending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    />
  );
}

type Sending = { name: string; ratio: number; error?: string };

const uploadSchema = z.object({
  files: z.custom<File[]>(
    (value) => Array.isArray(value) && value.length > 0,
    messages.filesRequired,
  ),
  notified: z.custom<string[]>((value) => Array.isArray(value)),
});
type UploadValues = z.output<typeof uploadSchema>;

/** Sends the chosen files one by one (each with its own progress), then the notification. */
function UploadDialog({
  type,
  folder,
  onClose,
}: {
  type: LibraryType;
  folder: Folder;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  // The spec's upload names the uploader (`person`), the caller himself.
  const person = session ? `/users/${session.id}` : undefined;
  const inputId = useId();
  const profiles = useQuery(listProfilesQuery({ type: 'Mandataire' }));
  const {
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<UploadValues>({
    resolver: zodResolver(uploadSchema),
    defaultValues: { files: [], notified: [] },
  });
  // `watch`, not `useWatch`: the latter would grow the agent's sign-in route (docs/budgets.md).
  // eslint-disable-next-line react-hooks/incompatible-library -- `watch`, not `useWatch` (docs/budgets.md)
  const notified = watch('notified');
  const chosen = watch('files');
  const [sending, setSending] = useState<Sending[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const pending = sending !== null && sending.some((s) => s.ratio < 1 && !s.error);
  const filesError = errors.files?.message;

  const send = async ({ files: chosen, notified: profilesToNotify }: UploadValues) => {
    setFailure(undefined);
    const progress: Sending[] = chosen.map((file) => ({ name: file.name, ratio: 0 }));
    setSending([...progress]);
    const sent: LibraryFile[] = [];
    for (const [index, file] of chosen.entries()) {
      try {
        sent.push(
          await uploadLibraryFile(folder, file, person, (ratio) => {
            progress[index] = { ...progress[index]!, ratio };
            setSending([...progress]);
          }),
        );
        progress[index] = { ...progress[index]!, ratio: 1 };
      } catch (error) {
        progress[index] = { ...progress[index]!, error: failureOf(error as Error) };
      }
      setSending([...progress]);
    }
    await invalidateLibrary(queryClient);
    if (sent.length > 0 && profilesToNotify.length > 0) {
      const expireAt = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const notifiedOk = await createNotification({
        title: messages.notifyTitle(sent.length > 1 ? folder.name : sent[0]!.displayName),
        description: messages.notifyDescription(
          sent.map((f) => f.displayName),
          folder.name,
        ),
        profilesToNotify,
        urlLink: libraryPaths(type).folder(folder.id),
        expireAt,
      }).then(
        () => true,
        (error: Error) => {
          setFailure(messages.notifyFailed(error.message));
          return false;
        },
      );
      if (!notifiedOk) return;
    }
    // Every file sent (and announced): done. Otherwise the dialog stays, saying what failed.
    if (sent.length === chosen.length) {
      showSnackbar(messages.uploaded, 'success');
      onClose();
    }
  };
  const submit = handleSubmit(send);

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      title={messages.uploadTitle}
      description={folder.name}
      submitLabel={messages.uploadSubmit}
      cancelLabel={messages.cancel}
      pending={pending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <div className="space-y-1">
        <p id={`${inputId}-label`} className="block text-sm font-medium text-ink">
          {messages.uploadFiles}
        </p>
        {/* The native control would show the browser's 'Choose Files': it stays focusable
            (Enter or Space opens the chooser) behind a French button, as the kit's FileField. */}
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={inputId}
            type="file"
            multiple
            accept={uploadLibraryFileUpload.accept.file}
            aria-labelledby={`${inputId}-label`}
            aria-invalid={filesError ? true : undefined}
            aria-describedby={`${inputId}-chosen ${inputId}-hint${filesError ? ` ${inputId}-error` : ''}`}
            onChange={(event) => {
              setValue('files', [...(event.target.files ?? [])], { shouldValidate: isSubmitted });
              setSending(null);
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-surface px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-brand-50"
          >
            <UploadIcon className="size-4" />
            {messages.chooseFiles}
          </label>
          <span id={`${inputId}-chosen`} className="min-w-0 text-sm break-words text-ink">
            {chosen.length > 0 ? chosen.map((file) => file.name).join(', ') : messages.noFileChosen}
          </span>
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-muted">
          {messages.uploadHint}
        </p>
        {filesError && (
          <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
            {filesError}
          </p>
        )}
      </div>
      {sending && (
        <ul className="space-y-2">
          {sending.map((s, i) => (
            <li key={i} className="text-sm">
              <span className="block">{s.name}</span>
              {s.error ? (
                <span className="text-danger">{s.error}</span>
              ) : (
                <progress
                  aria-label={messages.uploadProgress(s.name)}
                  max={1}
                  value={s.ratio}
                  className="w-full"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-ink">{messages.notify}</legend>
        {(profiles.data?.['hydra:member'] ?? []).map((profile) => (
          <Checkbox
            key={profile.id}
            label={profile.title}
            checked={notified.includes(profile['@id'])}
            onChange={(event) =>
              setValue(
                'notified',
                event.target.checked
                  ? [...notified, profile['@id']]
                  : notified.filter((id) => id !== profile['@id']),
              )
            }
          />
        ))}
      </fieldset>
    </FormDialog>
  );
}
