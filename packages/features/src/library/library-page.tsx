import {
  downloadFolder,
  downloadLibraryFile,
  invalidateLibrary,
  listFoldersQuery,
  listMediaObjectListsQuery,
  listMediaObjectsQuery,
  parentFolderId,
  searchLibraryFilesQuery,
  updateMediaObjectList,
  type Folder,
  type LibraryFile,
  type LibraryType,
} from '@portal/api/library';
import { limits } from '@portal/api/limits';
import { useHasComponent, useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Breadcrumbs } from '@portal/ui/breadcrumbs';
import { Button } from '@portal/ui/button';
import { saveFile } from '@portal/ui/export-button';
import { FileList, type FileListEntry } from '@portal/ui/file-list';
import { CopyIcon, PencilIcon, TrashIcon } from '@portal/ui/glyphs';
import { showSnackbar } from '@portal/ui/snackbar';
import { Spinner } from '@portal/ui/spinner';
import { TextField } from '@portal/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { ListScreen, RouterLink, urlFilter, useListScreen } from '../list-kit';
import { folderChain, LIBRARY_EDIT_COMPONENTS, libraryPaths } from './library-paths';
import { LibraryDialogs, type LibraryDialog } from './library-dialogs';
import { messages } from './messages';

export type LibraryPageProps = {
  type: LibraryType;
  /** The folder shown (`/library/{type}/{folderId}`); the library's root without it. */
  folderId?: string;
};

/**
 * The search (`q`, the contract's length) and, in a copied link, the file it names (`file`):
 * page state, kept by a search.
 */
const filterSchema = z.object({
  q: urlFilter.text(limits.librarySearch),
  file: urlFilter.id(),
});

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('fr-FR');

/** `[[word]]` marks of a search passage, shown as <mark>. */
function Headline({ text }: { text: string }) {
  const parts = text.split(/\[\[|\]\]/);
  return (
    <span className="text-muted">
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}
    </span>
  );
}

/**
 * The library's search: one box over the whole library (names and PDF text) and the spec's
 * 'Rechercher', nothing to reset or to fold away on a phone, hence not the kit's filter form.
 */
function LibrarySearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <TextField
        label={messages.search}
        hint={messages.searchHint}
        type="search"
        value={draft}
        maxLength={limits.librarySearch}
        onChange={(event) => setDraft(event.target.value)}
        className="min-w-64 flex-1"
      />
      <Button type="submit">{messages.searchButton}</Button>
    </form>
  );
}

/**
 * /library/{type}[/{folderId}]: breadcrumbs, folders then files of the folder, a search over
 * the whole library (names and PDF text), downloads, copied links and the recent marker; the
 * library's editors add, rename, move and delete. Its URL and frame are the list recipe's
 * (`useListScreen`, `ListScreen`); the folder's contents are a tree walked by links and read
 * whole (the API answers a library's folders and files in one page), not a paged, sorted grid.
 */
export function LibraryPage({ type, folderId }: LibraryPageProps) {
  const queryClient = useQueryClient();
  const folders = useQuery(listFoldersQuery(type));
  const files = useQuery(listMediaObjectsQuery(type));
  // The spec's read state: the caller's unread files of the last 7 days, by file.
  const unread = useQuery(listMediaObjectListsQuery(type, useSession()?.email ?? ''));
  const unreadEntries = useMemo(
    () =>
      new Map(
        (unread.data?.['hydra:member'] ?? []).map((entry) => [entry.mediaObject.id, entry.id]),
      ),
    [unread.data],
  );
  const canEdit = useHasComponent(LIBRARY_EDIT_COMPONENTS[type]);
  const list = useListScreen({ filters: filterSchema, grids: [], state: ['file'] });
  const { q } = list.filters;
  // A copied link names its file (`?file=`): that entry is marked in its folder.
  const linkedFile = Number(list.filters.file);
  const search = useQuery(searchLibraryFilesQuery(type, q));
  const [dialog, setDialog] = useState<LibraryDialog | null>(null);
  const paths = libraryPaths(type);

  const byId = useMemo(
    () => new Map((folders.data?.['hydra:member'] ?? []).map((f) => [f.id, f])),
    [folders.data],
  );
  // After a delete, its entry and the button that opened the dialog go once the list is read
  // again: focus then goes to the folder's contents rather than being lost to the page.
  const contentsRef = useRef<HTMLElement>(null);
  const deleted = useRef<Extract<LibraryDialog, { kind: 'deleteFolder' | 'deleteFile' }>>(null);
  useEffect(() => {
    const done = deleted.current;
    if (!done) return;
    const still =
      done.kind === 'deleteFolder'
        ? folders.data?.['hydra:member'].some((f) => f.id === done.folder.id)
        : files.data?.['hydra:member'].some((f) => f.id === done.file.id);
    if (still) return;
    deleted.current = null;
    if (!document.activeElement || document.activeElement === document.body)
      contentsRef.current?.focus();
  }, [folders.data, files.data]);
  const current = folderId === undefined ? undefined : byId.get(Number(folderId));
  const chain = folderChain(byId, current);

  if (folders.isPending || files.isPending)
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner /> {messages.loading}
      </p>
    );
  if (folders.isError || files.isError)
    return (
      <Alert variant="error">{messages.error((folders.error ?? files.error)?.message ?? '')}</Alert>
    );
  if (folderId !== undefined && !current) return <Alert variant="error">{messages.notFound}</Alert>;

  const allFolders = folders.data['hydra:member'];
  const allFiles = files.data['hydra:member'];
  const parentId = current?.id ?? null;
  const matches = (name: string) =>
    q === '' || name.toLocaleLowerCase('fr').includes(q.toLocaleLowerCase('fr'));
  const childFolders = allFolders.filter((f) => parentFolderId(f) === parentId && matches(f.name));
  const childFiles = current
    ? allFiles
        .filter((f) => f.folder === current.id && matches(f.displayName))
        .sort((a, b) => a.displayName.localeCompare(b.displayName, 'fr'))
    : [];

  const reportError = (error: unknown) =>
    showSnackbar(messages.error(error instanceof Error ? error.message : String(error)), 'error');

  /** Reading a file clears its recent marker (`PATCH /media_object_lists/{id}`). */
  const markRead = async (file: LibraryFile) => {
    const entry = unreadEntries.get(file.id);
    if (entry !== undefined) await updateMediaObjectList(entry).catch(() => undefined);
  };
  const openFile = async (file: LibraryFile) => {
    // Opened before the request, so the browser counts it as the user's click.
    const tab = window.open('', '_blank');
    try {
      const { blob, fileName } = await downloadLibraryFile(file.id, false);
      if (tab) tab.location.href = URL.createObjectURL(blob);
      else saveFile({ blob, fileName }, file.displayName);
      await markRead(file);
    } catch (error) {
      tab?.close();
      reportError(error);
    } finally {
      void invalidateLibrary(queryClient);
    }
  };
  const download = (file: LibraryFile) =>
    downloadLibraryFile(file.id, true)
      .then((answer) => saveFile(answer, file.displayName))
      .then(() => markRead(file))
      .catch(reportError)
      .finally(() => void invalidateLibrary(queryClient));
  const downloadZip = (folder: Folder) =>
    downloadFolder(folder.id)
      .then((answer) => saveFile(answer, `${folder.name}.zip`))
      .catch(reportError);
  const copyLink = (file: LibraryFile) =>
    navigator.clipboard
      .writeText(`${window.location.origin}${paths.folder(file.folder)}?file=${file.id}`)
      .then(() => showSnackbar(messages.linkCopied, 'success'))
      .catch(reportError);

  const iconButton = (label: string, icon: ReactNode, onClick: () => void) => (
    <Button size="sm" variant="ghost" aria-label={label} title={label} onClick={onClick}>
      {icon}
    </Button>
  );
  /** An entry's 'Modifier' and 'Supprimer', for the library's editors only. */
  const editButtons = (name: string, edit: LibraryDialog, remove: LibraryDialog) =>
    canEdit && (
      <>
        {iconButton(messages.editEntry(name), <PencilIcon className="size-4" />, () =>
          setDialog(edit),
        )}
        {iconButton(messages.deleteEntry(name), <TrashIcon className="size-4" />, () =>
          setDialog(remove),
        )}
      </>
    );
  const folderEntry = (folder: Folder, meta?: string): FileListEntry => ({
    key: `folder-${folder.id}`,
    kind: 'folder',
    name: folder.name,
    href: paths.folder(folder.id),
    meta,
    actions: (
      <>
        <Button size="sm" variant="ghost" onClick={() => void downloadZip(folder)}>
          <span aria-hidden="true">{messages.download}</span>
          <span className="sr-only">{messages.downloadFolder(folder.name)}</span>
        </Button>
        {editButtons(folder.name, { kind: 'editFolder', folder }, { kind: 'deleteFolder', folder })}
      </>
    ),
  });
  const fileEntry = (file: LibraryFile, meta: string, headline?: string): FileListEntry => ({
    key: `file-${file.id}`,
    kind: 'file',
    name: file.displayName,
    onOpen: () => void openFile(file),
    openData: { 'data-track-document': file.displayName },
    meta,
    badge: unreadEntries.has(file.id) ? messages.recent : undefined,
    detail: headline ? <Headline text={headline} /> : undefined,
    highlighted: !headline && file.id === linkedFile,
    actions: (
      <>
        <Button
          size="sm"
          variant="ghost"
          data-track-document={file.displayName}
          onClick={() => void download(file)}
        >
          <span aria-hidden="true">{messages.download}</span>
          <span className="sr-only">{messages.downloadFile(file.displayName)}</span>
        </Button>
        {iconButton(
          messages.copyLink(file.displayName),
          <CopyIcon className="size-4" />,
          () => void copyLink(file),
        )}
        {editButtons(file.displayName, { kind: 'editFile', file }, { kind: 'deleteFile', file })}
      </>
    ),
  });
  const fileMeta = (file: LibraryFile) => `${messages.size(file.size)} · ${dateOf(file.createdAt)}`;
  const pathOf = (id: number) =>
    folderChain(byId, byId.get(id))
      .map((f) => f.name)
      .join(' / ');

  const shownIds = new Set(childFiles.map((f) => f.id));
  const elsewhere = (search.data?.['hydra:member'] ?? []).filter((f) => !shownIds.has(f.id));

  return (
    <ListScreen
      title={messages.titles[type]}
      action={
        canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog({ kind: 'addFolder' })}>
              {messages.addFolder}
            </Button>
            {current && (
              <Button onClick={() => setDialog({ kind: 'upload', folder: current })}>
                {messages.addFiles}
              </Button>
            )}
          </div>
        )
      }
    >
      <Breadcrumbs
        label={messages.breadcrumbs}
        linkComponent={RouterLink}
        items={[
          { key: 'root', label: messages.titles[type], href: paths.root },
          ...chain.map((f) => ({ key: String(f.id), label: f.name, href: paths.folder(f.id) })),
        ]}
      />
      <LibrarySearch value={q} onSearch={(next) => list.apply({ q: next })} />
      <section
        ref={contentsRef}
        tabIndex={-1}
        aria-label={messages.inThisFolder}
        className="space-y-2"
      >
        {q !== '' && <h2 className="text-lg font-semibold">{messages.inThisFolder}</h2>}
        <FileList
          label={messages.contents}
          emptyLabel={messages.empty}
          linkComponent={RouterLink}
          entries={[
            ...childFolders.map((folder) => folderEntry(folder)),
            ...childFiles.map((file) => fileEntry(file, fileMeta(file))),
          ]}
        />
      </section>
      {q !== '' && (
        <section aria-label={messages.otherFolders} className="space-y-2">
          <h2 className="text-lg font-semibold">{messages.otherFolders}</h2>
          {search.isPending ? (
            <Spinner />
          ) : search.isError ? (
            <Alert variant="error">{messages.error(search.error.message)}</Alert>
          ) : (
            <FileList
              label={messages.otherFolders}
              emptyLabel={messages.noOtherResult}
              linkComponent={RouterLink}
              entries={elsewhere.map((file) =>
                fileEntry(file, `${pathOf(file.folder)} · ${fileMeta(file)}`, file.headline),
              )}
            />
          )}
        </section>
      )}
      <LibraryDialogs
        type={type}
        dialog={dialog}
        folders={allFolders}
        current={current}
        onClose={() => setDialog(null)}
        onDeleted={(done) => (deleted.current = done)}
      />
    </ListScreen>
  );
}
