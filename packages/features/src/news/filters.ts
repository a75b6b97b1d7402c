import { limits } from '@portal/api/limits';
import type { ListNewsFilters } from '@portal/api/news';
import * as z from 'zod/mini';
import { defaultFilters, urlFilter } from '../list-kit';

/**
 * News list filters (spec §2): applied on submit, kept in the URL under the `GET /news`
 * parameter names so a view can be bookmarked. Dates are calendar days.
 */
export const newsFiltersSchema = z.object({
  title: urlFilter.text(limits.newsFilter),
  terms: urlFilter.text(limits.newsFilter),
  'date[after]': urlFilter.day(),
  'date[before]': urlFilter.day(),
  /** 'Affiché en Carousel' ticked: only carousel news. */
  sliderDisplayed: urlFilter.flag(),
});

export type NewsFilters = z.output<typeof newsFiltersSchema>;

export const DEFAULT_FILTERS: NewsFilters = defaultFilters(newsFiltersSchema);

/**
 * Whose news list it is, the features' one name for a screen's audience: an agent's own
 * (`'mine'`: only displayed news) or staff's view of the network (`'network'`: every item).
 */
export type NewsScope = 'mine' | 'network';

/**
 * The `GET /news` query of the filters (spec §7). Agents only ever see displayed news; the
 * date range is inclusive of both days.
 */
export function filtersToQuery(filters: NewsFilters, scope: NewsScope): ListNewsFilters {
  const query: ListNewsFilters = {};
  if (filters.title) query.title = filters.title;
  if (filters.terms) query.terms = filters.terms;
  if (filters['date[after]']) query['date[after]'] = filters['date[after]'];
  if (filters['date[before]']) query['date[before]'] = `${filters['date[before]']}T23:59:59`;
  if (filters.sliderDisplayed) query.sliderDisplayed = 'true';
  if (scope === 'mine') query.displayed = 'true';
  return query;
}
