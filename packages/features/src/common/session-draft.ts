/**
 * Unsaved form values kept in sessionStorage (per tab), so that a failed save, a reload or a
 * closed-and-restored tab does not lose what was typed. Cleared once the form is saved.
 */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The draft under `key`, when it is one (`isDraft` checks what was read). */
export function readDraft<T>(key: string, isDraft: (value: Partial<T>) => boolean): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<T>;
    if (typeof value !== 'object' || value === null || !isDraft(value)) return null;
    return value as T;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, values: T): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still keeps its values in memory.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}

/** Whether the draft differs from what the form would show without it. */
export function draftDiffers<T>(draft: T, initial: T): boolean {
  return JSON.stringify(draft) !== JSON.stringify(initial);
}
