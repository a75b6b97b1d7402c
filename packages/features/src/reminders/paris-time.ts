// Reminders happen at a Paris date and time, wherever the browser is: the API answers instants
// (UTC) and takes local Paris times without an offset.

const parts = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
};

/** `2026-11-20T08:30:00Z` → `2026-11-20` (the Paris day). */
export function parisDay(iso: string): string {
  const p = parts(iso);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** `2026-11-20T08:30:00Z` → `09:30` (the Paris time). */
export function parisTime(iso: string): string {
  const p = parts(iso);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** `2026-11-20T08:30:00Z` → `20/11/2026 à 09:30`. */
export function formatParisDateTime(iso: string): string {
  const p = parts(iso);
  return p ? `${p.day}/${p.month}/${p.year} à ${p.hour}:${p.minute}` : '';
}

/** A day and a time as the API takes them: `2026-11-20T09:30` (Paris, no offset). */
export const parisLocal = (day: string, time: string) => `${day}T${time || '09:00'}`;

/** `YYYY-MM` → its first and last days. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}
