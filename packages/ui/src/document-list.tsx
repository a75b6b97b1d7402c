import { formatDate } from './format';

export type ListedDocument = {
  id: number | string;
  name: string;
  /** ISO date-time it was added. */
  addedAt: string;
};

export type DocumentGroup = {
  /** Heading of the group, e.g. 'RIC'. */
  title: string;
  documents: ListedDocument[];
};

export type DocumentListLabels = {
  /** Shown in a group without documents. */
  empty: string;
  /** The download button's text; the document's name is added for screen readers. */
  download: string;
  /** e.g. (date) => `ajouté le ${date}`. */
  addedOn: (date: string) => string;
};

export type DocumentListProps = {
  groups: DocumentGroup[];
  labels: DocumentListLabels;
  onDownload: (document: ListedDocument) => void;
  /** The document being downloaded: its button is busy. */
  downloading?: ListedDocument['id'] | null;
  headingLevel?: 2 | 3;
};

/** Documents in named groups, each with its date and a download button. */
export function DocumentList({
  groups,
  labels,
  onDownload,
  downloading = null,
  headingLevel = 3,
}: DocumentListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map((group) => (
        <section key={group.title} className="rounded-card bg-surface p-4 shadow-sm">
          <Heading className="mb-3 text-base font-semibold text-ink">{group.title}</Heading>
          {group.documents.length === 0 ? (
            <p className="text-sm text-muted">{labels.empty}</p>
          ) : (
            <ul className="space-y-2">
              {group.documents.map((document) => (
                <li key={document.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{document.name}</span>
                    <span className="text-sm text-muted">
                      {labels.addedOn(formatDate(document.addedAt))}
                    </span>
                  </span>
                  <button
                    type="button"
                    onClick={() => onDownload(document)}
                    disabled={downloading === document.id}
                    aria-busy={downloading === document.id || undefined}
                    className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50 disabled:opacity-60"
                  >
                    {labels.download}
                    <span className="sr-only"> {document.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
