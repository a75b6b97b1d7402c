import { AgentNewsDetailPage } from '@portal/features/news';

export default AgentNewsDetailPage;
