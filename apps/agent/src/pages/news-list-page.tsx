import { AgentNewsPage } from '@portal/features/news';

export default AgentNewsPage;
