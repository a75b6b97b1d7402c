import type { ComponentType, ReactNode } from 'react';
import type { BreadcrumbLinkProps } from './breadcrumbs';

export type FileListEntry = {
  key: string;
  kind: 'folder' | 'file';
  name: string;
  /** A folder's page. */
  href?: string;
  /** Opens a file (a folder opens through `href`). */
  onOpen?: () => void;
  /** `data-*` attributes of the button that opens the file (analytics, tests). */
  openData?: Record<`data-${string}`, string>;
  /** Second line: size and date, a folder's path in a search… */
  meta?: string;
  /** A short marker after the name, e.g. 'Nouveau'. */
  badge?: string;
  /** More under the name, e.g. the matching passage of a search. */
  detail?: ReactNode;
  /** The entry's buttons (download, copy link, edit, delete…). */
  actions?: ReactNode;
  /** The entry a copied link points at: marked, and scrolled into view once shown. */
  highlighted?: boolean;
};

export type FileListProps = {
  entries: FileListEntry[];
  /** Accessible name of the list. */
  label: string;
  /** Shown instead of the list when it is empty, e.g. 'Aucun fichier'. */
  emptyLabel: string;
  linkComponent?: ComponentType<BreadcrumbLinkProps>;
};

function PlainLink({ children, ...props }: BreadcrumbLinkProps) {
  return <a {...props}>{children}</a>;
}

const FolderGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    className="size-6 shrink-0 text-brand-500"
  >
    <path
      fill="currentColor"
      d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"
    />
  </svg>
);

const FileGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    className="size-6 shrink-0 text-muted"
  >
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </svg>
);

// Module-level, so that React calls it when the entry appears, not at every render.
const reveal = (item: HTMLLIElement | null) => item?.scrollIntoView({ block: 'center' });

/**
 * Folders, then files, of one level of a tree (a library folder, an invoice month): a folder is
 * a link, a file a button that opens it; each entry carries its own actions.
 */
export function FileList({
  entries,
  label,
  emptyLabel,
  linkComponent: LinkComponent = PlainLink,
}: FileListProps) {
  if (entries.length === 0) return <p className="py-6 text-center text-muted">{emptyLabel}</p>;
  const nameClass =
    // Long names wrap (anywhere, as files are named with underscores) rather than being cut.
    'min-w-0 text-left font-medium wrap-anywhere text-brand-700 underline-offset-2 hover:underline';
  return (
    <ul
      aria-label={label}
      className="divide-y divide-ink/10 rounded-lg border border-ink/10 bg-surface"
    >
      {entries.map((entry) => (
        <li
          key={entry.key}
          ref={entry.highlighted ? reveal : undefined}
          aria-current={entry.highlighted ? 'true' : undefined}
          className={`flex flex-wrap items-center gap-3 px-4 py-3 ${entry.highlighted ? 'bg-brand-50 ring-2 ring-brand-500 ring-inset' : ''}`}
        >
          {entry.kind === 'folder' ? <FolderGlyph /> : <FileGlyph />}
          {/* At least 12rem for the name: on a phone the actions go under it, not beside it. */}
          <div className="min-w-0 grow basis-48">
            <div className="flex items-center gap-2">
              {entry.kind === 'folder' && entry.href ? (
                <LinkComponent href={entry.href} className={nameClass}>
                  {entry.name}
                </LinkComponent>
              ) : entry.onOpen ? (
                <button
                  {...entry.openData}
                  type="button"
                  onClick={entry.onOpen}
                  className={nameClass}
                >
                  {entry.name}
                </button>
              ) : (
                <span className="min-w-0 font-medium wrap-anywhere">{entry.name}</span>
              )}
              {entry.badge && (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  {entry.badge}
                </span>
              )}
            </div>
            {entry.meta && <p className="text-sm text-muted">{entry.meta}</p>}
            {entry.detail && <div className="mt-1 text-sm text-ink">{entry.detail}</div>}
          </div>
          {entry.actions && (
            <div className="ml-auto flex flex-wrap items-center gap-1">{entry.actions}</div>
          )}
        </li>
      ))}
    </ul>
  );
}
