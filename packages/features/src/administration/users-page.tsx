import { limits } from '@portal/api/limits';
import { listProfilesQuery, listUsersQuery } from '@portal/api/administration';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ButtonLink } from '@portal/ui/button-link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import {
  ListFilters,
  ListScreen,
  type StoredGridSpec,
  textFilters,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import { UserImportDialog } from './user-import-dialog';
import { useUserColumns } from './users-table';

/** The users' filters, under the `GET /users` parameter names (`roles`: the profile's name). */
const TEXT = textFilters({
  firstName: { label: messages.firstName, maxLength: limits.textFilter },
  lastName: { label: messages.lastName, maxLength: limits.textFilter },
  email: { label: messages.email, maxLength: limits.textFilter },
});
const usersFiltersSchema = z.object({
  ...TEXT.schema,
  roles: urlFilter.text(limits.textFilter),
});
const GRID: StoredGridSpec = {
  sortable: ['lastName', 'firstName', 'email', 'profile'],
  defaultSort: { field: 'profile', direction: 'asc' },
  pageSize: 10,
  storageKey: 'users',
};

/**
 * /administration/users: filters (first and last name, e-mail, profile) in the URL, the users
 * 10 a page by profile, the way to create or import users, and per user his record and the
 * action to view the portal as him.
 */
export function UsersPage() {
  const list = useListScreen({ filters: usersFiltersSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const users = useQuery({ ...listUsersQuery(grid.query), placeholderData: keepPreviousData });
  const profiles = useQuery(listProfilesQuery());
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const columns = useUserColumns(setFailure);
  const profileOptions = (profiles.data?.['hydra:member'] ?? []).map((p) => ({
    value: p.name,
    label: p.title,
  }));

  return (
    <ListScreen
      title={messages.usersTitle}
      action={
        <>
          <Gate component="users_imports">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {messages.importUsers}
            </Button>
          </Gate>
          <Gate component="users_edit_page">
            <ButtonLink href={staffPaths.userCreate}>{messages.createUser}</ButtonLink>
          </Gate>
        </>
      }
      filters={
        <ListFilters
          list={list}
          label={messages.filters}
          fields={[
            ...TEXT.fields,
            {
              kind: 'select',
              key: 'roles',
              label: messages.rolesFilter,
              placeholder: messages.allProfiles,
              options: profileOptions,
            },
          ]}
        />
      }
    >
      {failure && <Alert variant="error">{failure}</Alert>}
      <PagedGrid grid={grid} columns={columns} list={users} texts={messages.usersGrid} />
      <Gate component="users_imports">
        <UserImportDialog open={importing} onClose={() => setImporting(false)} />
      </Gate>
    </ListScreen>
  );
}
