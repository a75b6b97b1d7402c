import { deleteReminder, deleteReminderList, type Reminder } from '@portal/api/reminders';

/** A row of the reminder lists: the reminder, and the caller's list entry when there is one. */
export type ReminderRow = { id: number; reminder: Reminder; entryId: number | null };

export type DeletionScope = 'mine' | 'network';

/**
 * The path a row is deleted through: an agent's personal reminder itself (its entry goes with
 * it), a network reminder from the agent's own list only (his entry), and for staff the network
 * reminder itself.
 */
export function deletionOf(row: ReminderRow, scope: DeletionScope): () => Promise<void> {
  if (scope === 'mine' && row.reminder.type === 'hubnup' && row.entryId !== null) {
    const entryId = row.entryId;
    return () => deleteReminderList(entryId);
  }
  return () => deleteReminder(row.reminder.id);
}

export type DeletionOutcome = {
  /** The rows deleted, in order. */
  deleted: number[];
  /** The first row that failed and why; the rows after it were not tried. */
  failed: { row: ReminderRow; message: string } | null;
};

/**
 * Deletes the rows one path after another and stops at the first answer that is not a success
 * (spec part 1 §4), saying which rows went and which one failed.
 */
export async function deleteRows(
  rows: readonly ReminderRow[],
  scope: DeletionScope,
  remove: (row: ReminderRow, scope: DeletionScope) => () => Promise<void> = deletionOf,
): Promise<DeletionOutcome> {
  const deleted: number[] = [];
  for (const row of rows) {
    try {
      await remove(row, scope)();
      deleted.push(row.id);
    } catch (failure) {
      return { deleted, failed: { row, message: (failure as Error).message } };
    }
  }
  return { deleted, failed: null };
}
