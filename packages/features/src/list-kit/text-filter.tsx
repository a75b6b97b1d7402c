import { TextField } from '@portal/ui/text-field';
import { useState } from 'react';
import { FilterForm } from './filter-form';

export type TextFilterProps = {
  /** Accessible name of the search landmark. */
  label: string;
  /** Label of the text field, e.g. 'Nom'. */
  fieldLabel: string;
  /** Field name, the API's parameter name (`lastName`, `title`). */
  name: string;
  /** The applied value (from the URL or the caller's state). */
  value: string;
  onApply: (value: string) => void;
  className?: string;
};

/**
 * A one-field filter form (name, title…): applied on submit, trimmed; 'Réinitialiser' clears
 * it. The draft follows the applied value when it changes from outside (back button).
 */
export function TextFilter({
  label,
  fieldLabel,
  name,
  value,
  onApply,
  className,
}: TextFilterProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  return (
    <FilterForm
      label={label}
      onSubmit={() => onApply(draft.trim())}
      onReset={() => {
        setDraft('');
        onApply('');
      }}
      className={className}
    >
      <TextField
        label={fieldLabel}
        name={name}
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="md:w-72"
      />
    </FilterForm>
  );
}
