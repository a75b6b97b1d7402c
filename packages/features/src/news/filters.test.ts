import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersFromSearch, filtersToQuery, filtersToSearch } from './filters';

describe('news filters', () => {
  it('round-trips through the query string, leaving defaults out', () => {
    const filters = {
      title: 'Salon',
      terms: 'Lyon',
      after: '2026-01-01',
      before: '2026-02-01',
      slider: true,
    };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe(
      'title=Salon&terms=Lyon&after=2026-01-01&before=2026-02-01&carousel=1',
    );
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('ignores malformed values in the URL', () => {
    expect(filtersFromSearch('after=hier&before=2026-13&carousel=yes&title=%20x%20')).toEqual({
      ...DEFAULT_FILTERS,
      title: 'x',
    });
  });

  it('builds the GET /news query; agents only ask for displayed news', () => {
    const filters = { ...DEFAULT_FILTERS, after: '2026-01-01', before: '2026-01-31', slider: true };
    expect(filtersToQuery(filters, 'staff')).toEqual({
      'date[after]': '2026-01-01',
      'date[before]': '2026-01-31T23:59:59',
      sliderDisplayed: 'true',
    });
    expect(filtersToQuery(DEFAULT_FILTERS, 'agent')).toEqual({ displayed: 'true' });
  });
});
