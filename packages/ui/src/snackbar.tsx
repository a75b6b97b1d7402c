import { useEffect, useLayoutEffect } from 'react';
import { create } from 'zustand';

export type SnackbarVariant = 'info' | 'success' | 'warning' | 'error';

export type SnackbarMessage = {
  /** Changes on every show, so re-showing the same text restarts the timer. */
  id: number;
  message: string;
  variant: SnackbarVariant;
};

type SnackbarState = {
  current: SnackbarMessage | null;
  show: (message: string, variant?: SnackbarVariant) => void;
  hide: () => void;
};

export const SNACKBAR_DURATION_MS = 5000;

let nextId = 0;

// Spec: at most one snackbar at a time, so the store holds a single slot, not a queue.
const useSnackbarStore = create<SnackbarState>((set) => ({
  current: null,
  show: (message, variant = 'info') => set({ current: { id: ++nextId, message, variant } }),
  hide: () => set({ current: null }),
}));

/** Shows a message, replacing the one on screen. Callable outside React (e.g. after a mutation). */
export function showSnackbar(message: string, variant: SnackbarVariant = 'info') {
  useSnackbarStore.getState().show(message, variant);
}

export function hideSnackbar() {
  useSnackbarStore.getState().hide();
}

export function useSnackbar() {
  const current = useSnackbarStore((s) => s.current);
  return { current, show: showSnackbar, hide: hideSnackbar };
}

const styles: Record<SnackbarVariant, string> = {
  info: 'bg-ink text-white',
  success: 'bg-success text-white',
  warning: 'bg-warning text-white',
  error: 'bg-danger text-white',
};

/** Mount once per app, near the root. */
export function SnackbarHost({ closeLabel = 'Fermer' }: { closeLabel?: string }) {
  const { current, hide } = useSnackbar();

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(hide, SNACKBAR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, hide]);

  // While one shows, the page keeps room for it at its end (styles.css, `data-snackbar-shown`).
  const shown = current !== null;
  useLayoutEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.setAttribute('data-snackbar-shown', '');
    return () => root.removeAttribute('data-snackbar-shown');
  }, [shown]);

  // The live region stays mounted so screen readers announce messages inserted into it.
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {current && (
        <div
          key={current.id}
          // Snackbars never cover content: the page keeps room for it (`data-snackbar-shown`).
          data-snackbar
          className={`pointer-events-auto flex max-w-md items-center gap-4 rounded-lg px-4 py-3 text-sm shadow-lg ${styles[current.variant]}`}
        >
          <p>{current.message}</p>
          <button
            type="button"
            onClick={hide}
            className="shrink-0 rounded-md px-2 py-1 font-semibold underline-offset-2 hover:underline"
          >
            {closeLabel}
          </button>
        </div>
      )}
    </div>
  );
}
