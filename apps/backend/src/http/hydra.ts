/**
 * API Platform-style JSON-LD envelope for the hand-written handlers' unpaged collections;
 * paged collections are served by the resource layer (`resources/collection.ts`).
 */
export function hydraCollection(
  type: string,
  id: string,
  members: unknown[],
): Record<string, unknown> {
  return {
    '@context': `/contexts/${type}`,
    '@id': id,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
  };
}
