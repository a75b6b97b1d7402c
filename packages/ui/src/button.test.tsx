import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('defaults to type="button" but lets forms submit when asked', () => {
    render(
      <>
        <Button>Annuler</Button>
        <Button type="submit">Valider</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveAttribute('type', 'submit');
  });

  it('forwards ref and native props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} aria-describedby="aide" data-testid="b">
        OK
      </Button>,
    );
    expect(ref.current).toBe(screen.getByTestId('b'));
    expect(ref.current).toHaveAttribute('aria-describedby', 'aide');
  });
});
