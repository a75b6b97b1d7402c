import { createDispatchInvoiceRequestUpload } from '@portal/api/generated/uploads';
import { ApiError, violationsByField } from '@portal/api/hydra';
import {
  downloadDispatchTemplate,
  getDispatchInvoiceRequestQuery,
  invoicesKeys,
  listDispatchInvoiceRequestsQuery,
  useCancelDispatchInvoiceRequest,
  useCreateDispatchInvoiceRequest,
  useExecuteDispatchInvoiceRequest,
  type DispatchInvoiceRequest,
  type DispatchInvoiceRequestReport,
  type DispatchStatus,
} from '@portal/api/invoices';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Dialog } from '@portal/ui/dialog';
import { saveFile } from '@portal/ui/export-button';
import { FileField } from '@portal/ui/file-field';
import { formatDate } from '@portal/ui/format';
import { showSnackbar } from '@portal/ui/snackbar';
import { Spinner } from '@portal/ui/spinner';
import { matchesAccept } from '@portal/ui/image-dropzone';
import { TaskList, type TaskTone } from '@portal/ui/task-list';
import { UploadProgress } from '@portal/ui/upload-progress';
import { useMediaQuery } from '@portal/ui/use-media-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { type GridSpec, ListPagination, ListScreen, useListScreen } from '../list-kit';
import { messages } from './messages';

/** No filter: the requests' page alone is in the URL (`?page=2`). */
const filterSchema = z.object({});
/** 10 a page, newest first (the API's order). */
const GRID: GridSpec = { sortable: [], pageSize: 10 };

const TONES: Record<DispatchStatus, TaskTone> = {
  WAITING: 'neutral',
  PROCESSING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

/** The spec's label of a status; anything it does not name is 'Inconnue'. */
export function statusLabel(status: string): string {
  return Object.hasOwn(messages.statuses, status)
    ? messages.statuses[status as DispatchStatus]
    : messages.unknownStatus;
}
const toneOf = (status: string): TaskTone =>
  Object.hasOwn(TONES, status) ? TONES[status as DispatchStatus] : 'neutral';

const dateTime = (iso: string) =>
  `${formatDate(iso)} à ${new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;

type Upload = { loaded: number; total: number; startedAt: number; bytesPerSecond: number | null };
/** The page's feedback on an execution (spec §4: stand-by, loading, success, error). */
type Feedback = 'stand-by' | 'loading' | 'success' | 'error';

/** A request no longer moving: its execution is over. */
const FINISHED: readonly string[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/**
 * The execution followed to its end through its own request (`GET
 * /dispatch_invoice_request/{id}`), whatever page of the list is shown: success once COMPLETED,
 * error once FAILED or CANCELLED, refused, or unreadable.
 */
function feedbackOf(
  executed: { id: number; refused: boolean } | null,
  request: { status?: string; failed: boolean },
): Feedback {
  if (!executed) return 'stand-by';
  if (executed.refused || request.failed) return 'error';
  if (request.status === 'COMPLETED') return 'success';
  if (request.status === 'FAILED' || request.status === 'CANCELLED') return 'error';
  return 'loading';
}

type DispatchFile = keyof typeof createDispatchInvoiceRequestUpload.accept;

/**
 * A chosen file's problem, before any byte goes up: not of the contract's types (its extension
 * or its type, as the input's `accept` reads them). The server reads the content again.
 */
const typeProblem = (field: DispatchFile, file: File | null) =>
  file && !matchesAccept(file, createDispatchInvoiceRequestUpload.accept[field])
    ? messages.fileType
    : undefined;

/**
 * The upload form: both files required and of their type (checked as they are chosen and
 * before sending), progress in bytes, speed and seconds left.
 */
function DispatchUploadForm() {
  const [invoicesFile, setInvoicesFile] = useState<File | null>(null);
  const [mappingFile, setMappingFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [upload, setUpload] = useState<Upload | null>(null);
  const create = useCreateDispatchInvoiceRequest({
    onSuccess: () => {
      showSnackbar(messages.uploaded, 'success');
      setInvoicesFile(null);
      setMappingFile(null);
    },
    onError: (error) => {
      const byField = error instanceof ApiError ? violationsByField(error.body) : {};
      setErrors(Object.keys(byField).length ? byField : { form: error.message });
    },
    onSettled: () => setUpload(null),
  });

  // Leaving the page would cut the upload: the browser asks first.
  useEffect(() => {
    if (!upload) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [upload]);

  /** A file chosen (or removed): its type is checked at once, next to its field. */
  const choose = (field: DispatchFile, set: (file: File | null) => void) => (file: File | null) => {
    set(file);
    setErrors(({ [field]: _previous, form: _form, ...rest }) => {
      const problem = typeProblem(field, file);
      return problem ? { ...rest, [field]: problem } : rest;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    for (const [field, file] of [
      ['invoicesFile', invoicesFile],
      ['mappingFile', mappingFile],
    ] as const) {
      const problem = file ? typeProblem(field, file) : messages.required;
      if (problem) problems[field] = problem;
    }
    if (
      invoicesFile &&
      mappingFile &&
      invoicesFile.size + mappingFile.size > createDispatchInvoiceRequestUpload.maxBytes
    )
      problems.invoicesFile ??= messages.fileTooLarge;
    setErrors(problems);
    if (!invoicesFile || !mappingFile || Object.keys(problems).length > 0) return;
    const startedAt = Date.now();
    setUpload({
      loaded: 0,
      total: invoicesFile.size + mappingFile.size,
      startedAt,
      bytesPerSecond: null,
    });
    create.mutate({
      invoicesFile,
      mappingFile,
      onProgress: (_ratio, loaded, total) => {
        const seconds = (Date.now() - startedAt) / 1000;
        setUpload({
          loaded,
          total,
          startedAt,
          bytesPerSecond: seconds > 0.2 ? loaded / seconds : null,
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-card bg-surface p-4 shadow-sm">
      <div className="grid gap-4 md:grid-cols-2">
        <FileField
          label={messages.invoicesFile}
          accept={createDispatchInvoiceRequestUpload.accept.invoicesFile}
          value={invoicesFile}
          onChange={choose('invoicesFile', setInvoicesFile)}
          error={errors.invoicesFile}
          disabled={upload !== null}
        />
        <FileField
          label={messages.mappingFile}
          accept={createDispatchInvoiceRequestUpload.accept.mappingFile}
          hint={messages.mappingHint}
          value={mappingFile}
          onChange={choose('mappingFile', setMappingFile)}
          error={errors.mappingFile}
          disabled={upload !== null}
        />
      </div>
      {errors.form && <Alert variant="error">{errors.form}</Alert>}
      {upload && (
        <>
          <Alert variant="warning">{messages.uploadWarning}</Alert>
          <UploadProgress
            label={messages.sending}
            loaded={upload.loaded}
            total={upload.total}
            bytesPerSecond={upload.bytesPerSecond}
            formatRemaining={messages.remaining}
          />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={upload !== null}>
          {messages.send}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void downloadDispatchTemplate()
              .then((file) => saveFile(file, 'modele_dispatch_factures.xlsx'))
              .catch((error: unknown) =>
                showSnackbar(messages.error(error instanceof Error ? error.message : ''), 'error'),
              )
          }
        >
          {messages.template}
        </Button>
      </div>
    </form>
  );
}

/** Under 640 px (a phone): the report's lines are laid out as rows, each labelled. */
const PHONE_QUERY = '(max-width: 639px)';

type ReportLine = DispatchInvoiceRequestReport['report'][number];

/** The report's columns: a cell's class lets long names wrap. */
const COLUMNS: {
  key: string;
  label: string;
  className: string;
  value: (row: ReportLine) => string | number;
}[] = [
  { key: 'line', label: messages.line, className: '', value: (row) => row.line },
  {
    key: 'file',
    label: messages.file,
    className: 'wrap-anywhere',
    value: (row) => row.filename ?? '',
  },
  {
    key: 'agent',
    label: messages.agent,
    className: 'wrap-anywhere',
    value: (row) => row.cgpId ?? '',
  },
  {
    key: 'period',
    label: messages.period,
    className: 'whitespace-nowrap',
    value: (row) =>
      row.year && row.month ? `${String(row.month).padStart(2, '0')}/${row.year}` : '',
  },
  {
    key: 'outcome',
    label: messages.outcome,
    className: '',
    value: (row) =>
      row.outcome === 'FILED' ? messages.filed : `${messages.refused} : ${row.reason ?? ''}`,
  },
];

/** The report of one request: each row of the mapping, filed or refused with the reason. */
function ReportDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const report = useQuery(getDispatchInvoiceRequestQuery(id));
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Dialog open onClose={onClose} title={messages.reportTitle(id)} closeLabel={messages.close}>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <Alert variant="error">{messages.error(report.error.message)}</Alert>
      ) : (
        <div
          className="max-h-96 overflow-auto"
          // Scrolled by keyboard too: the region takes the focus.
          tabIndex={0}
          role="region"
          aria-label={messages.reportTitle(id)}
        >
          <p className="mb-2 text-sm">{messages.summary(report.data.filed, report.data.refused)}</p>
          {phone ? (
            // A phone has no room for 5 columns: each line is a row of labelled values.
            <ol className="space-y-2 text-sm">
              {report.data.report.map((row) => (
                <li key={row.line} className="rounded-lg border border-canvas p-2">
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    {COLUMNS.map((cell) => (
                      <div key={cell.key} className="contents">
                        <dt className="font-semibold">{cell.label}</dt>
                        <dd className={cell.className}>{cell.value(row)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ol>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  {COLUMNS.map((cell) => (
                    <th key={cell.key} scope="col" className="px-2 py-1">
                      {cell.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.data.report.map((row) => (
                  <tr key={row.line} className="border-t border-canvas align-top">
                    {COLUMNS.map((cell) => (
                      <td key={cell.key} className={`px-2 py-1 ${cell.className}`}>
                        {cell.value(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Dialog>
  );
}

/**
 * /invoices/dispatch: the upload of a zip of invoices and its mapping, then the requests (10 a
 * page, newest first) with their status, progress while they run, 'Exécuter' and 'Annuler'
 * (confirmed first) on a waiting one, and each one's report. The list is asked again every 2
 * seconds while a request of its page runs; the request executed here is followed on its own.
 * The requests are tasks with a status, progress and actions (`TaskList`), not a grid: the page
 * is the list recipe's (`useListScreen`), shown by `ListPagination`.
 */
export function InvoicesDispatchPage() {
  const grid = useListScreen({ filters: filterSchema, grids: [GRID] }).grid(GRID);
  const [executed, setExecuted] = useState<{ id: number; refused: boolean } | null>(null);
  const [reportOf, setReportOf] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // Where focus goes once an execution is confirmed: its 'Exécuter' button goes away.
  const feedbackRef = useRef<HTMLDivElement>(null);
  const requests = useQuery({
    ...listDispatchInvoiceRequestsQuery(grid.query),
    // Asked again every 2 seconds while a request runs: its progress and its end.
    refetchInterval: ({ state }) =>
      state.data?.['hydra:member'].some((row) => row.status === 'PROCESSING') ? 2000 : false,
  });
  const rows = requests.data?.['hydra:member'] ?? [];
  // The executed request itself, asked every 2 seconds until it ends.
  const followed = useQuery({
    ...getDispatchInvoiceRequestQuery(executed?.id ?? 0),
    enabled: executed !== null && !executed.refused,
    refetchInterval: ({ state }) =>
      state.data && FINISHED.includes(state.data.status) ? false : 2000,
  });
  const feedback = feedbackOf(executed, {
    status: followed.data?.status,
    failed: followed.isError && !followed.data,
  });
  // Its end shows in the list too, whichever page was shown while it ran.
  const queryClient = useQueryClient();
  const ended = followed.data && FINISHED.includes(followed.data.status) ? followed.data.id : null;
  useEffect(() => {
    if (ended !== null)
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.listDispatchInvoiceRequests });
  }, [ended, queryClient]);
  const running = rows.some((row) => row.status === 'PROCESSING') || feedback === 'loading';

  const execute = useExecuteDispatchInvoiceRequest({
    onMutate: (id) => setExecuted({ id, refused: false }),
    onError: (_error, id) => setExecuted({ id, refused: true }),
  });

  const cancel = useCancelDispatchInvoiceRequest({
    onSuccess: () => {
      setCancelling(null);
      showSnackbar(messages.cancelled, 'success');
    },
  });

  const entryOf = (row: DispatchInvoiceRequest) => ({
    key: String(row.id),
    title: [row.invoicesFileName, row.mappingFileName].filter(Boolean).join(' · ') || `#${row.id}`,
    meta: [
      messages.sentOn(dateTime(row.createdAt)),
      row.completedAt ? messages.completedOn(dateTime(row.completedAt)) : null,
    ]
      .filter(Boolean)
      .join(' · '),
    status: { label: statusLabel(row.status), tone: toneOf(row.status) },
    progress:
      row.status === 'PROCESSING' && row.total
        ? {
            done: row.processed,
            total: row.total,
            label: messages.progress(row.processed, row.total),
          }
        : undefined,
    detail: (
      <>
        {row.error && <p className="text-sm text-danger">{row.error}</p>}
        {(row.status === 'COMPLETED' || row.status === 'FAILED') && row.processed > 0 && (
          <p className="text-sm">{messages.summary(row.filed, row.refused)}</p>
        )}
      </>
    ),
    actions: (
      <>
        {row.status === 'WAITING' && (
          <Button
            size="sm"
            disabled={execute.isPending || running}
            onClick={() => setConfirming(row.id)}
          >
            <span aria-hidden="true">{messages.execute}</span>
            <span className="sr-only">{messages.executeOf(row.id)}</span>
          </Button>
        )}
        {row.status === 'WAITING' && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              cancel.reset();
              setCancelling(row.id);
            }}
          >
            <span aria-hidden="true">{messages.cancelRequest}</span>
            <span className="sr-only">{messages.cancelRequestOf(row.id)}</span>
          </Button>
        )}
        {row.status !== 'WAITING' && (
          <Button size="sm" variant="ghost" onClick={() => setReportOf(row.id)}>
            <span aria-hidden="true">{messages.report}</span>
            <span className="sr-only">{messages.reportOf(row.id)}</span>
          </Button>
        )}
      </>
    ),
  });

  return (
    <ListScreen title={messages.dispatchTitle}>
      <DispatchUploadForm />
      <section aria-label={messages.requests} className="space-y-3">
        <h2 className="text-lg font-semibold">{messages.requests}</h2>
        <div ref={feedbackRef} tabIndex={-1} className="space-y-2 outline-none">
          {feedback === 'loading' && (
            <p role="status" className="flex items-center gap-2">
              <Spinner /> {messages.loadingState}
            </p>
          )}
          {feedback === 'success' && (
            <Alert variant={followed.data?.refused ? 'warning' : 'success'}>
              {/* The spec's sentence when every line is filed; otherwise how many were not. */}
              {followed.data?.refused
                ? messages.summary(followed.data.filed, followed.data.refused)
                : messages.success}
            </Alert>
          )}
          {feedback === 'error' && <Alert variant="error">{messages.failure}</Alert>}
          {executed && followed.data && FINISHED.includes(followed.data.status) && (
            <Button size="sm" variant="secondary" onClick={() => setReportOf(executed.id)}>
              <span aria-hidden="true">{messages.showReport}</span>
              <span className="sr-only">{messages.showReportOf(executed.id)}</span>
            </Button>
          )}
        </div>
        {requests.isPending ? (
          <Spinner />
        ) : requests.isError ? (
          <Alert variant="error">{messages.error(requests.error.message)}</Alert>
        ) : (
          <TaskList
            label={messages.requests}
            emptyLabel={messages.noRequest}
            entries={rows.map(entryOf)}
          />
        )}
        <ListPagination grid={grid} list={requests} label={messages.requests} />
      </section>
      {reportOf !== null && <ReportDialog id={reportOf} onClose={() => setReportOf(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          execute.mutate(confirming);
          setConfirming(null);
          // After Headless UI's own restore (a microtask), to the button that is going away.
          setTimeout(() => feedbackRef.current?.focus(), 0);
        }}
        title={messages.confirmExecuteTitle(confirming ?? 0)}
        message={messages.confirmExecuteMessage}
        confirmLabel={messages.execute}
        cancelLabel={messages.keepWaiting}
        closeLabel={messages.close}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling !== null && cancel.mutate(cancelling)}
        title={messages.confirmCancelTitle(cancelling ?? 0)}
        message={messages.confirmCancelMessage}
        confirmLabel={messages.confirmCancel}
        cancelLabel={messages.keep}
        closeLabel={messages.close}
        destructive
        pending={cancel.isPending}
        error={cancel.error && <Alert variant="error">{cancel.error.message}</Alert>}
      />
    </ListScreen>
  );
}
