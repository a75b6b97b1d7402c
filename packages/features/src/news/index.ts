// Agent screens and what both apps share. The staff screens (form, rich editor, image bank
// picker) are in `@portal/features/news/staff`, so the agent portal never bundles them.
export { AgentNewsPage } from './agent-news-page';
export { filtersToQuery, type NewsScope, type NewsFilters, newsFiltersSchema } from './filters';
export { NewsListPage, type NewsListPageProps } from './news-list-page';
export { NewsDetail } from './news-detail-page';
export { newsExcerpt, newsImageUrl, type NewsItem } from './news-item';
export { AgentNewsDetailPage } from './agent-news-detail-page';
export { NewsPopupHost } from './news-popup-host';
