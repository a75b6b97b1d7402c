import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

describe('TextField', () => {
  it('accepts what react-hook-form register() returns', async () => {
    // Same shape as register('email'): name, onChange, onBlur and a callback ref.
    const registered = { name: 'email', onChange: vi.fn(), onBlur: vi.fn(), ref: vi.fn() };
    render(<TextField label="E-mail" {...registered} />);

    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(registered.ref).toHaveBeenCalledWith(input);
    await userEvent.type(input, 'a');
    await userEvent.tab();
    expect(input).toHaveAttribute('name', 'email');
    expect(registered.onChange).toHaveBeenCalled();
    expect(registered.onBlur).toHaveBeenCalled();
  });

  it('links hint and error to the input', () => {
    render(
      <TextField
        label="Nom"
        hint="Tel qu’indiqué sur votre pièce d’identité."
        error="Le nom est obligatoire."
      />,
    );
    const input = screen.getByLabelText('Nom');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Tel qu’indiqué sur votre pièce d’identité. Le nom est obligatoire.',
    );
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Nom" />);
    expect(screen.getByLabelText('Nom')).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordField', () => {
  it('keeps the label unique to the input', () => {
    render(<PasswordField label="Mot de passe" />);
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
