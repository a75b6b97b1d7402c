import type { RouteEntry } from '../route-entry';

/** News: the agents read them, the communication team writes them. */
export const staffRoutes = [
  {
    path: '/communication/news',
    component: 'communication_news_page',
    title: 'Actualités',
    menu: { section: 'communication' },
    screen: 'news-list-page',
    name: 'newsList',
  },
  {
    path: '/communication/news/create',
    component: 'news_edit_page',
    title: 'Créer une actualité',
    screen: 'news-create-page',
    name: 'newsCreate',
  },
  {
    path: '/communication/news/:id/edit',
    component: 'news_edit_page',
    title: 'Modifier une actualité',
    screen: 'news-edit-page',
    name: 'newsEdit',
  },
  {
    path: '/communication/news/:id',
    component: 'news_details_page',
    title: 'Actualité',
    screen: 'news-detail-page',
    name: 'newsDetail',
  },
] as const satisfies readonly RouteEntry[];
