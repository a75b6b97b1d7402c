import type { ListNewsFilters } from '@portal/api/news';

/** News list filters (spec §2): applied on submit, kept in the URL so a view can be bookmarked. */
export interface NewsFilters {
  title: string;
  terms: string;
  /** YYYY-MM-DD or '' */
  after: string;
  /** YYYY-MM-DD or '' */
  before: string;
  /** 'Affiché en Carousel' ticked: only carousel news. */
  slider: boolean;
}

export const DEFAULT_FILTERS: NewsFilters = {
  title: '',
  terms: '',
  after: '',
  before: '',
  slider: false,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters read from the query string; anything malformed falls back to the default. */
export function filtersFromSearch(search: URLSearchParams | string): NewsFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    title: (params.get('title') ?? '').trim(),
    terms: (params.get('terms') ?? '').trim(),
    after: date('after'),
    before: date('before'),
    slider: params.get('carousel') === '1',
  };
}

/** The query string of the filters: only what differs from the defaults, in a stable order. */
export function filtersToSearch(filters: NewsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.title.trim()) params.set('title', filters.title.trim());
  if (filters.terms.trim()) params.set('terms', filters.terms.trim());
  if (ISO_DATE.test(filters.after)) params.set('after', filters.after);
  if (ISO_DATE.test(filters.before)) params.set('before', filters.before);
  if (filters.slider) params.set('carousel', '1');
  return params;
}

/**
 * The `GET /news` query of the filters (spec §7). Agents only ever see displayed news; the
 * date range is inclusive of both days.
 */
export function filtersToQuery(filters: NewsFilters, audience: 'agent' | 'staff'): ListNewsFilters {
  const query: ListNewsFilters = {};
  if (filters.title) query.title = filters.title;
  if (filters.terms) query.terms = filters.terms;
  if (filters.after) query['date[after]'] = filters.after;
  if (filters.before) query['date[before]'] = `${filters.before}T23:59:59`;
  if (filters.slider) query.sliderDisplayed = 'true';
  if (audience === 'agent') query.displayed = 'true';
  return query;
}
