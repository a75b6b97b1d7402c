import { Button } from '@portal/ui/button';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { commonMessages } from '../common';
import { useDraft } from './use-draft';

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
  /**
   * How many filters are set. Given, the form collapses on a phone (under 768 px) behind one
   * 'Filtres' button showing the count (a disclosure); it stays open on larger screens.
   */
  activeCount?: number;
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
  activeCount,
}: FilterFormProps) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
    setOpen(false);
  };
  const form = (
    <form
      id={formId}
      role="search"
      aria-label={label}
      onSubmit={submit}
      noValidate
      className={activeCount !== undefined && !open ? `${className} max-md:hidden` : className}
    >
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
  if (activeCount === undefined) return form;
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        {commonMessages.filtersToggle(activeCount)}
      </Button>
      {form}
    </div>
  );
}

export type DraftFilterFormProps<F extends object> = Omit<
  FilterFormProps,
  'onSubmit' | 'onReset' | 'children'
> & {
  /** The filters in force (the URL's). */
  value: F;
  /** What 'Réinitialiser' restores. */
  defaults: F;
  onApply: (next: Partial<F>) => void;
  onReset: () => void;
  /** What 'Filtrer' applies from the draft, e.g. its fields and page 1. */
  submit: (draft: F) => Partial<F>;
  /** The fields, editing the draft. */
  children: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
};

/**
 * A filter form over a draft of the URL filters (`useDraft`): fields edit the draft, 'Filtrer'
 * applies it, 'Réinitialiser' restores the defaults in the form and in the URL.
 */
export function DraftFilterForm<F extends object>({
  value,
  defaults,
  onApply,
  onReset,
  submit,
  children,
  ...form
}: DraftFilterFormProps<F>) {
  const [draft, set, setDraft] = useDraft(value);
  return (
    <FilterForm
      {...form}
      onSubmit={() => onApply(submit(draft))}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
    >
      {children(draft, set)}
    </FilterForm>
  );
}
