import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, dispatchInvoiceRequests, invoices } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { listZip } from '../src/files/zip.js';
import { messages } from '../src/http/messages.js';
import {
  DISPATCH_INVOICES_JOB,
  dispatchInvoicesJob,
  dispatchMessages,
  failOrphanedDispatches,
  startDispatch,
} from '../src/invoices/dispatch.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { bombZip, dispatchForm, handZip, invoicePdf, mappingXlsx } from './helpers/invoices.js';

/** A member of `/invoices/periods`: no item operation names it, so its @id is a genid. */
const period = (year: number, month: number | null, count: number) => ({
  '@id': expect.stringMatching(/^\/\.well-known\/genid\/[0-9a-f]+$/),
  '@type': 'InvoicePeriod',
  year,
  month,
  count,
});

let ctx: TestContext;
let claire: string;
let admin: string;
let job: ReturnType<typeof dispatchInvoicesJob>;
beforeAll(async () => {
  ctx = await createTestContext();
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
  admin = await ctx.login('admin@reseau-patrimoine.fr');
  job = dispatchInvoicesJob({ db: ctx.db, storage: ctx.storage });
});
afterAll(() => ctx?.close());

const violations = (body: { violations?: { propertyPath: string; message: string }[] }) =>
  (body.violations ?? []).map((v) => `${v.propertyPath}: ${v.message}`);

async function upload(zip: Buffer, mapping: Buffer, token = admin) {
  return ctx.api('POST', '/dispatch_invoice_request', {
    token,
    ...(await dispatchForm(zip, mapping)),
  });
}

/** Runs the job of a request as the queue would (the tests' queue works no job). */
const runJob = (requestId: number, retryCount = 0) =>
  job.run({ requestId }, { id: `test-${requestId}`, retryCount });

async function agentId(cgpId: string) {
  const [row] = await ctx.db.select({ id: agents.id }).from(agents).where(eq(agents.cgpId, cgpId));
  return row!.id;
}

describe('dispatch of a zip of invoices with its mapping', () => {
  it('refuses bad files in French before keeping anything, and agents altogether', async () => {
    const mapping = await mappingXlsx([['a.pdf', 'CGP0001', 2026, 1]]);
    const good = handZip([{ name: 'a.pdf', data: invoicePdf('a') }]);

    const forbidden = await upload(good, mapping, claire);
    expect(forbidden.status).toBe(403);

    const missing = await ctx.api('POST', '/dispatch_invoice_request', {
      token: admin,
      ...(await dispatchForm(good, Buffer.alloc(0))),
    });
    expect(missing.status).toBe(422);
    expect(violations(missing.body)).toEqual([`mappingFile: ${messages.required}`]);

    const notSheet = await upload(good, invoicePdf('pas un classeur'));
    expect(violations(notSheet.body)).toEqual([`mappingFile: ${messages.fileTypeRefused}`]);

    const bomb = await upload(bombZip(), mapping);
    expect(bomb.status).toBe(422);
    expect(violations(bomb.body)).toEqual([`invoicesFile: ${messages.zipRatio}`]);

    const traversal = await upload(
      handZip([{ name: '../evil.pdf', data: invoicePdf('x') }]),
      mapping,
    );
    expect(traversal.status).toBe(422);
    expect(violations(traversal.body)).toEqual([
      `invoicesFile: ${messages.zipUnsafeName('../evil.pdf')}`,
    ]);

    const noColumn = await upload(
      good,
      await mappingXlsx([['a.pdf', 'CGP0001']], ['Fichier', 'cgpId']),
    );
    expect(noColumn.status).toBe(422);
    expect(violations(noColumn.body)[0]).toContain('mappingFile: ');

    const [counted] = await ctx.db
      .select({ value: count() })
      .from(dispatchInvoiceRequests)
      .where(
        eq(
          dispatchInvoiceRequests.requestedById,
          (await ctx.api('GET', '/me', { token: admin })).body.id,
        ),
      );
    expect(counted?.value).toBe(0);
  });

  it('files each invoice, reports the refused rows, runs one at a time and again without duplicates', async () => {
    const zip = handZip([
      { name: 'janvier/a.pdf', data: invoicePdf('a') },
      { name: 'b.pdf', data: invoicePdf('b') },
      { name: 'c.pdf', data: invoicePdf('c') },
      { name: 'e.pdf', data: Buffer.from('pas un PDF') },
      { name: 'mars/f.pdf', data: invoicePdf('f mars') },
      { name: 'avril/f.pdf', data: invoicePdf('f avril') },
    ]);
    // Headers in any case and without accents.
    const mapping = await mappingXlsx(
      [
        ['a.pdf', 'CGP0001', 2019, 1],
        ['b.pdf', 'CGP9999', 2019, 1],
        ['c.pdf', 'CGP0001', 2019, 13],
        ['factures/d.pdf', 'CGP0001', 2019, 1],
        ['e.pdf', 'CGP0001', 2019, 1],
        ['a.pdf', 'CGP0002', 2019, 1],
        // Two files of one name for the same month: the same invoice, the later file kept.
        ['mars/f.pdf', 'CGP0002', 2019, 1],
        ['avril/f.pdf', 'CGP0002', 2019, 1],
      ],
      ['FICHIER', 'IdCgp', 'annee', 'MOIS'],
    );
    const created = await upload(zip, mapping);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'WAITING', total: 8, processed: 0 });
    const other = await upload(
      handZip([{ name: 'x.pdf', data: invoicePdf('x') }]),
      await mappingXlsx([['x.pdf', 'CGP0001', 2019, 2]]),
    );
    const id = created.body.id as number;

    // Two executions at once: PostgreSQL lets one through.
    const [first, second] = await Promise.all([
      ctx.api('POST', `/dispatch_invoice_request/${id}/execute`, { token: admin, body: {} }),
      ctx.api('POST', `/dispatch_invoice_request/${other.body.id}/execute`, {
        token: admin,
        body: {},
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body['hydra:description']).toBe(dispatchMessages.alreadyRunning);
    const runningId = first.status === 202 ? id : (other.body.id as number);
    const waitingId = runningId === id ? (other.body.id as number) : id;
    const again = await ctx.api('POST', `/dispatch_invoice_request/${runningId}/execute`, {
      token: admin,
      body: {},
    });
    expect(again.status).toBe(422);

    await runJob(runningId);
    const executed = await ctx.api('POST', `/dispatch_invoice_request/${waitingId}/execute`, {
      token: admin,
      body: {},
    });
    expect(executed.status).toBe(202);
    await runJob(waitingId);

    const report = await ctx.api('GET', `/dispatch_invoice_request/${id}`, { token: admin });
    expect(report.body).toMatchObject({
      status: 'COMPLETED',
      total: 8,
      processed: 8,
      filed: 3,
      refused: 5,
    });
    expect(report.body.completedAt).not.toBeNull();
    const reasons = (
      report.body.report as { line: number; outcome: string; reason: string | null }[]
    ).map((row) => [row.line, row.outcome, row.reason]);
    expect(reasons).toEqual([
      [2, 'FILED', null],
      [3, 'REFUSED', dispatchMessages.unknownAgent('CGP9999')],
      [4, 'REFUSED', expect.stringContaining('MOIS : ')],
      [5, 'REFUSED', dispatchMessages.notInZip],
      [6, 'REFUSED', dispatchMessages.notPdf],
      [7, 'REFUSED', dispatchMessages.duplicate(2)],
      [8, 'FILED', null],
      [9, 'FILED', null],
    ]);
    // A refused line names its file as the mapping does, folders included.
    expect(report.body.report[3]).toMatchObject({ line: 5, filename: 'factures/d.pdf' });
    const julien = await ctx.api('GET', '/invoices?year=2019&month=1&user.cgpId=CGP0002', {
      token: admin,
    });
    expect(julien.body['hydra:member']).toMatchObject([{ filename: 'f.pdf' }]);
    const kept = await ctx.api('GET', `/invoices/${julien.body['hydra:member'][0].id}/file`, {
      token: admin,
    });
    expect(kept.raw.includes('f avril')).toBe(true);

    const list = await ctx.api('GET', '/dispatch_invoices_requests', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body['hydra:member'][0]).toMatchObject({ status: 'COMPLETED' });

    // Claire finds it under 2019 / January, and only Claire.
    const mine = await ctx.api('GET', '/invoices?year=2019&month=1', { token: claire });
    expect(mine.body['hydra:member'].map((row: { filename: string }) => row.filename)).toEqual([
      'a.pdf',
    ]);
    const file = await ctx.api('GET', `/invoices/${mine.body['hydra:member'][0].id}/file`, {
      token: claire,
    });
    expect(file.status).toBe(200);
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');

    // Run again (a retry after a crash, or the same files sent again): no duplicate.
    await ctx.db
      .update(dispatchInvoiceRequests)
      .set({ status: 'PROCESSING' })
      .where(eq(dispatchInvoiceRequests.id, id));
    await runJob(id);
    const resent = await upload(zip, mapping);
    await ctx.api('POST', `/dispatch_invoice_request/${resent.body.id}/execute`, {
      token: admin,
      body: {},
    });
    await runJob(resent.body.id);
    const [counted] = await ctx.db
      .select({ value: count() })
      .from(invoices)
      .where(
        and(
          eq(invoices.agentId, await agentId('CGP0001')),
          eq(invoices.year, 2019),
          eq(invoices.month, 1),
        ),
      );
    expect(counted?.value).toBe(1);
    const after = await ctx.api('GET', `/dispatch_invoice_request/${id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'COMPLETED', processed: 8, filed: 3 });
  });

  it('ends FAILED with the reason when the files are refused or gone', async () => {
    const created = await upload(
      handZip([{ name: 'a.pdf', data: invoicePdf('a') }]),
      await mappingXlsx([['a.pdf', 'CGP0001', 2018, 5]]),
    );
    await ctx.storage.delete(
      (
        await ctx.db
          .select()
          .from(dispatchInvoiceRequests)
          .where(eq(dispatchInvoiceRequests.id, created.body.id))
      )[0]!.invoicesFilePath,
    );
    await ctx.api('POST', `/dispatch_invoice_request/${created.body.id}/execute`, {
      token: admin,
      body: {},
    });
    await runJob(created.body.id);
    const failed = await ctx.api('GET', `/dispatch_invoice_request/${created.body.id}`, {
      token: admin,
    });
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      error: dispatchMessages.zipMissing,
      filed: 0,
    });

    const template = await ctx.api('GET', '/dispatch_invoice_request/template', { token: admin });
    expect(template.status).toBe(200);
    expect(template.headers['content-disposition']).toContain('modele_dispatch_factures.xlsx');
  });
});

describe('a request never stays PROCESSING without its job', () => {
  const statusOf = async (id: number) =>
    (
      await ctx.db
        .select({ status: dispatchInvoiceRequests.status, error: dispatchInvoiceRequests.error })
        .from(dispatchInvoiceRequests)
        .where(eq(dispatchInvoiceRequests.id, id))
    )[0]!;
  const jobsOf = async (id: number) =>
    rowsOf<{ state: string; data: { requestId: number } }>(
      await ctx.db.execute(sql`select state, data from pgboss.job
        where name = ${DISPATCH_INVOICES_JOB} and singleton_key = ${`dispatch-${id}`}`),
    );
  async function waiting() {
    // The rule allows one PROCESSING request: end whatever an earlier test left running.
    await ctx.db
      .update(dispatchInvoiceRequests)
      .set({ status: 'FAILED' })
      .where(eq(dispatchInvoiceRequests.status, 'PROCESSING'));
    const created = await upload(
      handZip([{ name: 'a.pdf', data: invoicePdf('a') }]),
      await mappingXlsx([['a.pdf', 'CGP0001', 2015, 2]]),
    );
    return created.body.id as number;
  }

  it('queues the job in the transaction that starts the request: both or neither', async () => {
    const id = await waiting();
    // A job already waiting under the request's key: pg-boss refuses the new one, and the
    // status change rolls back with it.
    await ctx.jobs.send(DISPATCH_INVOICES_JOB, { requestId: id }, { key: `dispatch-${id}` });
    await expect(startDispatch(ctx.db, ctx.jobs, id)).rejects.toThrow(/not queued/);
    expect(await statusOf(id)).toMatchObject({ status: 'WAITING' });
    await ctx.db.execute(sql`delete from pgboss.job where singleton_key = ${`dispatch-${id}`}`);

    const executed = await ctx.api('POST', `/dispatch_invoice_request/${id}/execute`, {
      token: admin,
      body: {},
    });
    expect(executed.status).toBe(202);
    // (With the id of the HTTP request that sent it, for its log lines: `_reqId`.)
    expect(await jobsOf(id)).toEqual([
      { state: 'created', data: { requestId: id, _reqId: expect.any(String) } },
    ]);
    // A running request with its job waiting: the sweep leaves it alone.
    expect(await failOrphanedDispatches(ctx.db)).not.toContain(id);
    expect(await statusOf(id)).toMatchObject({ status: 'PROCESSING' });
  });

  it('ends FAILED a request whose job spent its retries or is gone, then lets the next run', async () => {
    const id = await waiting();
    await ctx.api('POST', `/dispatch_invoice_request/${id}/execute`, { token: admin, body: {} });
    // The process died on the last attempt: pg-boss expires the job into `failed`, no code of
    // the job runs again.
    await ctx.db.execute(sql`update pgboss.job set state = 'failed', retry_count = retry_limit
      where singleton_key = ${`dispatch-${id}`}`);
    const next = await upload(
      handZip([{ name: 'b.pdf', data: invoicePdf('b') }]),
      await mappingXlsx([['b.pdf', 'CGP0001', 2015, 3]]),
    );
    const blocked = await ctx.api('POST', `/dispatch_invoice_request/${next.body.id}/execute`, {
      token: admin,
      body: {},
    });
    expect(blocked.status).toBe(409);

    expect(await failOrphanedDispatches(ctx.db)).toEqual([id]);
    expect(await statusOf(id)).toEqual({ status: 'FAILED', error: dispatchMessages.interrupted });
    const report = await ctx.api('GET', `/dispatch_invoice_request/${id}`, { token: admin });
    expect(report.body.completedAt).not.toBeNull();

    // A request left PROCESSING with no job at all (removed by hand) ends the same way.
    const running = await ctx.api('POST', `/dispatch_invoice_request/${next.body.id}/execute`, {
      token: admin,
      body: {},
    });
    expect(running.status).toBe(202);
    await ctx.db.execute(
      sql`delete from pgboss.job where singleton_key = ${`dispatch-${next.body.id}`}`,
    );
    expect(await failOrphanedDispatches(ctx.db)).toEqual([next.body.id]);
  });

  it('refuses a mapping cell holding a NUL at upload; a request kept with one ends FAILED, its job settled', async () => {
    const nul = await mappingXlsx([
      ['a.pdf', 'CGP0001', 2014, 1],
      // The OOXML escape of U+0000, as a probe wrote it.
      ['b.pdf', '_x0000_CGP0001', 2014, 1],
    ]);
    const refusal = `mappingFile: ${messages.spreadsheetForbiddenCharacter(3, 'cgpId')}`;
    const refused = await upload(handZip([{ name: 'a.pdf', data: invoicePdf('a') }]), nul);
    expect(refused.status).toBe(422);
    expect(violations(refused.body)).toEqual([refusal]);
    expect(refusal).toContain('Ligne 3, colonne « cgpId »');

    // A request uploaded before this check: its job refuses the file and ends it FAILED in
    // French, run by a working queue (pg-boss stores the outcome, nothing reaches the process).
    const id = await waiting();
    const [request] = await ctx.db
      .select()
      .from(dispatchInvoiceRequests)
      .where(eq(dispatchInvoiceRequests.id, id));
    await ctx.storage.put(request!.mappingFilePath, nul);
    const queue = await startJobQueue(ctx.db, [job], {
      work: true,
      supervise: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const executed = await ctx.api('POST', `/dispatch_invoice_request/${id}/execute`, {
        token: admin,
        body: {},
      });
      expect(executed.status).toBe(202);
      await expect
        .poll(async () => (await jobsOf(id))[0]?.state, { timeout: 20_000 })
        .toBe('completed');
    } finally {
      await queue.stop();
    }
    expect(await statusOf(id)).toEqual({
      status: 'FAILED',
      error: messages.spreadsheetForbiddenCharacter(3, 'cgpId'),
    });
    // The next dispatch is not blocked.
    const next = await waiting();
    const started = await ctx.api('POST', `/dispatch_invoice_request/${next}/execute`, {
      token: admin,
      body: {},
    });
    expect(started.status).toBe(202);
  }, 60_000);

  it('lets staff cancel a waiting request only', async () => {
    const id = await waiting();
    const byAgent = await ctx.api('POST', `/dispatch_invoice_request/${id}/cancel`, {
      token: claire,
      body: {},
    });
    expect(byAgent.status).toBe(403);
    const cancelled = await ctx.api('POST', `/dispatch_invoice_request/${id}/cancel`, {
      token: admin,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled.body.completedAt).not.toBeNull();
    const again = await ctx.api('POST', `/dispatch_invoice_request/${id}/cancel`, {
      token: admin,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body['hydra:description']).toBe(dispatchMessages.notCancellable);
    const run = await ctx.api('POST', `/dispatch_invoice_request/${id}/execute`, {
      token: admin,
      body: {},
    });
    expect(run.status).toBe(422);
    const missing = await ctx.api('POST', '/dispatch_invoice_request/999999/cancel', {
      token: admin,
      body: {},
    });
    expect(missing.status).toBe(404);
  });
});

describe('the invoice library', () => {
  it('gives an agent his own invoices by year and month, and a month as a zip', async () => {
    const id = await agentId('CGP0001');
    const foreign = await agentId('CGP0003');
    for (const [agent, name] of [
      [id, 'Facture_mars.pdf'],
      [id, 'Facture_mars_bis.pdf'],
      [foreign, 'Facture_autre.pdf'],
    ] as const) {
      const filePath = `invoices/dispatch/${name}-${agent}.pdf`;
      await ctx.storage.put(filePath, invoicePdf(name));
      await ctx.db
        .insert(invoices)
        .values({ agentId: agent, year: 2017, month: 3, filename: name, filePath });
    }
    const years = await ctx.api('GET', '/invoices/periods', { token: claire });
    expect(years.body['hydra:member']).toContainEqual(period(2017, null, 2));
    const months = await ctx.api('GET', '/invoices/periods?year=2017', { token: claire });
    expect(months.body['hydra:member']).toEqual([period(2017, 3, 2)]);
    // The periods list takes no month: one sent is ignored, whatever it holds.
    for (const month of ['abc', '1.5', '1e400', '3']) {
      const ignored = await ctx.api('GET', `/invoices/periods?year=2017&month=${month}`, {
        token: claire,
      });
      expect(ignored.status).toBe(200);
      expect(ignored.body['hydra:member']).toEqual([period(2017, 3, 2)]);
    }
    const others = await ctx.api('GET', '/invoices?user.cgpId=CGP0003', { token: claire });
    expect(others.body['hydra:totalItems']).toBe(0);
    // The agent's app names his own CGP id, as the spec's calls do.
    const mine = await ctx.api('GET', '/invoices?year=2017&month=3&user.cgpId=CGP0001', {
      token: claire,
    });
    expect(mine.status).toBe(200);
    expect(mine.body['hydra:totalItems']).toBe(2);
    const myMonths = await ctx.api('GET', '/invoices/periods?year=2017&user.cgpId=CGP0001', {
      token: claire,
    });
    expect(myMonths.body['hydra:member']).toEqual([period(2017, 3, 2)]);
    const othersMonths = await ctx.api('GET', '/invoices/periods?year=2017&user.cgpId=CGP0003', {
      token: claire,
    });
    expect(othersMonths.body['hydra:member']).toEqual([]);

    const zip = await ctx.api('GET', '/invoices/download?year=2017&month=3&user.cgpId=CGP0001', {
      token: claire,
    });
    expect(zip.status).toBe(200);
    expect((await listZip(zip.raw)).map((entry) => entry.name)).toEqual([
      'Facture_mars.pdf',
      'Facture_mars_bis.pdf',
    ]);
    const own = await ctx.api('GET', '/invoices/download?year=2017&month=3', { token: claire });
    expect(own.status).toBe(200);
    const refused = await ctx.api(
      'GET',
      '/invoices/download?year=2017&month=3&user.cgpId=CGP0003',
      { token: claire },
    );
    expect(refused.status).toBe(403);
    const empty = await ctx.api('GET', '/invoices/download?year=2016&month=3', { token: claire });
    expect(empty.status).toBe(404);

    const theirs = await ctx.api('GET', '/invoices?year=2017&user.cgpId=CGP0003', { token: admin });
    expect(theirs.body['hydra:member']).toMatchObject([
      { filename: 'Facture_autre.pdf', user: { cgpId: 'CGP0003' } },
    ]);
    const file = await ctx.api('GET', `/invoices/${theirs.body['hydra:member'][0].id}/file`, {
      token: claire,
    });
    expect(file.status).toBe(404);
    const network = await ctx.api('GET', '/invoices/download?year=2017&month=3', { token: admin });
    const folders = (await listZip(network.raw)).map((entry) => entry.name.split('/')[0]);
    expect(folders.some((name) => name!.startsWith('CGP0003 '))).toBe(true);
  });
});
