import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideSnackbar, showSnackbar, SNACKBAR_DURATION_MS, SnackbarHost } from './snackbar';

describe('SnackbarHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    hideSnackbar();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('auto-hides after 5 seconds', () => {
    render(<SnackbarHost />);
    act(() => showSnackbar('Enregistré', 'success'));
    expect(screen.getByRole('status')).toHaveTextContent('Enregistré');

    act(() => vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Enregistré');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('marks the document while a message shows, for the room kept at the end of the page', () => {
    render(<SnackbarHost />);
    expect(document.documentElement).not.toHaveAttribute('data-snackbar-shown');
    act(() => showSnackbar('Enregistré'));
    expect(document.documentElement).toHaveAttribute('data-snackbar-shown');
    act(() => hideSnackbar());
    expect(document.documentElement).not.toHaveAttribute('data-snackbar-shown');
  });

  it('restarts the timer when a new message replaces the current one', () => {
    render(<SnackbarHost />);
    act(() => showSnackbar('Premier'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => showSnackbar('Second', 'error'));
    act(() => vi.advanceTimersByTime(4000));

    expect(screen.getByRole('status')).toHaveTextContent('Second');
    expect(screen.getByRole('status')).not.toHaveTextContent('Premier');
  });
});
