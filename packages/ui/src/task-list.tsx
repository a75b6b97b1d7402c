import type { ReactNode } from 'react';

export type TaskTone = 'neutral' | 'info' | 'success' | 'error' | 'warning';

export type TaskListEntry = {
  key: string;
  /** First line, e.g. the file names. */
  title: string;
  /** Second line, e.g. the dates. */
  meta?: string;
  status: { label: string; tone: TaskTone };
  /** Items done of the total, shown as a bar while known. */
  progress?: { done: number; total: number; label: string };
  /** More under the entry, e.g. an error or a summary. */
  detail?: ReactNode;
  /** The entry's buttons. */
  actions?: ReactNode;
};

export type TaskListProps = {
  entries: TaskListEntry[];
  /** Accessible name of the list. */
  label: string;
  emptyLabel: string;
};

const TONES: Record<TaskTone, string> = {
  neutral: 'bg-canvas text-ink',
  info: 'bg-brand-50 text-brand-700',
  success: 'bg-success-soft text-success',
  error: 'bg-danger-soft text-danger',
  warning: 'bg-warning-soft text-warning',
};

/**
 * Long-running tasks (imports, dispatches…): each with its status badge, its progress bar when
 * the count is known, details and actions.
 */
export function TaskList({ entries, label, emptyLabel }: TaskListProps) {
  if (entries.length === 0) return <p className="text-muted">{emptyLabel}</p>;
  return (
    <ul
      aria-label={label}
      className="divide-y divide-canvas rounded-card border border-canvas bg-surface"
    >
      {entries.map((entry) => {
        const percent =
          entry.progress && entry.progress.total > 0
            ? Math.min(100, Math.round((entry.progress.done / entry.progress.total) * 100))
            : null;
        return (
          <li key={entry.key} className="flex flex-wrap items-start gap-3 p-3">
            {/* At least 16rem for the title: on a phone the status and actions go under it. */}
            <div className="min-w-0 grow basis-64 space-y-1">
              <p className="font-medium wrap-anywhere">{entry.title}</p>
              {entry.meta && <p className="text-sm text-muted">{entry.meta}</p>}
              {entry.progress && percent !== null && (
                <div className="flex items-center gap-2 text-sm">
                  <progress
                    className="h-2 w-48 accent-brand-600"
                    max={100}
                    value={percent}
                    aria-label={`${entry.title} : ${entry.progress.label}`}
                  />
                  <span>{entry.progress.label}</span>
                </div>
              )}
              {entry.detail}
            </div>
            <span
              className={`rounded-full px-2 py-0.5 text-sm font-medium ${TONES[entry.status.tone]}`}
            >
              {entry.status.label}
            </span>
            {entry.actions && <div className="flex flex-wrap gap-2">{entry.actions}</div>}
          </li>
        );
      })}
    </ul>
  );
}
