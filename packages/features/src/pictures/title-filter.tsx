import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { type FormEvent, useState } from 'react';
import { messages } from './messages';

/** The title filter of the image bank, applied on submit; 'Réinitialiser' clears it. */
export function TitleFilter({
  value,
  onApply,
  className = '',
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The picker's filter sits in a dialog (a portal) inside the news form: React would
    // bubble this submit up to that form.
    event.stopPropagation();
    onApply(draft.trim());
  };

  return (
    <form
      role="search"
      aria-label={messages.filters}
      onSubmit={onSubmit}
      className={`flex flex-col gap-3 md:flex-row md:items-end ${className}`}
    >
      <TextField
        label={messages.titleFilter}
        name="title"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="md:w-72"
      />
      <Button type="submit">{messages.filter}</Button>
      <Button
        variant="secondary"
        onClick={() => {
          setDraft('');
          onApply('');
        }}
      >
        {messages.reset}
      </Button>
    </form>
  );
}
