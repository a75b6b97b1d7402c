import { describe, expect, it } from 'vitest';
import { DATA_GRID_LABELS_FR } from './data-grid';

describe('DATA_GRID_LABELS_FR', () => {
  it('counts the selected rows in French, and says nothing for none', () => {
    expect(DATA_GRID_LABELS_FR.selected(0)).toBe('');
    expect(DATA_GRID_LABELS_FR.selected(1)).toBe('1 ligne sélectionnée');
    expect(DATA_GRID_LABELS_FR.selected(2)).toBe('2 lignes sélectionnées');
    expect(DATA_GRID_LABELS_FR.selected(1000)).toBe('1\u202f000 lignes sélectionnées');
  });

  it('names the checkboxes', () => {
    expect(DATA_GRID_LABELS_FR.selectAll).toBe('Sélectionner toutes les lignes de la page');
    expect(DATA_GRID_LABELS_FR.selectRow('Martin Claire')).toBe('Sélectionner Martin Claire');
  });
});
