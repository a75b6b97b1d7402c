/**
 * French month names as labels ('Janvier' … 'Décembre'), from the platform's own (CLDR, through
 * `Intl`, as the backend's statistics and reminder digests): no list of our own to keep.
 * Functions, not a constant: nothing is computed in a chunk that does not show a month.
 */
export function monthNames(): string[] {
  const format = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => {
    const name = format.format(Date.UTC(2000, i, 1));
    return name.charAt(0).toUpperCase() + name.slice(1);
  });
}

/** The label of month 1–12 (the number itself outside). */
export const monthName = (month: number): string => monthNames()[month - 1] ?? String(month);
