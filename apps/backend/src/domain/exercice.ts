/**
 * An exercice runs from 1 November to 31 October and is labelled by the year it ends in:
 * exercice 2026 = 2025-11-01 → 2026-10-31.
 */
export function exerciceOf(date: Date | string): number {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  const year = d.getUTCFullYear();
  return d.getUTCMonth() >= 10 ? year + 1 : year;
}

/** First and last day (YYYY-MM-DD, inclusive) of an exercice. */
export function exerciceBounds(exercice: number): { start: string; end: string } {
  return { start: `${exercice - 1}-11-01`, end: `${exercice}-10-31` };
}

export const currentExercice = (now: Date = new Date()) => exerciceOf(now);
