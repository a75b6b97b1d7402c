import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch } from '../list-kit';
import { DEFAULT_FILTERS, filtersToQuery, newsFiltersSchema } from './filters';

describe('news filters', () => {
  it('round-trips through the query string under the API names, leaving defaults out', () => {
    const filters = {
      title: 'Salon',
      terms: 'Lyon',
      'date[after]': '2026-01-01',
      'date[before]': '2026-02-01',
      sliderDisplayed: true,
    };
    const search = filtersToSearch(newsFiltersSchema, filters);
    expect(decodeURIComponent(search.toString())).toBe(
      'title=Salon&terms=Lyon&date[after]=2026-01-01&date[before]=2026-02-01&sliderDisplayed=true',
    );
    expect(filtersFromSearch(newsFiltersSchema, search)).toEqual(filters);
    expect(filtersToSearch(newsFiltersSchema, DEFAULT_FILTERS).toString()).toBe('');
  });

  it('ignores malformed values in the URL', () => {
    expect(
      filtersFromSearch(
        newsFiltersSchema,
        'date%5Bafter%5D=hier&date%5Bbefore%5D=2026-13-01&sliderDisplayed=yes&title=%20x%20',
      ),
    ).toEqual({ ...DEFAULT_FILTERS, title: 'x' });
  });

  it('builds the GET /news query; agents only ask for displayed news', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      'date[after]': '2026-01-01',
      'date[before]': '2026-01-31',
      sliderDisplayed: true,
    };
    expect(filtersToQuery(filters, 'network')).toEqual({
      'date[after]': '2026-01-01',
      'date[before]': '2026-01-31T23:59:59',
      sliderDisplayed: 'true',
    });
    expect(filtersToQuery(DEFAULT_FILTERS, 'mine')).toEqual({ displayed: 'true' });
  });
});
