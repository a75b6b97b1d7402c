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
