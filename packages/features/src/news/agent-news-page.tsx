import { NewsListPage } from './news-list-page';

/** /news (agents): the displayed news, filters in the URL, recent and unread markers. */
export function AgentNewsPage() {
  return <NewsListPage scope="mine" />;
}
