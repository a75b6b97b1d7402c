import { listUsersQuery } from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { Pagination } from '@portal/ui/pagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { paginationLabels } from '../common';
import { ListPage, TextFilter, urlFilter, useUrlFilters } from '../list-kit';
import { messages } from './messages';
import { UsersTable } from './users-table';

const PAGE_SIZE = 10;

/** The users' filters, under the `GET /users` parameter names. */
const usersFiltersSchema = z.object({ lastName: urlFilter.text(), page: urlFilter.page() });

/**
 * /administration/users, minimal: a name filter, the users by profile, and the action to
 * view the portal as one of them. Filters live in the URL so the view can be bookmarked.
 */
export function UsersPage() {
  const { filters, apply } = useUrlFilters(usersFiltersSchema);
  const users = useQuery({
    ...listUsersQuery({
      page: filters.page,
      itemsPerPage: PAGE_SIZE,
      'order[profile]': 'asc',
      ...(filters.lastName ? { lastName: filters.lastName } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const total = users.data?.['hydra:totalItems'] ?? 0;

  return (
    <ListPage title={messages.usersTitle}>
      <TextFilter
        label={messages.filters}
        fieldLabel={messages.lastName}
        name="lastName"
        value={filters.lastName}
        onApply={(lastName) => apply({ lastName, page: 1 })}
      />
      {users.isPending && <p role="status">{messages.loading}</p>}
      {users.isError && <Alert variant="error">{messages.errorPrefix + users.error.message}</Alert>}
      {users.data && (
        <>
          <UsersTable users={users.data['hydra:member']} />
          <Pagination
            label={messages.usersPagination}
            labels={paginationLabels}
            page={filters.page}
            pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))}
            onPageChange={(page) => apply({ page })}
            totalItems={total}
            formatTotal={messages.total}
          />
        </>
      )}
    </ListPage>
  );
}
