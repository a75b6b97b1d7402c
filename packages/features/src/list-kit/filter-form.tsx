import { Button } from '@portal/ui/button';
import type { FormEvent, ReactNode } from 'react';
import { commonMessages } from '../common';

export type FilterFormProps = {
  /** Accessible name of the search landmark, e.g. 'Filtres des actualités'. */
  label: string;
  onSubmit: () => void;
  onReset: () => void;
  /** The fields. */
  children: ReactNode;
  /** Shown before the buttons on their row, e.g. a checkbox. */
  extra?: ReactNode;
  className?: string;
  actionsClassName?: string;
};

/**
 * The filter form of a list screen: a search landmark, the fields, 'Réinitialiser' and
 * 'Filtrer'. Nothing applies until it is submitted. The submit does not bubble further: a
 * filter may sit in a dialog inside another form (React bubbles through portals).
 */
export function FilterForm({
  label,
  onSubmit,
  onReset,
  children,
  extra,
  className = 'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end',
  actionsClassName = 'flex flex-wrap items-center gap-3',
}: FilterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} noValidate className={className}>
      {children}
      <div className={actionsClassName}>
        {extra}
        <Button variant="secondary" onClick={onReset}>
          {commonMessages.reset}
        </Button>
        <Button type="submit">{commonMessages.filter}</Button>
      </div>
    </form>
  );
}
