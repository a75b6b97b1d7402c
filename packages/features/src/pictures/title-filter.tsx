import { TextField } from '@portal/ui/text-field';
import { useState } from 'react';
import { FilterForm } from '../list-kit';
import { messages } from './messages';

/** The title filter of the image bank, applied on submit; 'Réinitialiser' clears it. */
export function TitleFilter({
  value,
  onApply,
  className,
}: {
  value: string;
  onApply: (title: string) => void;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  // Follows the applied value when it changes from outside (back button, reset).
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }

  return (
    <FilterForm
      label={messages.filters}
      onSubmit={() => onApply(draft.trim())}
      onReset={() => {
        setDraft('');
        onApply('');
      }}
      className={className}
    >
      <TextField
        label={messages.titleFilter}
        name="title"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="md:w-72"
      />
    </FilterForm>
  );
}
