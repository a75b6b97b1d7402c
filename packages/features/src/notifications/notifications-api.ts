import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';

/** `POST /notification_lists/user` with the entries to mark read. */
export async function markNotificationsRead(ids: readonly number[]): Promise<void> {
  unwrap(
    await api.main.POST('/notification_lists/user', { body: { notificationListIds: [...ids] } }),
  );
}
