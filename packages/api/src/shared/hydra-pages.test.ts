import { describe, expect, it } from 'vitest';
import { hydraInfiniteQuery, nextHydraPage } from './hydra-pages';

const page = (count: number, total: number) => ({
  'hydra:member': Array.from({ length: count }, (_, index) => index),
  'hydra:totalItems': total,
});

describe('nextHydraPage', () => {
  it('asks the next page while items are missing', () => {
    expect(nextHydraPage(page(9, 20), [page(9, 20)], 1)).toBe(2);
  });

  it('stops once every item is loaded, or on an empty page', () => {
    expect(nextHydraPage(page(2, 20), [page(9, 20), page(9, 20), page(2, 20)], 3)).toBeUndefined();
    expect(nextHydraPage(page(0, 30), [page(9, 30), page(0, 30)], 2)).toBeUndefined();
  });
});

describe('hydraInfiniteQuery', () => {
  it('keys the pages as [operationId, "pages", filters] and starts at page 1', async () => {
    const options = hydraInfiniteQuery(['listNews', 'pages', { title: 'a' }] as const, (n) =>
      Promise.resolve(page(n, 10)),
    );
    expect(options.queryKey).toEqual(['listNews', 'pages', { title: 'a' }]);
    expect(options.initialPageParam).toBe(1);
  });
});
