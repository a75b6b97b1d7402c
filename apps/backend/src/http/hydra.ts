/** API Platform-style JSON-LD envelopes for the hand-written handlers. */

export interface PageInfo {
  path: string;
  page: number;
  itemsPerPage: number;
  /** The query string of the request without `page`, kept in the view links. */
  query: URLSearchParams;
}

export function hydraCollection(
  type: string,
  id: string,
  members: unknown[],
  totalItems = members.length,
  paging?: PageInfo,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    '@context': `/contexts/${type}`,
    '@id': id,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
  };
  if (paging) body['hydra:view'] = hydraView(paging, totalItems);
  return body;
}

function hydraView({ path, page, itemsPerPage, query }: PageInfo, totalItems: number) {
  const last = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(target));
    return `${path}?${params.toString()}`;
  };
  const view: Record<string, string> = {
    '@id': link(page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': link(1),
    'hydra:last': link(last),
  };
  if (page > 1) view['hydra:previous'] = link(Math.min(page - 1, last));
  if (page < last) view['hydra:next'] = link(page + 1);
  return view;
}
