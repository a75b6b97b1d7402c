import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydraInfiniteQuery, nextHydraPage, replaceInPages } from './hydra-pages';

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

describe('replaceInPages', () => {
  it('puts the saved item in place of its former self in every cached page, by @id', () => {
    const queryClient = new QueryClient();
    const page = (ids: number[], media: number) => ({
      'hydra:member': ids.map((id) => ({ '@id': `/image_banks/${id}`, media })),
      'hydra:totalItems': 3,
    });
    queryClient.setQueryData(['listImageBanks', 'pages', {}], {
      pages: [page([1, 2], 10), page([3], 10)],
      pageParams: [1, 2],
    });
    replaceInPages(queryClient, ['listImageBanks'], { '@id': '/image_banks/3', media: 11 });
    const data = queryClient.getQueryData<{ pages: ReturnType<typeof page>[] }>([
      'listImageBanks',
      'pages',
      {},
    ]);
    expect(data!.pages.flatMap((p) => p['hydra:member'].map((m) => m.media))).toEqual([10, 10, 11]);
  });
});
