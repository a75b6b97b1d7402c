import {
  downloadInvoice,
  downloadInvoices,
  listInvoicePeriodsQuery,
  listInvoicesQuery,
  type Invoice,
} from '@portal/api/invoices';
import { getCgpQuery } from '@portal/api/session';
import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { Breadcrumbs } from '@portal/ui/breadcrumbs';
import { Button } from '@portal/ui/button';
import { saveFile } from '@portal/ui/export-button';
import { FileList, type FileListEntry } from '@portal/ui/file-list';
import { showSnackbar } from '@portal/ui/snackbar';
import { Spinner } from '@portal/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import {
  BackLink,
  type GridSpec,
  ListPagination,
  ListScreen,
  listToSearch,
  RouterLink,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { staffPaths } from '../paths/staff';
import { AgentFilterPicker } from '../pickers';
import { messages } from './messages';

export type InvoicesScope = 'mine' | 'network';

export type InvoicesLibraryPageProps = {
  /** 'mine': the agent's own invoices; 'network': staff, every agent's (files name the agent). */
  scope: InvoicesScope;
  /** One agent's invoices (CGP id): the agent filter is then fixed. */
  cgpId?: string;
  title?: string;
  /** Above the title, e.g. 'Retour'. */
  before?: ReactNode;
  /** The empty folder's message (the customer's page keeps the spec's 'disponnibles'). */
  emptyLabel?: string;
};

/**
 * The agent filter (staff), then the level shown: a year (1900 to 2999), a month of it. A
 * tampered level is left out, showing the level above it.
 */
const filterSchema = z.object({
  'user.cgpId': urlFilter.cgp(),
  year: z.string().check(z.regex(/^(19\d\d|2\d{3})$/)),
  month: z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/)),
});
/** A month's files, 10 a page. */
const GRID: GridSpec = { sortable: [], pageSize: 10 };
/** How long an opened file's object URL lives: the new tab has long loaded it by then. */
const OPENED_URL_LIFETIME_MS = 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The object URLs of the files opened in a new tab: each revoked a minute after it was handed
 * to its tab, the rest when the page goes away.
 */
function useOpenedUrls() {
  const opened = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const urls = opened.current;
    return () => {
      for (const [url, timer] of urls) {
        clearTimeout(timer);
        URL.revokeObjectURL(url);
      }
      urls.clear();
    };
  }, []);
  return (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    opened.current.set(
      url,
      setTimeout(() => {
        URL.revokeObjectURL(url);
        opened.current.delete(url);
      }, OPENED_URL_LIFETIME_MS),
    );
    return url;
  };
}

/**
 * /my-invoices/library and /invoices/library: 'Mes Factures' (or 'Factures') → year → month →
 * files, the level in the URL (`year`, `month`, `page`; staff also `user.cgpId`). A file opens
 * in a new tab or downloads; a month downloads as one zip. An agent's calls name his own CGP id
 * (`user.cgpId`, as the spec's calls do); staff's name the agent they are narrowed to, if any.
 */
export function InvoicesLibraryPage({
  scope,
  cgpId,
  title,
  before,
  emptyLabel = messages.empty,
}: InvoicesLibraryPageProps) {
  const [path] = useLocation();
  const list = useListScreen({ filters: filterSchema, grids: [GRID], state: ['year', 'month'] });
  const grid = list.grid(GRID);
  const year = list.filters.year ? Number(list.filters.year) : null;
  const month = year !== null && list.filters.month ? Number(list.filters.month) : null;
  const filterCgpId = scope === 'network' && !cgpId ? list.filters['user.cgpId'] : '';
  const ownCgpId = useSession()?.cgpId ?? undefined;
  const agent = scope === 'mine' ? ownCgpId : (cgpId ?? (filterCgpId || undefined));
  const openedUrl = useOpenedUrls();
  const scoped = agent ? { 'user.cgpId': agent } : {};

  const periods = useQuery({
    ...listInvoicePeriodsQuery({ ...(year !== null ? { year } : {}), ...scoped }),
    enabled: month === null,
  });
  const files = useQuery({
    ...listInvoicesQuery({
      year: year ?? undefined,
      month: month ?? undefined,
      ...scoped,
      page: grid.state.page,
      itemsPerPage: grid.state.pageSize,
    }),
    enabled: month !== null,
  });

  /** A level's link: the agent filter kept, the page of the files left at 1. */
  const hrefOf = (levels: { year?: number; month?: number }) => {
    const query = listToSearch(
      filterSchema,
      {
        'user.cgpId': filterCgpId,
        year: levels.year === undefined ? '' : String(levels.year),
        month: levels.month === undefined ? '' : String(levels.month),
      },
      [],
    ).toString();
    return query ? `${path}?${query}` : path;
  };
  const rootLabel = scope === 'mine' ? messages.myTitle : messages.networkTitle;
  const reportError = (error: unknown) =>
    showSnackbar(messages.error(error instanceof Error ? error.message : String(error)), 'error');

  const downloadMonth = (y: number, m: number) =>
    downloadInvoices({ year: y, month: m, ...scoped })
      .then((answer) => saveFile(answer, `Factures_${y}-${two(m)}.zip`))
      .catch(reportError);
  const openFile = async (invoice: Invoice) => {
    // Opened before the request, so the browser counts it as the user's click.
    const tab = window.open('', '_blank');
    try {
      const { blob, fileName } = await downloadInvoice(invoice.id, false);
      if (tab) tab.location.href = openedUrl(blob);
      else saveFile({ blob, fileName }, invoice.filename);
    } catch (error) {
      tab?.close();
      reportError(error);
    }
  };
  const download = (invoice: Invoice) =>
    downloadInvoice(invoice.id, true)
      .then((answer) => saveFile(answer, invoice.filename))
      .catch(reportError);

  /** A file's agent, a link to his invoices unless the page already shows only his. */
  const agentOf = ({ user }: Invoice) => {
    const name = `${user.lastName} ${user.firstName} (${user.cgpId})`;
    return user.cgpId === cgpId ? (
      <span className="text-muted">{name}</span>
    ) : (
      <Link href={staffPaths.invoicesTeam(user.cgpId)} className="text-muted underline">
        {name}
      </Link>
    );
  };
  const monthLabel = (y: number, m: number) => `${messages.monthName(m)} ${y}`;
  /** `trackedAs`: the file's name, for the usage analytics (a month's zip is not a document). */
  const downloadButton = (label: string, onClick: () => void, trackedAs?: string) => (
    <Button size="sm" variant="ghost" data-track-document={trackedAs} onClick={onClick}>
      <span aria-hidden="true">{messages.download}</span>
      <span className="sr-only">{label}</span>
    </Button>
  );

  let content: ReactNode;
  const pending = month === null ? periods.isPending : files.isPending;
  const failure = month === null ? periods.error : files.error;
  if (pending)
    content = (
      <p className="flex items-center gap-2 text-muted">
        <Spinner /> {messages.loading}
      </p>
    );
  else if (failure) content = <Alert variant="error">{messages.error(failure.message)}</Alert>;
  else if (month === null) {
    const entries: FileListEntry[] = (periods.data?.['hydra:member'] ?? []).map((period) =>
      period.month === null
        ? {
            key: `year-${period.year}`,
            kind: 'folder',
            name: String(period.year),
            href: hrefOf({ year: period.year }),
            meta: messages.count(period.count),
          }
        : {
            key: `month-${period.month}`,
            kind: 'folder',
            name: messages.monthName(period.month),
            href: hrefOf({ year: period.year, month: period.month }),
            meta: messages.count(period.count),
            actions: downloadButton(
              messages.downloadMonthOf(monthLabel(period.year, period.month)),
              () => void downloadMonth(period.year, period.month!),
            ),
          },
    );
    content = (
      <FileList
        label={messages.contents}
        emptyLabel={emptyLabel}
        linkComponent={RouterLink}
        entries={entries}
      />
    );
  } else {
    const rows = files.data?.['hydra:member'] ?? [];
    const total = files.data?.['hydra:totalItems'] ?? 0;
    content = (
      <>
        {total > 0 && (
          <div>
            <Button variant="secondary" onClick={() => void downloadMonth(year!, month)}>
              {messages.downloadMonth}
            </Button>
          </div>
        )}
        <FileList
          label={messages.contents}
          emptyLabel={emptyLabel}
          entries={rows.map((invoice) => ({
            key: `invoice-${invoice.id}`,
            kind: 'file',
            name: invoice.filename,
            onOpen: () => void openFile(invoice),
            openData: { 'data-track-document': invoice.filename },
            ...(scope === 'network'
              ? { detail: agentOf(invoice) }
              : { meta: monthLabel(invoice.year, invoice.month) }),
            actions: downloadButton(
              messages.downloadFile(invoice.filename),
              () => void download(invoice),
              invoice.filename,
            ),
          }))}
        />
        <ListPagination
          grid={grid}
          list={files}
          label={messages.pagination}
          formatTotal={messages.count}
        />
      </>
    );
  }

  return (
    <ListScreen
      title={title ?? rootLabel}
      before={before}
      filters={
        scope === 'network' &&
        !cgpId && (
          // One field, applied as it is chosen (the level shown stays, the files' page is 1).
          <div className="max-w-md">
            <AgentFilterPicker
              label={messages.agentFilter}
              value={filterCgpId}
              onChange={(next) => list.apply({ 'user.cgpId': next })}
            />
          </div>
        )
      }
    >
      <Breadcrumbs
        label={messages.breadcrumbs}
        linkComponent={RouterLink}
        items={[
          { key: 'root', label: rootLabel, href: hrefOf({}) },
          ...(year !== null ? [{ key: 'year', label: String(year), href: hrefOf({ year }) }] : []),
          ...(year !== null && month !== null
            ? [{ key: 'month', label: messages.monthName(month), href: hrefOf({ year, month }) }]
            : []),
        ]}
      />
      {content}
    </ListScreen>
  );
}

/**
 * /invoices/team/{agentId}: one agent's invoices (his CGP id), titled with his name (his CGP id
 * until it comes, or if it does not), with 'Retour'.
 */
export function AgentInvoicesPage({ agentId }: { agentId: string }) {
  const agent = useQuery(getCgpQuery(agentId)).data?.agent;
  return (
    <InvoicesLibraryPage
      scope="network"
      cgpId={agentId}
      title={messages.agentTitle(agent?.fullName ?? agentId)}
      before={<BackLink fallback={staffPaths.invoicesLibrary} label={messages.back} />}
    />
  );
}
