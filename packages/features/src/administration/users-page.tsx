import { listUsersQuery } from '@portal/api/administration';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { messages } from './messages';
import { UsersTable } from './users-table';

const PAGE_SIZE = 10;

/**
 * /administration/users, minimal: a name filter, the users by profile, and the action to
 * view the portal as one of them. Filters live in the URL so the view can be bookmarked.
 */
export function UsersPage() {
  const [search, setSearch] = useSearchParams();
  const lastName = search.get('lastName') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [draft, setDraft] = useState(lastName);
  const users = useQuery({
    ...listUsersQuery({
      page,
      itemsPerPage: PAGE_SIZE,
      'order[profile]': 'asc',
      ...(lastName ? { lastName } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const apply = (next: { lastName?: string; page?: number }) => {
    const params = new URLSearchParams();
    const name = next.lastName ?? lastName;
    if (name) params.set('lastName', name);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    apply({ lastName: draft.trim(), page: 1 });
  };
  const onReset = () => {
    setDraft('');
    setSearch(new URLSearchParams());
  };

  const total = users.data?.['hydra:totalItems'] ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{messages.usersTitle}</h1>
      <form
        role="search"
        aria-label={messages.filters}
        onSubmit={onFilter}
        className="flex flex-wrap items-end gap-3 rounded-card bg-surface p-4 shadow-sm"
      >
        <TextField
          label={messages.lastName}
          name="lastName"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="w-full sm:w-72"
        />
        <Button type="submit">{messages.filter}</Button>
        <Button variant="secondary" onClick={onReset}>
          {messages.reset}
        </Button>
      </form>
      {users.isPending && <p role="status">{messages.loading}</p>}
      {users.isError && <Alert variant="error">{messages.errorPrefix + users.error.message}</Alert>}
      {users.data && (
        <>
          <p className="text-sm text-muted">{messages.total(total)}</p>
          <UsersTable users={users.data['hydra:member']} />
          <nav aria-label="Pagination" className="flex items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => apply({ page: page - 1 })}
            >
              {messages.previous}
            </Button>
            <span className="text-sm">{messages.page(page, pages)}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => apply({ page: page + 1 })}
            >
              {messages.next}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
