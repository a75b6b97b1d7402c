import { useState } from 'react';

/**
 * A filter form's draft of the URL filters: edited freely, and shown again when the URL changes
 * (back button, a link) without remounting the form, so the focus stays where it is.
 */
export function useDraft<F extends object>(
  value: F,
): [draft: F, set: (next: Partial<F>) => void, replace: (all: F) => void] {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return [draft, (next) => setDraft((current) => ({ ...current, ...next })), setDraft];
}
