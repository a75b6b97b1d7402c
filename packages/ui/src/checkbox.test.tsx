import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('forwards ref, name and change handlers as react-hook-form `register` needs', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox label="Visible" name="displayed" ref={ref} onChange={() => {}} />);
    expect(ref.current).toBe(screen.getByRole('checkbox', { name: 'Visible' }));
    expect(ref.current).toHaveAttribute('name', 'displayed');
  });

  it('keeps the older `hint` prop of the news checkbox and ties help and error to the box', () => {
    render(<Checkbox label="Visible" hint="Aide" error="Ce champ est obligatoire." />);
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAccessibleDescription('Aide Ce champ est obligatoire.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
