import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import type { components } from '@portal/api/main';

type NewsInput = components['schemas']['NewsInput'];
type NewsPatch = components['schemas']['NewsPatch'];
type NotificationInput = components['schemas']['NotificationInput'];

export async function createNews(body: NewsInput) {
  return unwrap(await api.main.POST('/news', { body }));
}

export async function updateNews(id: number, body: NewsPatch) {
  return unwrap(await api.main.PATCH('/news/{id}', { params: { path: { id } }, body }));
}

export async function deleteNews(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/news/{id}', { params: { path: { id } } }));
}

/** 'Lu': `PATCH /news_lists/{id}` with the id and isRead true (spec §4). */
export async function markNewsRead(entryId: number) {
  return unwrap(
    await api.main.PATCH('/news_lists/{id}', {
      params: { path: { id: entryId } },
      body: { id: entryId, isRead: true },
    }),
  );
}

/** Clears the caller's `onLoginAgent` flag once the news popup is finished. */
export async function clearLoginFlag(): Promise<void> {
  unwrap(await api.main.POST('/me/login-agent/clear'));
}

export async function createNotification(body: NotificationInput) {
  return unwrap(await api.main.POST('/notifications', { body }));
}
