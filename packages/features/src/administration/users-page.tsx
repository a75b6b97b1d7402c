import { limits } from '@portal/api/limits';
import { listUsersQuery } from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import {
  FilterTextField,
  type GridSpec,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { messages } from './messages';
import { useUserColumns } from './users-table';

/** The users' filters, under the `GET /users` parameter names; 10 a page, by profile. */
const usersFiltersSchema = z.object({ lastName: urlFilter.text(limits.textFilter) });
const GRID: GridSpec = {
  sortable: [],
  defaultSort: { field: 'profile', direction: 'asc' },
  pageSize: 10,
};

/**
 * /administration/users, minimal: a name filter, the users by profile, and the action to
 * view the portal as one of them. Filters live in the URL so the view can be bookmarked.
 */
export function UsersPage() {
  const list = useListScreen({ filters: usersFiltersSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const users = useQuery({ ...listUsersQuery(grid.query), placeholderData: keepPreviousData });
  const [failure, setFailure] = useState<string | null>(null);
  const columns = useUserColumns(setFailure);

  return (
    <ListScreen
      title={messages.usersTitle}
      filters={
        <ListFilters list={list} label={messages.filters} className={FORM_CLASS}>
          {(draft, set) => (
            <FilterTextField
              label={messages.lastName}
              name="lastName"
              maxLength={limits.textFilter}
              value={draft.lastName}
              onChange={(event) => set({ lastName: event.target.value })}
              className="md:w-72"
            />
          )}
        </ListFilters>
      }
    >
      {failure && <Alert variant="error">{failure}</Alert>}
      <PagedGrid
        grid={grid}
        label={messages.usersTitle}
        columns={columns}
        list={users}
        storageKey="users"
        empty={{ none: messages.noUsersYet, filtered: messages.noUsers }}
        totalLabel={messages.total}
      />
    </ListScreen>
  );
}

const FORM_CLASS =
  'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end';
