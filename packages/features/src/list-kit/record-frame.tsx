import { ApiError } from '@portal/api/hydra';
import { Alert } from '@portal/ui/alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { commonMessages } from '../common';

export type RecordFrameProps<T> = {
  /** 'Retour' (`BackLink`), above every state. */
  back: ReactNode;
  /** The record's query; `valid` false (an id that cannot exist) reads as not found. */
  record: UseQueryResult<T>;
  valid: boolean;
  /** Said for an invalid id or a 404, e.g. "L'utilisateur n'a pas été trouvé." */
  notFound: string;
  /** The page's h1 while there is no record to name it. */
  notFoundTitle?: string;
  children: (record: T) => ReactNode;
};

/**
 * The states of a record's page (the exemplar detail screen's): 'Retour' first, then not found,
 * the error, loading, or the record.
 */
export function RecordFrame<T>({
  back,
  record,
  valid,
  notFound,
  notFoundTitle,
  children,
}: RecordFrameProps<T>) {
  if (!valid || (record.error instanceof ApiError && record.error.status === 404))
    return (
      <div className="space-y-4">
        {back}
        {notFoundTitle && <h1 className="text-2xl font-semibold text-ink">{notFoundTitle}</h1>}
        <Alert variant="error">{notFound}</Alert>
      </div>
    );
  if (record.isError)
    return (
      <div className="space-y-4">
        {back}
        <Alert variant="error">{commonMessages.error(record.error.message)}</Alert>
      </div>
    );
  if (record.data === undefined) return <p role="status">{commonMessages.loading}</p>;
  return (
    <div className="space-y-6">
      {back}
      {children(record.data)}
    </div>
  );
}

/** A record's h1 (its name) with its actions beside it. */
export function RecordHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </div>
  );
}

/** One fact of a record (`<dl>` entry); '—' when empty. */
export function RecordFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words text-ink">{children || '—'}</dd>
    </div>
  );
}
