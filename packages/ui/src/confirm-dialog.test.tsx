import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const base = {
  open: true,
  title: 'Supprimer ?',
  confirmLabel: 'Supprimer',
  cancelLabel: 'Annuler',
};

describe('ConfirmDialog', () => {
  it('uses the danger button when destructive and the primary one otherwise', () => {
    const { rerender } = render(
      <ConfirmDialog {...base} destructive onClose={() => {}} onConfirm={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Supprimer' })).toHaveClass('bg-danger');
    rerender(<ConfirmDialog {...base} onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Supprimer' })).toHaveClass('bg-brand-600');
  });

  it('does not close while pending', () => {
    const onClose = vi.fn();
    render(<ConfirmDialog {...base} pending onClose={onClose} onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toHaveAttribute('aria-busy', 'true');
  });
});
