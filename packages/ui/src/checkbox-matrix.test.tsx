import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxMatrix, groupRows } from './checkbox-matrix';

const rows = [
  { id: '1', label: 'Fiche client', group: 'Fiche client' },
  { id: '2', label: 'Mon équipe', group: 'Mon équipe' },
  { id: '3', label: 'Fiche client : export', group: 'Fiche client' },
];

describe('groupRows', () => {
  it('gathers the rows of a group in first-seen order', () => {
    expect(groupRows(rows).map((group) => [group.group, group.rows.map((row) => row.id)])).toEqual([
      ['Fiche client', ['1', '3']],
      ['Mon équipe', ['2']],
    ]);
  });
});

describe('CheckboxMatrix', () => {
  it('filters the rows by label, ignoring case and accents', () => {
    render(
      <CheckboxMatrix
        caption="Composants"
        rows={rows}
        columns={[{ id: 'a', label: 'Admin' }]}
        isChecked={() => false}
        onToggle={() => undefined}
        searchLabel="Rechercher"
        noMatchLabel="Rien."
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher' }), {
      target: { value: 'EQUIPE' },
    });
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Mon équipe — Admin',
    ]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher' }), {
      target: { value: 'zzz' },
    });
    expect(screen.getByText('Rien.')).toBeTruthy();
  });
});
