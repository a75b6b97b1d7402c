import { news, newsLists } from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { imageBankId, mergePatch, NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

async function newsId(fx: Fixtures) {
  const [row] = await fx.ctx.db
    .insert(news)
    .values({
      title: `Actualité ${fx.unique()}`,
      date: new Date('2026-01-15T09:00:00Z'),
      content: '<p>Matrice</p>',
      displayed: true,
    })
    .returning();
  return row!.id;
}

async function newsListId(fx: Fixtures, userId: number) {
  const [row] = await fx.ctx.db
    .insert(newsLists)
    .values({ newsId: await newsId(fx), userId })
    .returning();
  return row!.id;
}

export const newsExamples: Record<string, Example> = {
  'main:listNews': {
    request: () => ({ path: '/news?page=1&displayed=true&order[date]=desc' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createNews': {
    request: async ({ fx }) => ({
      path: '/news',
      body: {
        title: `Actualité ${fx.unique()}`,
        date: '2026-01-15',
        content: 'Texte',
        imageBank: `/image_banks/${await imageBankId(fx)}`,
      },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:getNews': {
    request: async ({ fx }) => ({ path: `/news/${await newsId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateNews': {
    request: async ({ fx }) => ({
      path: `/news/${await newsId(fx)}`,
      body: { displayed: false },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteNews': {
    request: async ({ fx }) => ({ path: `/news/${await newsId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listMyNewsLists': {
    request: () => ({ path: '/news_list/user?news.hasPopup=true&isRead=false' }),
    foreign: 'the caller’s own entries only',
  },
  'main:updateNewsList': {
    request: async ({ fx, caller }) => {
      const id = caller ? await newsListId(fx, caller.userId) : 1;
      return { path: `/news_lists/${id}`, body: { id, isRead: true }, headers: mergePatch };
    },
    foreign: {
      request: async ({ fx }) => ({
        path: `/news_lists/${await newsListId(fx, fx.otherAgent.userId)}`,
        body: { isRead: true },
        headers: mergePatch,
      }),
      status: 404,
    },
  },
  'main:clearLoginAgent': {
    request: () => ({ path: '/me/login-agent/clear' }),
    foreign: 'the caller only',
  },
};
