/** IRIs of the communication resources, and the reading of a reference sent by a client. */

export const newsIri = (id: number) => `/news/${id}`;
export const imageBankIri = (id: number) => `/image_banks/${id}`;
export const mediaObjectIri = (id: number) => `/media_objects/${id}`;
export const notificationIri = (id: number) => `/notifications/${id}`;

/** An id from `/collection/12`, `12` or 12; null for any other shape. */
export function idOfReference(reference: unknown, collection: string): number | null {
  // An embedded resource sent back as received (API Platform Admin's edit form): its @id.
  if (typeof reference === 'object' && reference !== null && '@id' in reference)
    return idOfReference((reference as { '@id': unknown })['@id'], collection);
  if (typeof reference === 'number')
    return Number.isSafeInteger(reference) && reference > 0 && reference <= 2147483647
      ? reference
      : null;
  if (typeof reference !== 'string') return null;
  const match = new RegExp(`^(?:${collection}/)?(\\d{1,9})$`).exec(reference.trim());
  return match ? Number(match[1]) : null;
}

/** A member's JSON-LD identity, first in its body as API Platform writes it: IRI, type, id. */
export const jsonLdIdentity = (path: string, type: string, id: number) => ({
  '@id': `${path}/${id}`,
  '@type': type,
  id,
});

/**
 * `{ ...jsonLdIdentity(path, type, id), ...fields }`, the same keys in the same order, without
 * the spread: on Node 20, an object literal that spreads and then adds a dozen properties costs
 * about 10 µs (the properties added one by one, on a slow path) where this costs 0.3 µs; a list
 * serializes one per row (issue 43's profile).
 */
export const withJsonLdIdentity = <T extends object>(
  path: string,
  type: string,
  id: number,
  fields: T,
) => Object.assign(jsonLdIdentity(path, type, id), fields);
