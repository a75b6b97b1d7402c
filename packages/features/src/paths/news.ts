import type { RouteEntry } from './route-entry';

/** News: the agents read them, the communication team writes them. */
export const agentRoutes = [
  {
    path: '/news',
    component: 'news_page',
    title: 'Actualités',
    menu: { section: 'main' },
    screen: 'news-list-page',
    name: 'newsList',
  },
  {
    path: '/news/:id',
    component: 'news_details_page',
    title: 'Actualité',
    screen: 'news-detail-page',
    name: 'newsDetail',
  },
] as const satisfies readonly RouteEntry[];
