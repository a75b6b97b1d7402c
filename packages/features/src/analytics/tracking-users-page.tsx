import { listTrackingUsersQuery, type TrackingUser } from '@portal/api/analytics';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { formatDate } from '@portal/ui/format';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  column,
  ListFilters,
  ListScreen,
  sortableColumn,
  type StoredGridSpec,
  textFilters,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';

/** The contract's `maxLength` of the name and email filters. */
const NAME_MAX = 120;
const EMAIL_MAX = 180;
/** 10 a page, by last name (spec part 2 §9). */
const GRID: StoredGridSpec = {
  sortable: ['lastName', 'firstName', 'email'],
  defaultSort: { field: 'lastName', direction: 'asc' },
  pageSize: 10,
  storageKey: 'tracking-users',
};

const TEXT = textFilters({
  lastName: { label: messages.lastName, maxLength: NAME_MAX },
  firstName: { label: messages.firstName, maxLength: NAME_MAX },
  email: { label: messages.email, maxLength: EMAIL_MAX },
});
const filterSchema = z.object(TEXT.schema);

const columns: DataGridColumn<TrackingUser>[] = [
  {
    ...sortableColumn<TrackingUser>('lastName', messages.lastName, (row) => row.lastName),
    alwaysVisible: true,
    href: (row) => staffPaths.trackingUserDetails(String(row.id)),
  },
  sortableColumn('firstName', messages.firstName, (row) => row.firstName),
  { ...sortableColumn('email', messages.email, (row) => row.email), minWidth: 220, flex: 1 },
  column('lastConnection', messages.lastConnection, (row) =>
    row.lastConnection ? formatDate(row.lastConnection) : '',
  ),
];

/** `/tracking/users` (`tracking_users_page`): the accounts, each leading to its usage. */
export function TrackingUsersPage() {
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const rows = useQuery(listTrackingUsersQuery(grid.query));
  return (
    <ListScreen
      title={messages.usersTitle}
      filters={
        <ListFilters
          list={list}
          label={messages.usersFilters}
          fields={TEXT.fields}
          fieldsClassName={null}
        />
      }
    >
      <PagedGrid grid={grid} columns={columns} list={rows} texts={messages.usersGrid} />
    </ListScreen>
  );
}
