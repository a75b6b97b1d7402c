import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationRange } from './pagination';

describe('paginationRange', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [4, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [8, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [99, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
  ])('page %d of %d', (page, count, expected) => {
    expect(paginationRange(page, count)).toEqual(expected);
  });

  it('has nothing for no pages', () => {
    expect(paginationRange(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  const labels = {
    first: 'Première',
    previous: 'Précédente',
    next: 'Suivante',
    last: 'Dernière',
    page: (n: number) => `Page ${n}`,
  };

  it('does not call back for the current page and moves one page with next/previous', () => {
    const onPageChange = vi.fn();
    render(
      <Pagination page={3} pageCount={5} onPageChange={onPageChange} label="P" labels={labels} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    fireEvent.click(screen.getByRole('button', { name: 'Précédente' }));
    expect(onPageChange.mock.calls).toEqual([[4], [2]]);
  });
});
