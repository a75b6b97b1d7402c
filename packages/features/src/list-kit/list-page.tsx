import type { ReactNode } from 'react';

export type ListPageProps = {
  title: string;
  /** Beside the title, e.g. 'Créer une notification'. */
  action?: ReactNode;
  /** Above the title, e.g. 'Retour'. */
  before?: ReactNode;
  /** Filters, list, pagination and dialogs. */
  children: ReactNode;
};

/** The frame of a list screen: the page title with its main action, then the content. */
export function ListPage({ title, action, before, children }: ListPageProps) {
  return (
    <div className="space-y-6">
      {before}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {action}
      </div>
      {children}
    </div>
  );
}
