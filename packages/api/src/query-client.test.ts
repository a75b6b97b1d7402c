import { describe, expect, it } from 'vitest';
import { ApiError } from './hydra';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  const { queries } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry as (count: number, error: unknown) => boolean;

  it('does not refetch on window focus (spec part 1 §9)', () => {
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('retries network and server failures twice, never a 4xx', () => {
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(1, new ApiError(503, {}))).toBe(true);
    expect(retry(2, new ApiError(503, {}))).toBe(false);
    expect(retry(0, new ApiError(404, {}))).toBe(false);
    expect(retry(0, new ApiError(403, {}))).toBe(false);
  });
});
