import { NewsDetail } from './news-detail-page';

/** /news/{id} (agents). */
export function AgentNewsDetailPage({ params }: { params: Record<string, string | undefined> }) {
  return <NewsDetail id={params.id} scope="mine" />;
}
