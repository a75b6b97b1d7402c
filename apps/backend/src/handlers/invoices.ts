import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { pathsInUse, uploadedFile, type UploadDeclarations } from '../files/uploads.js';
import { type HandlerContext, handWritten } from '../contract.js';
import { agents, dispatchInvoiceRequests, invoices } from '../db/schema.js';
import {
  namedXlsxAttachment,
  storedFileAnswer,
  storedZipAttachment,
} from '../exports/responses.js';
import { columnsXlsx } from '../exports/xlsx.js';
import { commitWithRow } from '../files/staging.js';
import { contractUpload } from '../files/upload-limits.js';
import { forbidden, HttpError, notFound, unprocessable, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import {
  checkInvoicesZip,
  DISPATCH_FOLDER,
  dispatchMessages,
  MAPPING_COLUMNS,
  startDispatch,
  readMapping,
  withLocalCopy,
} from '../invoices/dispatch.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import {
  dispatchRequestJson,
  dispatchRequestResource,
  dispatchRequestsResource,
  invoicePeriodsResource,
  invoiceScope,
  invoicesResource,
} from '../resources/invoices.js';
import type { Deps, HandlerMap } from '../deps.js';

const ZIP_TYPE = 'application/zip';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const two = (n: number) => String(n).padStart(2, '0');

export function invoicesHandlers(deps: Deps): HandlerMap {
  const { db, storage } = deps;

  /**
   * The caller's scope with the `year`, `month` and `user.cgpId` of the query; an agent naming
   * another agent is a 403.
   */
  async function periodConditions(context: HandlerContext<Principal>): Promise<SQL[]> {
    const principal = principalOf(context);
    const conditions: SQL[] = [];
    const scope = await invoiceScope({ db, principal });
    if (scope) conditions.push(scope);
    const { year, month } = context.query;
    const cgpId = context.query['user.cgpId'];
    if (year !== undefined) conditions.push(eq(invoices.year, Number(year)));
    if (month !== undefined) conditions.push(eq(invoices.month, Number(month)));
    if (typeof cgpId === 'string' && cgpId !== '') {
      const { isAgent } = await accessOf(db, principal);
      if (isAgent) {
        const [own] = principal.user.agentId
          ? await db
              .select({ cgpId: agents.cgpId })
              .from(agents)
              .where(eq(agents.id, principal.user.agentId))
          : [];
        if (own?.cgpId !== cgpId) throw forbidden(messages.accessDenied);
      }
      conditions.push(
        sql`${invoices.agentId} = (select id from ${agents} where ${agents.cgpId} = ${cgpId})`,
      );
    }
    return conditions;
  }

  const downloadInvoices = handWritten<Principal>(
    'a streamed zip of stored invoices (403 when an agent names another CGP)',
    async (context) => {
      const conditions = await periodConditions(context);
      const rows = await db
        .select({
          filename: invoices.filename,
          filePath: invoices.filePath,
          month: invoices.month,
          cgpId: agents.cgpId,
          lastName: agents.lastname,
          firstName: agents.firstname,
        })
        .from(invoices)
        .innerJoin(agents, eq(agents.id, invoices.agentId))
        .where(and(...conditions))
        .orderBy(asc(agents.cgpId), asc(invoices.month), asc(invoices.filename), asc(invoices.id));
      if (rows.length === 0) throw notFound();
      const { year, month } = context.query;
      const agentsInZip = new Set(rows.map((row) => row.cgpId));
      const byAgent = agentsInZip.size > 1;
      const byMonth = month === undefined;
      const period = month === undefined ? String(year) : `${year}-${two(Number(month))}`;
      const who = byAgent ? 'reseau' : rows[0]!.cgpId;
      // One agent's month: the files at the root; several agents or months: one folder each.
      const files = rows.map((row) => ({
        key: row.filePath,
        name: [
          byAgent ? `${row.cgpId} ${row.lastName} ${row.firstName}` : null,
          byMonth ? two(row.month) : null,
          row.filename,
        ]
          .filter(Boolean)
          .join('/'),
      }));
      // PDFs hardly shrink: the fastest deflate.
      return storedZipAttachment(context, storage, `Factures_${who}_${period}.zip`, files, {
        level: 1,
      });
    },
  );

  const downloadInvoice = handWritten<Principal>('streams a stored invoice', async (context) => {
    const id = Number(context.params.id);
    const scope = await invoiceScope({ db, principal: principalOf(context) });
    const [row] = await db
      .select({ filename: invoices.filename, filePath: invoices.filePath })
      .from(invoices)
      .where(and(eq(invoices.id, id), scope));
    if (!row) throw notFound();
    const stored = await storage.read(row.filePath);
    if (!stored) throw notFound();
    return storedFileAnswer(context, stored, { name: row.filename, type: 'application/pdf' });
  });

  /** Both files, of their type by content, checked before anything is kept. */
  const createDispatchInvoiceRequest = handWritten<Principal>(
    'a two-file upload, the zip and the mapping checked before the request is kept',
    async (context) => {
      const zip = uploadedFile(context.request, 'invoicesFile');
      const mapping = uploadedFile(context.request, 'mappingFile');
      const violations: Violation[] = [];
      const check = (field: string, file: typeof zip, type: string) => {
        if (file?.tooLarge)
          violations.push({ propertyPath: field, message: messages.fileTooLarge });
        else if (!file?.staged || file.staged.size === 0)
          violations.push({ propertyPath: field, message: messages.required });
        else if (file.type?.mime !== type)
          violations.push({ propertyPath: field, message: messages.fileTypeRefused });
      };
      // Reading stops at a file over its limit: a field after it was never read, so only the
      // size is reported, not a missing file the client did send.
      if (zip?.tooLarge || mapping?.tooLarge) {
        if (zip?.tooLarge) check('invoicesFile', zip, ZIP_TYPE);
        if (mapping?.tooLarge) check('mappingFile', mapping, XLSX_TYPE);
      } else {
        check('invoicesFile', zip, ZIP_TYPE);
        check('mappingFile', mapping, XLSX_TYPE);
      }
      if (violations.length) throw unprocessable(violations);
      const zipFile = zip!.staged!;
      const mappingFile = mapping!.staged!;
      await withLocalCopy(await zipFile.open(), checkInvoicesZip);
      const sheet = await readMapping(mappingFile);
      if (sheet.rows.length === 0)
        throw unprocessable([
          { propertyPath: 'mappingFile', message: dispatchMessages.mappingEmpty },
        ]);
      const principal = principalOf(context);
      const row = await commitWithRow(zipFile, 'zip', (invoicesFilePath) =>
        commitWithRow(mappingFile, 'xlsx', async (mappingFilePath) => {
          const [inserted] = await db
            .insert(dispatchInvoiceRequests)
            .values({
              invoicesFilePath,
              mappingFilePath,
              invoicesFileName: zip!.filename.slice(0, 255),
              mappingFileName: mapping!.filename.slice(0, 255),
              requestedById: principal.user.id,
              total: sheet.rows.length,
            })
            .returning();
          return inserted!;
        }),
      );
      return { status: 201, body: dispatchRequestJson(row) };
    },
  );

  /** A dispatch request's status; 404 when there is no such request. */
  const statusOf = async (id: number) => {
    const [found] = await db
      .select({ status: dispatchInvoiceRequests.status })
      .from(dispatchInvoiceRequests)
      .where(eq(dispatchInvoiceRequests.id, id));
    if (!found) throw notFound();
    return found.status;
  };

  /**
   * WAITING → PROCESSING with its job (`startDispatch`); the partial unique index refuses a
   * second PROCESSING row whichever process asks, so two executions can never run at once.
   */
  const executeDispatchInvoiceRequest = handWritten<Principal>(
    'a status change that starts the dispatch job, or a 409',
    async (context) => {
      const id = Number(context.params.id);
      const status = await statusOf(id);
      const notWaiting = () =>
        unprocessable([{ propertyPath: 'status', message: dispatchMessages.notWaiting }]);
      if (status !== 'WAITING') throw notWaiting();
      let started;
      try {
        started = await startDispatch(db, deps.jobs, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, dispatchMessages.alreadyRunning);
        throw error;
      }
      if (!started) throw notWaiting();
      return { status: 202, body: dispatchRequestJson(started) };
    },
  );

  /** WAITING → CANCELLED: a request staff will not run; it stays in the list, with its files. */
  const cancelDispatchInvoiceRequest = handWritten<Principal>(
    'a status change, or a 409',
    async (context) => {
      const id = Number(context.params.id);
      await statusOf(id);
      const [cancelled] = await db
        .update(dispatchInvoiceRequests)
        .set({ status: 'CANCELLED', completedAt: sql`now()` })
        .where(
          and(eq(dispatchInvoiceRequests.id, id), eq(dispatchInvoiceRequests.status, 'WAITING')),
        )
        .returning();
      if (!cancelled) throw new HttpError(409, dispatchMessages.notCancellable);
      return { status: 200, body: dispatchRequestJson(cancelled) };
    },
  );

  /** The template: the header row and two example lines. */
  const dispatchMappingTemplate = handWritten<Principal>(
    'a fixed spreadsheet template, not rows of a resource',
    async (context) => {
      const year = new Date().getFullYear();
      const examples = [
        ['Facture_CGP0001_janvier.pdf', 'CGP0001', year, 1],
        ['Facture_CGP0002_janvier.pdf', 'CGP0002', year, 1],
      ];
      const file = columnsXlsx({
        sheetName: 'Correspondance',
        columns: MAPPING_COLUMNS,
        rows: examples,
        width: (index) => (index === 0 ? 40 : 14),
      });
      return namedXlsxAttachment(context, 'modele_dispatch_factures.xlsx', file);
    },
  );

  return {
    listInvoices: listHandler(db, invoicesResource),
    getInvoice: itemHandler(db, invoicesResource),
    listInvoicePeriods: listHandler(db, invoicePeriodsResource),
    downloadInvoices,
    downloadInvoice,
    createDispatchInvoiceRequest,
    listDispatchInvoiceRequests: listHandler(db, dispatchRequestsResource),
    getDispatchInvoiceRequest: itemHandler(db, dispatchRequestResource),
    executeDispatchInvoiceRequest,
    cancelDispatchInvoiceRequest,
    dispatchMappingTemplate,
  };
}

/** The dispatch's two files, and the invoices it files, in one swept folder. */
export function invoiceUploads(): UploadDeclarations {
  return {
    createDispatchInvoiceRequest: {
      folder: DISPATCH_FOLDER,
      ...contractUpload('createDispatchInvoiceRequest'),
      referenced: (db, paths) =>
        pathsInUse(paths, async (batch) => {
          const requests = await db
            .select({
              zip: dispatchInvoiceRequests.invoicesFilePath,
              mapping: dispatchInvoiceRequests.mappingFilePath,
            })
            .from(dispatchInvoiceRequests)
            .where(
              or(
                inArray(dispatchInvoiceRequests.invoicesFilePath, batch),
                inArray(dispatchInvoiceRequests.mappingFilePath, batch),
              ),
            );
          const files = await db
            .select({ filePath: invoices.filePath })
            .from(invoices)
            .where(inArray(invoices.filePath, batch));
          return [
            ...requests.flatMap((row) => [row.zip, row.mapping]),
            ...files.map((row) => row.filePath),
          ];
        }),
    },
  };
}
