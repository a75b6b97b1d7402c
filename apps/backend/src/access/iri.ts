/** IRIs of the access resources, and the reading of profile references sent by clients. */

export const profileIri = (id: number) => `/profiles/${id}`;
export const componentIri = (id: number) => `/components/${id}`;
export const userIri = (id: number) => `/users/${id}`;

/** A profile id from `/profiles/12`, `12` or 12; null when the reference has another shape. */
export function profileIdOf(reference: string | number): number | null {
  if (typeof reference === 'number') return Number.isSafeInteger(reference) ? reference : null;
  const match = /^(?:\/profiles\/)?(\d{1,9})$/.exec(reference.trim());
  return match ? Number(match[1]) : null;
}
