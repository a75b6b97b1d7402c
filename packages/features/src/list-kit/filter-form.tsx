import { Button } from '@portal/ui/button';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { commonMessages } from '../common';

// The form under `ListFilters`, the kit's one filter form; not exported by the kit.

export type DraftFilterFormProps<F extends object> = {
  /** Accessible name of the search landmark, e.g. 'Filtres des actualités'. */
  label: string;
  /** The filters in force (the URL's). */
  value: F;
  /** What 'Réinitialiser' restores. */
  defaults: F;
  onApply: (next: Partial<F>) => void;
  onReset: () => void;
  /** The fields, editing the draft. */
  children: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
  /** Shown before the buttons on their row, e.g. a checkbox, editing the draft too. */
  extra?: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
  className?: string;
  actionsClassName?: string;
  /**
   * How many filters are set. Given, the form collapses on a phone (under 768 px) behind one
   * 'Filtres' button showing the count (a disclosure); it stays open on larger screens.
   */
  activeCount?: number;
};

/**
 * A filter form over a draft of the filters in force: a search landmark, the fields,
 * 'Réinitialiser' and 'Filtrer'. Fields edit the draft, nothing applies until 'Filtrer';
 * 'Réinitialiser' restores the defaults in the form and in the URL; 'Filtrer' applies nothing
 * while a field is invalid. The draft is shown again when the filters change from outside
 * (back button, a link) without remounting the form, so the focus stays where it is. The
 * submit does not bubble further: a filter may sit in a dialog inside another form (React
 * bubbles through portals).
 */
export function DraftFilterForm<F extends object>({
  label,
  value,
  defaults,
  onApply,
  onReset,
  children,
  extra,
  className = 'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end',
  actionsClassName = 'flex flex-wrap items-center gap-3',
  activeCount,
}: DraftFilterFormProps<F>) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const set = (next: Partial<F>) => setDraft((current) => ({ ...current, ...next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    // A field that says it is wrong (e.g. a period ending before it starts) is not applied:
    // the focus goes to it, its message already tied to it.
    const wrong = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (wrong) return wrong.focus();
    onApply(draft);
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
      {children(draft, set)}
      <div className={actionsClassName}>
        {extra?.(draft, set)}
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(defaults);
            onReset();
          }}
        >
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
