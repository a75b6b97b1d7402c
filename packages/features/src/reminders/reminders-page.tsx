import {
  downloadMyRemindersIcs,
  getMyReminderCalendarQuery,
  invalidateReminders,
  listMyReminderListsQuery,
  listRemindersQuery,
  type ReminderCalendar,
} from '@portal/api/reminders';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ButtonLink } from '@portal/ui/button-link';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { EXPORT_BUTTON_LABELS_FR, ExportButton } from '@portal/ui/export-button';
import { formatDate } from '@portal/ui/format';
import { MonthCalendar } from '@portal/ui/month-calendar';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import { followInApp } from '../common';
import {
  type ApiQuery,
  dateRangeFilter,
  type FilterField,
  ListFilters,
  ListScreen,
  scopedGrids,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { deleteRows, type ReminderRow } from './deletion';
import { messages } from './messages';
import { formatParisDateTime, monthBounds, parisDay } from './paris-time';

export type ReminderScope = 'mine' | 'network';

/** The contract's `maxLength` of the title and name filters. */
const TITLE_MAX = 255;
const NAME_MAX = 180;
const TYPES = ['', 'hubnup', 'personal'] as const;
/** Spec part 1 §9: a table of 10, latest date first. */
const GRIDS = scopedGrids(
  {
    sortable: ['date', 'title'],
    defaultSort: { field: 'date', direction: 'desc' },
    pageSize: 10,
  },
  'reminders',
);
const thisMonth = () => parisDay(new Date().toISOString()).slice(0, 7);

/**
 * The list's URL: the filters under the API's names (an agent's type, staff's agent names) and
 * the calendar's month (page state).
 */
const filterSchema = z.object({
  title: urlFilter.text(TITLE_MAX),
  'date[after]': urlFilter.day(),
  'date[before]': urlFilter.day(),
  type: urlFilter.oneOf(TYPES, ''),
  firstName: urlFilter.text(NAME_MAX),
  lastName: urlFilter.text(NAME_MAX),
  month: urlFilter.month(),
});
type Filters = z.output<typeof filterSchema>;
const typeOf = (value: string): Filters['type'] => TYPES.find((type) => type === value) ?? '';

/** The title and the period, then an agent's type of reminder or, for staff, the agent's names. */
const COMMON_FIELDS: FilterField<Filters>[] = [
  { kind: 'text', key: 'title', label: messages.title, maxLength: TITLE_MAX },
  dateRangeFilter({
    from: 'date[after]',
    to: 'date[before]',
    label: messages.date,
    className: 'sm:col-span-2',
    fromLabel: messages.from,
    toLabel: messages.to,
  }),
];
const FIELDS: Record<ReminderScope, FilterField<Filters>[]> = {
  mine: [
    ...COMMON_FIELDS,
    { kind: 'select', key: 'type', label: messages.type, options: messages.types },
  ],
  network: [
    ...COMMON_FIELDS,
    {
      kind: 'text',
      key: 'firstName',
      label: messages.agentFirstName,
      maxLength: NAME_MAX,
      hint: messages.agentNameHint,
    },
    {
      kind: 'text',
      key: 'lastName',
      label: messages.agentLastName,
      maxLength: NAME_MAX,
      hint: messages.agentNameHint,
    },
  ],
};

const pathsOf = (scope: ReminderScope) =>
  scope === 'mine'
    ? { detail: agentPaths.reminderDetail, create: agentPaths.reminderCreate }
    : { detail: staffPaths.reminderDetail, create: staffPaths.reminderCreate };

function columnsFor(scope: ReminderScope): DataGridColumn<ReminderRow>[] {
  const { detail } = pathsOf(scope);
  return [
    {
      field: 'date',
      header: messages.date,
      value: (row) => formatParisDateTime(row.reminder.date),
      sortable: true,
      minWidth: 170,
    },
    {
      field: 'title',
      header: messages.title,
      value: (row) => row.reminder.title,
      href: (row) =>
        row.entryId === null
          ? detail(row.reminder.id)
          : `${detail(row.reminder.id)}?entry=${row.entryId}`,
      sortable: true,
      alwaysVisible: true,
      minWidth: 220,
      flex: 1,
    },
    ...(scope === 'mine'
      ? [
          {
            field: 'type',
            header: messages.type,
            value: (row: ReminderRow) => messages.typeLabels[row.reminder.type],
          },
          {
            field: 'about',
            header: messages.about,
            value: (row: ReminderRow) =>
              row.reminder.client?.fullName ?? row.reminder.prospect ?? '',
            minWidth: 160,
          },
        ]
      : [
          {
            field: 'displayed',
            header: messages.displayed,
            value: (row: ReminderRow) => (row.reminder.displayed ? messages.yes : messages.no),
          },
        ]),
  ];
}

/** The calendar's counts: the caller's list entries, or the network reminders of the month. */
function useCounts(scope: ReminderScope, month: string, query: ApiQuery) {
  const { title, type, firstName, lastName } = query;
  const mine = useQuery({
    ...getMyReminderCalendarQuery({
      month,
      ...(title ? { title: String(title) } : {}),
      ...(type ? { type: typeOf(String(type)) } : {}),
    }),
    enabled: scope === 'mine',
  });
  const { first, last } = monthBounds(month);
  // Network reminders are few (a handful a month): the month's page of 100 is counted here.
  const network = useQuery({
    ...listRemindersQuery({
      type: 'hubnup',
      'date[after]': first,
      'date[before]': last,
      itemsPerPage: 100,
      ...(title ? { title: String(title) } : {}),
      ...(firstName ? { firstName: String(firstName) } : {}),
      ...(lastName ? { lastName: String(lastName) } : {}),
    }),
    enabled: scope === 'network',
  });
  return useMemo(() => {
    const counts: Record<CalendarDay, number> = {};
    if (scope === 'mine') {
      for (const { date, count } of (mine.data as ReminderCalendar | undefined)?.days ?? [])
        counts[date] = count;
    } else {
      for (const reminder of network.data?.['hydra:member'] ?? []) {
        const day = parisDay(reminder.date);
        counts[day] = (counts[day] ?? 0) + 1;
      }
    }
    return counts;
  }, [scope, mine.data, network.data]);
}

/**
 * /my/reminders (`reminders_page`, an agent's own list: his personal reminders and the network
 * ones shown to him) and /communication/reminders (`communication_reminders_page`, staff's
 * network reminders): a month calendar whose badges count each day's reminders (a day chosen
 * filters the list), the filters in the URL, a server-paged table of 10 by date descending with
 * bulk deletion, creation, and for an agent the export to his own calendar.
 */
export function RemindersPage({ scope }: { scope: ReminderScope }) {
  const list = useListScreen({ filters: filterSchema, grids: [GRIDS[scope]], state: ['month'] });
  const grid = list.grid(GRIDS[scope]);
  const { filters } = list;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const month = filters.month || thisMonth();
  const counts = useCounts(scope, month, list.query);
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const mine = useQuery({
    ...listMyReminderListsQuery(grid.query),
    select: (data) => ({
      ...data,
      'hydra:member': data['hydra:member'].map((entry): ReminderRow => ({
        id: entry.id,
        reminder: entry.reminder,
        entryId: entry.id,
      })),
    }),
    enabled: scope === 'mine',
  });
  const network = useQuery({
    ...listRemindersQuery({ ...grid.query, type: 'hubnup' }),
    select: (data) => ({
      ...data,
      'hydra:member': data['hydra:member'].map((reminder): ReminderRow => ({
        id: reminder.id,
        reminder,
        entryId: null,
      })),
    }),
    enabled: scope === 'network',
  });
  const rows = scope === 'mine' ? mine : network;
  const [deleting, setDeleting] = useState<{ ids: string[]; clear: () => void } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const oneDay =
    filters['date[after]'] !== '' && filters['date[after]'] === filters['date[before]']
      ? filters['date[after]']
      : '';
  const create = pathsOf(scope).create;

  const removeSelected = async () => {
    if (!deleting) return;
    const chosen = (rows.data?.['hydra:member'] ?? []).filter((row) =>
      deleting.ids.includes(String(row.id)),
    );
    setPending(true);
    const outcome = await deleteRows(chosen, scope);
    setPending(false);
    await invalidateReminders(queryClient);
    if (outcome.failed) {
      // What went is gone; the failed row and those after it stay, with the reason.
      setFailure(
        messages.partlyDeleted(
          outcome.deleted.length,
          messages.error(`${outcome.failed.row.reminder.title} : ${outcome.failed.message}`),
        ),
      );
    } else {
      showSnackbar(chosen.length > 1 ? messages.deletedMany : messages.deleted, 'success');
    }
    deleting.clear();
    setDeleting(null);
  };

  return (
    <ListScreen
      title={scope === 'mine' ? messages.myTitle : messages.networkTitle}
      action={
        <Gate component={scope === 'mine' ? 'reminders_edit_page' : 'communication_reminders_page'}>
          <ButtonLink href={create} onNavigate={(event) => followInApp(event, create, navigate)}>
            {messages.create}
          </ButtonLink>
        </Gate>
      }
      exportButton={
        scope === 'mine' ? (
          <div className="flex flex-wrap items-center gap-3">
            <ExportButton
              labels={{ ...EXPORT_BUTTON_LABELS_FR, idle: messages.exportCalendar }}
              onExport={() => downloadMyRemindersIcs(grid.exportQuery)}
            />
            <Gate component="reminders_reporting_page">
              <ButtonLink
                href={agentPaths.reminderReporting}
                variant="secondary"
                onNavigate={(event) => followInApp(event, agentPaths.reminderReporting, navigate)}
              >
                {messages.reporting}
              </ButtonLink>
            </Gate>
          </div>
        ) : undefined
      }
      filters={<ListFilters list={list} label={messages.filtersLabel} fields={FIELDS[scope]} />}
    >
      <div className="grid gap-6 lg:grid-cols-[auto_1fr] lg:items-start">
        <section
          aria-label={messages.calendar}
          className="space-y-3 justify-self-center rounded-card bg-surface p-4 shadow-sm"
        >
          <MonthCalendar
            month={month}
            onMonthChange={(next) => list.set({ month: next })}
            counts={counts}
            selected={oneDay}
            onSelect={(day) => list.apply({ 'date[after]': day, 'date[before]': day })}
            countLabel={messages.countLabel}
          />
          <p className="text-center text-sm text-muted" aria-live="polite">
            {oneDay ? messages.dayChosen(formatDate(oneDay)) : messages.allDays}
          </p>
        </section>
        <div className="min-w-0 space-y-3">
          {failure && <Alert variant="error">{failure}</Alert>}
          <PagedGrid
            grid={grid}
            columns={columns}
            list={rows}
            texts={messages.grid}
            bulkActions={{
              rowLabel: (row) => row.reminder.title,
              render: (ids, clear) => (
                <Button variant="danger" size="sm" onClick={() => setDeleting({ ids, clear })}>
                  {messages.deleteSelected(ids.length)}
                </Button>
              ),
            }}
          />
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => void removeSelected()}
        title={messages.confirmDeleteMany(deleting?.ids.length ?? 0)}
        message={messages.irreversible}
        confirmLabel={messages.delete}
        cancelLabel={messages.cancel}
        closeLabel={messages.close}
        destructive
        pending={pending}
      />
    </ListScreen>
  );
}
