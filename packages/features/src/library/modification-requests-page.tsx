import {
  listDocumentModificationRequestsInfiniteQuery,
  type DocumentModificationRequest,
  type ModificationRequestFilters,
} from '@portal/api/library';
import { useHasComponent, useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { CardGrid } from '@portal/ui/card-grid';
import { Checkbox } from '@portal/ui/checkbox';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { DraftFilterForm, ListPage, urlFilter, useUrlFilters } from '../list-kit';
import { requestMessages as messages } from './messages';
import { ModificationRequestDialog } from './modification-request-dialog';

/** The filters, under the API's parameter names (the 'Mes demandes' box is `mine`). */
const filtersSchema = z.object({
  'createdAt[after]': urlFilter.day(),
  'createdAt[before]': urlFilter.day(),
  mine: urlFilter.flag(),
  'mediaObject.displayName': urlFilter.text(255),
  status: urlFilter.oneOf(['', ...messages.statuses] as const, ''),
});
type Filters = z.output<typeof filtersSchema>;

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('fr-FR');

/**
 * /library/demandes-modification: the requests on the documents the user may read, newest
 * first, 10 more at a time; agents create them, staff (`modification_requests_edit`) handle
 * them (status and comment) in the same dialog.
 */
export function ModificationRequestsPage() {
  const { filters, searchKey, apply, reset } = useUrlFilters(filtersSchema);
  const userId = useSession()?.userId;
  const canHandle = useHasComponent('modification_requests_edit');
  const query: ModificationRequestFilters = {
    ...(filters['createdAt[after]'] && { 'createdAt[after]': filters['createdAt[after]'] }),
    ...(filters['createdAt[before]'] && { 'createdAt[before]': filters['createdAt[before]'] }),
    ...(filters.mine === true && userId !== undefined && { 'applicant.id': userId }),
    ...(filters['mediaObject.displayName'] && {
      'mediaObject.displayName': filters['mediaObject.displayName'],
    }),
    ...(filters.status && { status: filters.status }),
  };
  const list = useInfiniteQuery(listDocumentModificationRequestsInfiniteQuery(query));
  const items = useMemo(
    () => list.data?.pages.flatMap((page) => page['hydra:member']) ?? [],
    [list.data],
  );
  const [open, setOpen] = useState<{ request: DocumentModificationRequest | null } | null>(null);

  return (
    <ListPage
      title={messages.title}
      action={<Button onClick={() => setOpen({ request: null })}>{messages.create}</Button>}
    >
      <DraftFilterForm<Filters>
        key={searchKey}
        label={messages.filters}
        value={filters}
        defaults={{
          ...filters,
          'createdAt[after]': '',
          'createdAt[before]': '',
          mine: false,
          'mediaObject.displayName': '',
          status: '',
        }}
        onApply={apply}
        onReset={reset}
        submit={(draft) => draft}
      >
        {(draft, set) => (
          <>
            <TextField
              label={messages.publishedFrom}
              type="date"
              value={draft['createdAt[after]']}
              onChange={(event) => set({ 'createdAt[after]': event.target.value })}
            />
            <TextField
              label={messages.publishedTo}
              type="date"
              value={draft['createdAt[before]']}
              onChange={(event) => set({ 'createdAt[before]': event.target.value })}
            />
            <TextField
              label={messages.documentName}
              maxLength={255}
              value={draft['mediaObject.displayName']}
              onChange={(event) => set({ 'mediaObject.displayName': event.target.value })}
            />
            <SelectField
              label={messages.status}
              value={draft.status}
              onChange={(event) => set({ status: event.target.value as Filters['status'] })}
              options={[
                { value: '', label: messages.allStatuses },
                ...messages.statuses.map((s) => ({ value: s, label: s })),
              ]}
            />
            <Checkbox
              label={messages.mine}
              checked={draft.mine === true}
              onChange={(event) => set({ mine: event.target.checked })}
            />
          </>
        )}
      </DraftFilterForm>
      {list.isError ? (
        <Alert variant="error">{messages.error(list.error.message)}</Alert>
      ) : (
        <CardGrid
          label={messages.list}
          items={items}
          getKey={(request) => request.id}
          hasMore={list.hasNextPage}
          loading={list.isPending || list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          loadMoreLabel={messages.loadMore}
          loadingLabel={messages.loading}
          emptyMessage={messages.none}
          endMessage={messages.end}
          className="grid-cols-1"
          renderItem={(request) => (
            <article className="space-y-1 rounded-lg border border-ink/10 bg-surface p-4 text-sm">
              <h2 className="text-base font-semibold">
                <button
                  type="button"
                  className="text-left text-brand-700 underline-offset-2 hover:underline"
                  onClick={() => setOpen({ request })}
                >
                  {request.title}
                </button>
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {canHandle && (
                  <>
                    <dt className="text-muted">{messages.applicant}</dt>
                    <dd>{request.applicant?.fullName ?? '—'}</dd>
                  </>
                )}
                <dt className="text-muted">{messages.date}</dt>
                <dd>{dateOf(request.createdAt)}</dd>
                <dt className="text-muted">{messages.document}</dt>
                <dd>{request.mediaObject.displayName}</dd>
                <dt className="text-muted">{messages.status}</dt>
                <dd>{request.status}</dd>
                <dt className="text-muted">{messages.comment}</dt>
                <dd>{request.comment ?? '—'}</dd>
              </dl>
            </article>
          )}
        />
      )}
      {open && (
        <ModificationRequestDialog
          request={open.request}
          canHandle={canHandle}
          onClose={() => setOpen(null)}
        />
      )}
    </ListPage>
  );
}
