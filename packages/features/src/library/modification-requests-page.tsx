import {
  getDocumentModificationRequestQuery,
  listDocumentModificationRequestsInfiniteQuery,
  type DocumentModificationRequest,
} from '@portal/api/library';
import { useHasComponent, useSession } from '@portal/auth/guard';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { SelectField } from '@portal/ui/select-field';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { DateRangeField } from '@portal/ui/date-range-field';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import {
  type StoredGridSpec,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { InfiniteGrid } from '../list-kit/paged-grid';
import { dateFieldLabels } from '../common';
import { DocumentPicker, useDocumentOptions } from './document-picker';
import { requestMessages as messages } from './messages';
import { ModificationRequestDialog } from './modification-request-dialog';

/**
 * The filters, under the API's parameter names, except 'Mes demandes' (`mine`: the caller as
 * `applicant.id`); `request` is the opened request (page state).
 */
const filtersSchema = z.object({
  'createdAt[after]': urlFilter.day(),
  'createdAt[before]': urlFilter.day(),
  mine: urlFilter.flag(),
  // The document chosen in the picker (the same one as the request dialog's).
  'mediaObject.id': urlFilter.id(),
  status: urlFilter.oneOf(['', ...messages.statuses] as const, ''),
  request: urlFilter.id(),
});

/** 10 a page, newest first (spec §9). */
const GRID: StoredGridSpec = {
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  pageSize: 10,
  storageKey: 'modification-requests',
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('fr-FR');

/**
 * /library/demandes-modification: the requests on the documents the user may read, newest
 * first, 10 more at a time as the user scrolls; agents create them, staff
 * (`modification_requests_edit`) handle them (status and comment) in the same dialog, opened
 * from the title and kept in the URL.
 */
export function ModificationRequestsPage() {
  const list = useListScreen({ filters: filtersSchema, grids: [GRID], state: ['request'] });
  const grid = list.grid(GRID);
  const [location] = useLocation();
  const userId = useSession()?.userId;
  const canHandle = useHasComponent('modification_requests_edit');
  const { mine, 'mediaObject.id': document, ...query } = grid.pagesQuery;
  const requests = useInfiniteQuery(
    listDocumentModificationRequestsInfiniteQuery({
      ...query,
      ...(document && { 'mediaObject.id': Number(document) }),
      ...(mine === true && userId !== undefined && { 'applicant.id': userId }),
    }),
  );
  const documents = useDocumentOptions();
  const [creating, setCreating] = useState(false);
  const openedId = Number(list.filters.request);
  const loaded = requests.data?.pages
    .flatMap((page) => page['hydra:member'])
    .find((request) => request.id === openedId);
  // A link to a request beyond the loaded pages: fetched alone.
  const fetched = useQuery({
    ...getDocumentModificationRequestQuery(openedId),
    enabled: openedId > 0 && !loaded && requests.isSuccess,
  });
  const opened = loaded ?? fetched.data;
  const href = (request: DocumentModificationRequest) =>
    `${location}?${list.searchWith({ request: String(request.id) })}`;

  const columns: DataGridColumn<DocumentModificationRequest>[] = [
    ...(canHandle
      ? [
          {
            field: 'applicant',
            header: messages.applicant,
            value: (row: DocumentModificationRequest) => row.applicant?.fullName ?? '',
            minWidth: 160,
          },
        ]
      : []),
    {
      field: 'createdAt',
      header: messages.date,
      value: (row) => dateOf(row.createdAt),
      sortable: true,
      minWidth: 120,
    },
    {
      field: 'title',
      header: messages.requestTitle,
      value: (row) => row.title,
      href,
      alwaysVisible: true,
      minWidth: 200,
      flex: 2,
    },
    {
      field: 'document',
      header: messages.document,
      value: (row) => row.mediaObject.displayName,
      minWidth: 180,
      flex: 1,
    },
    { field: 'status', header: messages.status, value: (row) => row.status, minWidth: 120 },
    {
      field: 'comment',
      header: messages.comment,
      value: (row) => row.comment ?? '',
      minWidth: 180,
      flex: 1,
    },
  ];

  return (
    <ListScreen
      title={messages.title}
      action={<Button onClick={() => setCreating(true)}>{messages.create}</Button>}
      filters={
        <ListFilters list={list} label={messages.filters}>
          {(draft, set) => (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <DateRangeField
                label={messages.requestDate}
                fromLabel={messages.publishedFrom}
                toLabel={messages.publishedTo}
                labels={dateFieldLabels}
                value={{
                  from: draft['createdAt[after]'] as CalendarDay,
                  to: draft['createdAt[before]'] as CalendarDay,
                }}
                onChange={(range) =>
                  set({ 'createdAt[after]': range.from, 'createdAt[before]': range.to })
                }
                className="sm:col-span-2"
              />
              <DocumentPicker
                label={messages.documentName}
                options={documents}
                value={
                  documents.find((option) => String(option.id) === draft['mediaObject.id']) ?? null
                }
                onChange={(option) => set({ 'mediaObject.id': option ? String(option.id) : '' })}
              />
              <SelectField
                label={messages.status}
                value={draft.status}
                onChange={(event) =>
                  set({
                    status: messages.statuses.find((status) => status === event.target.value) ?? '',
                  })
                }
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
            </div>
          )}
        </ListFilters>
      }
    >
      <InfiniteGrid
        grid={grid}
        columns={columns}
        list={requests}
        texts={messages.grid}
        endMessage={messages.end}
        loadMoreLabel={messages.loadMore}
      />
      {(creating || opened) && (
        <ModificationRequestDialog
          key={opened?.id ?? 'new'}
          request={creating ? null : (opened ?? null)}
          canHandle={canHandle}
          onClose={() => {
            setCreating(false);
            if (list.filters.request) list.set({ request: '' });
          }}
        />
      )}
    </ListScreen>
  );
}
