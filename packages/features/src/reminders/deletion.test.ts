import type { Reminder } from '@portal/api/reminders';
import { describe, expect, it } from 'vitest';
import { deleteRows, type ReminderRow } from './deletion';

const reminder = (id: number, type: Reminder['type']): Reminder => ({
  '@id': `/reminders/${id}`,
  '@type': 'Reminder',
  id,
  title: `R${id}`,
  content: null,
  date: '2026-11-20T08:00:00Z',
  type,
  displayed: true,
  client: null,
  clientId: null,
  prospect: null,
  author: null,
});
const row = (id: number, type: Reminder['type']): ReminderRow => ({
  id,
  reminder: reminder(id * 10, type),
  entryId: id,
});

describe('deleting reminders', () => {
  it('goes through each row in turn and stops at the first failure', async () => {
    const tried: string[] = [];
    const outcome = await deleteRows(
      [row(1, 'personal'), row(2, 'hubnup'), row(3, 'personal')],
      'mine',
      (r) => async () => {
        tried.push(`${r.reminder.type}:${r.id}`);
        if (r.id === 2) throw new Error('Accès refusé.');
      },
    );
    expect(tried).toEqual(['personal:1', 'hubnup:2']);
    expect(outcome).toEqual({
      deleted: [1],
      failed: { row: expect.objectContaining({ id: 2 }), message: 'Accès refusé.' },
    });
  });
});
