import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRestoreFocus } from './restore-focus';

function Panel({ onClose }: { onClose: () => void }) {
  useRestoreFocus(true);
  return (
    <button type="button" onClick={onClose}>
      Fermer
    </button>
  );
}

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && <Panel onClose={() => setOpen(false)} />}
    </>
  );
}

function Replacing() {
  const [open, setOpen] = useState(false);
  useRestoreFocus(open, () => document.getElementById('chooser'));
  return open ? (
    <button type="button" onClick={() => setOpen(false)}>
      Annuler
    </button>
  ) : (
    <button id="chooser" type="button" onClick={() => setOpen(true)}>
      Choisir
    </button>
  );
}

describe('useRestoreFocus', () => {
  afterEach(() => vi.useRealTimers());

  it('gives focus back to the opener once the panel is gone', () => {
    vi.useFakeTimers();
    render(<Host />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    act(() => opener.click());
    const close = screen.getByRole('button', { name: 'Fermer' });
    close.focus();
    act(() => close.click());
    act(() => vi.runAllTimers());
    expect(opener).toHaveFocus();
  });

  it('falls back when the opener was replaced', () => {
    vi.useFakeTimers();
    render(<Replacing />);
    const chooser = screen.getByRole('button', { name: 'Choisir' });
    chooser.focus();
    act(() => chooser.click());
    const cancel = screen.getByRole('button', { name: 'Annuler' });
    cancel.focus();
    act(() => cancel.click());
    act(() => vi.runAllTimers());
    expect(screen.getByRole('button', { name: 'Choisir' })).toHaveFocus();
  });
});
