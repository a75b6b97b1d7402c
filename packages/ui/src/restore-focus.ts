import { useEffect, useRef } from 'react';

const focusable = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element !== document.body && element.isConnected;

/**
 * Gives focus back when something that took it goes away: while `open` is true the element
 * focused when it opened is remembered; once `open` turns false (or the component unmounts)
 * focus goes back to it, or, when it is gone or there was none (a panel opened on its own),
 * to `fallback()`. For what is not a Headless UI dialog (an inline panel, a cropper replacing
 * its file chooser), and for a dialog opened with no opener (the news popup).
 */
export function useRestoreFocus(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<Element | null>(null);
  const fallbackRef = useRef(fallback);
  useEffect(() => {
    fallbackRef.current = fallback;
  });
  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement;
    return () => {
      const before = opener.current;
      opener.current = null;
      // After the closing render and Headless UI's own restore (which may pick the body).
      setTimeout(() => {
        // Something took focus on purpose meanwhile (a field, Headless UI's restore): leave it.
        if (focusable(document.activeElement)) return;
        const target = focusable(before) ? before : fallbackRef.current?.();
        target?.focus();
      }, 0);
    };
  }, [open]);
}
