/**
 * API Platform's JSON-LD envelope of a Hydra collection, the one every collection of the backend
 * is answered in: the resource layer's (paged, `resources/collection.ts`) and the hand-written
 * handlers' (unpaged: the total is the members').
 */
export function hydraCollection(
  type: string,
  id: string,
  members: unknown[],
  options: {
    totalItems?: number;
    /** `hydra:view` (`resources/pagination.ts`), for a paged collection. */
    view?: Record<string, string>;
    /** `@context`, `/contexts/<type>` by default; null for a body with neither it nor `@id`. */
    context?: string | null;
  } = {},
): Record<string, unknown> {
  const { totalItems = members.length, view, context } = options;
  return {
    ...(context === null ? {} : { '@context': context ?? `/contexts/${type}`, '@id': id }),
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
    ...(view ? { 'hydra:view': view } : {}),
  };
}
