/** What a list grid says: its name, its empty state, its count, and the heading over it if any. */
export type GridTexts = {
  /** Accessible name of the grid, e.g. 'Liste des clients'. */
  label: string;
  /**
   * The empty state: one message, or `none` while no filter is set ('Aucun filleul pour le
   * moment.') and `filtered` otherwise ('Aucun filleul ne correspond à ces filtres.').
   */
  empty: string | { none: string; filtered: string };
  /** The count over the grid, e.g. '42 ventes' (hidden while the list is in error). */
  total: (total: number) => string;
  /** A heading over the grid, the whole being a region named after it. */
  title?: string;
};

/** 'vente' → '1 vente', '1 234 ventes'. */
export const countOf =
  (noun: string) =>
  (total: number): string =>
    `${total.toLocaleString('fr-FR')} ${noun}${total > 1 ? 's' : ''}`;

/**
 * A list grid's texts from the noun of its rows, in the wording every list shares: 'Aucun client
 * pour le moment.', 'Aucun client ne correspond à ces filtres.', '42 clients'; `none` and
 * `total` where a list words them otherwise, `title` over a grid that has a heading.
 */
export function gridTexts(
  label: string,
  noun: string,
  options: {
    feminine?: boolean;
    none?: string;
    total?: (total: number) => string;
    title?: string;
  } = {},
): GridTexts {
  const no = options.feminine ? 'Aucune' : 'Aucun';
  return {
    label,
    title: options.title,
    empty: {
      none: options.none ?? `${no} ${noun} pour le moment.`,
      filtered: `${no} ${noun} ne correspond à ces filtres.`,
    },
    total: options.total ?? countOf(noun),
  };
}
