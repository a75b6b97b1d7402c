import {
  type AuditEntry,
  auditHeaders,
  exportAuditEntries,
  listAuditEntriesQuery,
} from '@portal/api/audit';
import { Gate } from '@portal/auth';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  dateRangeFilter,
  type FilterField,
  ListFilters,
  ListScreen,
  type StoredGridSpec,
  textFilters,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { messages } from './messages';

/** Issue 42: newest first, 25 a page. */
const GRID: StoredGridSpec = {
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  pageSize: 25,
  storageKey: 'audit',
};

/** The contract's bounds on the filters (`administration.yaml`). */
const LIMITS = { user: 200, operationId: 100, targetIri: 300 } as const;

/** The URL keys are the API's parameter names. */
const TEXT = textFilters({
  user: { label: messages.user, maxLength: LIMITS.user },
  operationId: { label: messages.operation, maxLength: LIMITS.operationId },
  targetIri: { label: messages.target, maxLength: LIMITS.targetIri },
});
const filterSchema = z.object({
  ...TEXT.schema,
  'createdAt[after]': urlFilter.day(),
  'createdAt[before]': urlFilter.day(),
});

const FIELDS: FilterField<z.output<typeof filterSchema>>[] = [
  ...TEXT.fields,
  dateRangeFilter({
    from: 'createdAt[after]',
    to: 'createdAt[before]',
    label: messages.period,
    fromLabel: messages.from,
    toLabel: messages.to,
  }),
];

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const shown = (value: unknown) =>
  value === null || value === undefined
    ? messages.emptyValue
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** `field : before → after`, the changed fields one after the other. */
export const changesText = (changes: AuditEntry['changes']) =>
  Object.entries(changes ?? {})
    .map(([field, change]) => `${field} : ${shown(change.before)} → ${shown(change.after)}`)
    .join(' ; ');

const author = (entry: AuditEntry) =>
  `${entry.user.fullName} <${entry.user.email}>` +
  (entry.impersonator ? ` (${messages.impersonatedBy(entry.impersonator.fullName)})` : '');

/** What changed comes before the target: the grid keeps the first columns in view. */
const COLUMNS: DataGridColumn<AuditEntry>[] = [
  {
    field: 'createdAt',
    header: auditHeaders.createdAt,
    value: (entry) => dateTime.format(new Date(entry.createdAt)),
    sortable: true,
    alwaysVisible: true,
    minWidth: 160,
  },
  { field: 'user', header: auditHeaders.user, value: author, minWidth: 220 },
  {
    field: 'operationId',
    header: auditHeaders.operationId,
    value: (entry) => entry.operationId ?? `${entry.method} ${entry.path}`,
    minWidth: 180,
  },
  {
    field: 'changes',
    header: auditHeaders.changes,
    value: (entry) => changesText(entry.changes),
    minWidth: 280,
    flex: 2,
  },
  { field: 'targetIri', header: auditHeaders.targetIri, value: (e) => e.targetIri, minWidth: 160 },
  { field: 'status', header: auditHeaders.status, value: (e) => e.status, minWidth: 80 },
  {
    field: 'requestId',
    header: auditHeaders.requestId,
    value: (e) => e.requestId,
    hiddenByDefault: true,
  },
];

/**
 * /administration/audit (`audit_page`): the trail of the staff's and impersonated actions, who,
 * when, what and on what, with the changed fields; filters in the URL, newest first, 25 a page,
 * and the export of the same filtered trail.
 */
export function AuditPage() {
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const entries = useQuery(listAuditEntriesQuery(grid.query));

  return (
    <ListScreen
      title={messages.title}
      exportButton={
        <Gate component="audit_page">
          <ExportButton
            onExport={(onProgress) => exportAuditEntries(grid.exportQuery, onProgress)}
          />
        </Gate>
      }
      filters={<ListFilters list={list} label={messages.filtersLabel} fields={FIELDS} />}
    >
      <PagedGrid grid={grid} columns={COLUMNS} list={entries} texts={messages.grid} />
    </ListScreen>
  );
}
