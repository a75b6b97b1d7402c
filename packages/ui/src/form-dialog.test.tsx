import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

describe('FormDialog', () => {
  it('submits through the form and not while pending', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const props = {
      open: true,
      title: 'Nouveau',
      submitLabel: 'Enregistrer',
      cancelLabel: 'Annuler',
      onClose: () => {},
      onSubmit,
    };
    const { rerender } = render(
      <FormDialog {...props}>
        <input aria-label="Nom" />
      </FormDialog>,
    );
    const submit = screen.getByRole('button', { name: 'Enregistrer' });
    expect(submit).toHaveAttribute('type', 'submit');
    fireEvent.submit(submit.closest('form')!);
    expect(onSubmit).toHaveBeenCalledOnce();
    rerender(
      <FormDialog {...props} pending>
        <input aria-label="Nom" />
      </FormDialog>,
    );
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
