import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflate } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjects } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { EXTRACT_TEXT_JOB, extractTextJob } from '../src/library/text.js';
import { pdf } from '../src/seed/network/files.js';
import { ADMIN } from './helpers/accounts.js';
import { multipartForm } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

// Text extraction of library PDFs (ASVS 5.2.3): pdf.js reads each document in a child process
// under a memory, a time and a text cap, so that a small PDF inflating to hundreds of MB neither
// stalls nor swells the API process; a refused document stays listed and found by its name.

let ctx: TestContext;
let admin: string;
let folder: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  folder = (
    await ctx.api('POST', '/folders', {
      token: admin,
      body: { name: 'Extraction', type: 'bibliotheque', parentFolder: null },
    })
  ).body.id;
});
afterAll(() => ctx?.close());

/** A one-page PDF whose content stream is `content`, deflated (FlateDecode, level 9). */
async function pdfOf(content: Iterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(content),
    createDeflate({ level: 9 }),
    async (deflated: AsyncIterable<Buffer>) => {
      for await (const chunk of deflated) chunks.push(chunk);
    },
  );
  const stream = Buffer.concat(chunks);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ].map((object) => Buffer.from(object, 'latin1'));
  objects.push(
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets = objects.map((object, i) => {
    const offset = length;
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
    return offset;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** `head`, then `unit` repeated over `megabytes` MB, deflated as it is made: a few hundred KB. */
function inflatingPdf(head: string, unit: string, megabytes: number): Promise<Buffer> {
  const block = Buffer.from(unit.repeat(Math.ceil(2 ** 20 / unit.length)), 'latin1');
  return pdfOf(
    (function* () {
      yield Buffer.from(head, 'latin1');
      for (let n = 0; n < megabytes; n++) yield block;
    })(),
  );
}

const upload = async (data: Buffer, filename: string) => {
  const uploaded = await ctx.api('POST', '/media_objects/library', {
    token: admin,
    ...(await multipartForm({
      folder: `/folders/${folder}`,
      file: { data, filename, type: 'application/pdf' },
    })),
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body.id as number;
};

const textRow = async (id: number) =>
  (
    await ctx.db
      .select({
        contentText: mediaObjects.contentText,
        textStatus: mediaObjects.textStatus,
        textStatusReason: mediaObjects.textStatusReason,
      })
      .from(mediaObjects)
      .where(eq(mediaObjects.id, id))
  )[0]!;

const searchIds = async (q: string) =>
  (
    (
      await ctx.api(
        'GET',
        `/media_objects/search?folder.type=bibliotheque&q=${encodeURIComponent(q)}`,
        { token: admin },
      )
    ).body['hydra:member'] as { id: number }[]
  ).map((file) => file.id);

/** The job, run here with other caps than the context's. */
const runWith = (caps: Partial<TestContext['config']['libraryText']>, mediaObjectId: number) =>
  extractTextJob({
    ...ctx,
    config: { ...ctx.config, libraryText: { ...ctx.config.libraryText, ...caps } },
  }).run({ mediaObjectId }, { id: 't', retryCount: 0 });

describe('the text of a library PDF, read apart from the API', () => {
  it('refuses a PDF inflating to 400 MB of text operators while the API keeps answering', async () => {
    const bomb = await inflatingPdf('BT /F1 12 Tf 56 780 Td ET\n', 'BT (x) Tj ET\n', 400);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const id = await upload(bomb, 'Bombe inflation.pdf');

    // The upload queued the job; a working queue (as every backend process has) runs it.
    const queue = await startJobQueue(ctx.db, [extractTextJob(ctx)], {
      work: true,
      supervise: false,
      pollingIntervalSeconds: 0.5,
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const baseline = process.memoryUsage.rss();
    let peakRss = baseline;
    let longestAnswer = 0;
    let longestGap = 0;
    try {
      delay.enable();
      const started = performance.now();
      let previous = started;
      // GET /me through the API every 100 ms until the job has written its outcome: each answer
      // must come within 1 s, and so must each one after the one before (nothing blocks between).
      while ((await textRow(id)).textStatus === null) {
        if (performance.now() - started > 120_000) throw new Error('The job did not end');
        const sent = performance.now();
        const me = await ctx.api('GET', '/me', { token: admin });
        const answered = performance.now();
        expect(me.status).toBe(200);
        longestAnswer = Math.max(longestAnswer, answered - sent);
        longestGap = Math.max(longestGap, answered - previous);
        previous = answered;
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        expect(longestAnswer, 'an answer of GET /me (ms)').toBeLessThan(1000);
        expect(longestGap, 'time between two answers of GET /me (ms)').toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      delay.disable();
      await queue.stop();
    }
    expect(delay.max / 1e6, 'longest event-loop delay (ms)').toBeLessThan(1000);
    // pdf.js's memory was the child's: this process grew by far less than the child's cap.
    expect(peakRss - baseline, 'growth of the API process RSS').toBeLessThan(128 * 1024 * 1024);

    // The child was stopped at its memory cap; the job completed (no retry would do better).
    expect(await textRow(id)).toEqual({
      contentText: null,
      textStatus: 'MEMORY_LIMIT',
      textStatusReason:
        'Lecture arrêtée au-delà de 256 Mo de mémoire (LIBRARY_TEXT_MEMORY_MB) : texte non lu.',
    });
    const [job] = rowsOf<{ state: string }>(
      await ctx.db.execute(
        sql`select state from pgboss.job where name = ${EXTRACT_TEXT_JOB} and singleton_key = ${String(id)}`,
      ),
    );
    expect(job?.state).toBe('completed');

    // Stored and listed, found by its name only.
    const listed = await ctx.api(
      'GET',
      '/media_objects?pagination=false&folder.type[]=bibliotheque',
      { token: admin },
    );
    expect(listed.body['hydra:member']).toContainEqual(
      expect.objectContaining({ id, displayName: 'Bombe inflation.pdf' }),
    );
    expect(await searchIds('inflation')).toContain(id);
    expect(await searchIds('x')).not.toContain(id);
    const opened = await ctx.api('GET', `/media_object/${id}/file`, { token: admin });
    expect(opened.raw.equals(bomb)).toBe(true);
  }, 180_000);

  it('stops a reading past its time cap', async () => {
    // 60 MB of path operators: no text, well under the memory cap, seconds to parse.
    const slow = await inflatingPdf('', '0 0 m\n', 60);
    const id = await upload(slow, 'Lecture lente.pdf');
    await runWith({ timeoutMs: 1000 }, id);
    expect(await textRow(id)).toEqual({
      contentText: null,
      textStatus: 'TIME_LIMIT',
      textStatusReason: 'Lecture arrêtée après 1 s (LIBRARY_TEXT_TIMEOUT) : texte non lu.',
    });
    expect(await searchIds('lente')).toContain(id);
  }, 60_000);

  it('keeps the text up to its cap, and reads a document under the caps whole', async () => {
    const lines = ['Premier paragraphe sur la souscription.', 'Second paragraphe sur le rachat.'];
    const id = await upload(pdf('Conditions generales', lines), 'Conditions.pdf');
    await runWith({ maxChars: 40 }, id);
    const cut = await textRow(id);
    expect(cut).toMatchObject({
      textStatus: 'TRUNCATED',
      textStatusReason: 'Texte coupé à 40 caractères (LIBRARY_TEXT_MAX_CHARS).',
    });
    expect(cut.contentText!.length).toBeLessThanOrEqual(40);
    expect(cut.contentText).toMatch(/^Conditions generales/);
    expect(await searchIds('rachat')).not.toContain(id);

    await extractTextJob(ctx).run({ mediaObjectId: id }, { id: 't', retryCount: 0 });
    const whole = await textRow(id);
    expect(whole).toMatchObject({ textStatus: 'EXTRACTED', textStatusReason: null });
    expect(whole.contentText).toContain('Second paragraphe sur le rachat.');
    expect(await searchIds('rachat')).toContain(id);
  }, 60_000);

  it('cuts a text whose search vector PostgreSQL refuses until it fits', async () => {
    // 30,000 distinct words (990,000 characters, under the text cap): their vector passes 1 MB.
    const words = Array.from({ length: 30_000 }, (_, i) =>
      createHash('md5').update(String(i)).digest('hex'),
    );
    // 30 words a line, each line in a place of its own (pdf.js drops text drawn over itself).
    const lines = Array.from({ length: 1000 }, (_, line) => {
      const text = words.slice(line * 30, line * 30 + 30).join(' ');
      return Buffer.from(`BT /F1 0.5 Tf 10 ${(800 - line * 0.7).toFixed(1)} Td (${text}) Tj ET\n`);
    });
    const id = await upload(await pdfOf(lines), 'Mots distincts.pdf');
    await extractTextJob(ctx).run({ mediaObjectId: id }, { id: 't', retryCount: 0 });
    const row = await textRow(id);
    expect(row).toMatchObject({ textStatus: 'TRUNCATED' });
    expect(row.textStatusReason).toMatch(
      /^Texte coupé à [\d\s\u202f]+ caractères : l'index de recherche/,
    );
    expect(row.contentText!.length).toBeLessThan(600_000);
    expect(await searchIds(words[0]!)).toContain(id);
  }, 60_000);

  it('says why a PDF pdf.js cannot read keeps no text', async () => {
    const id = await upload(Buffer.from('%PDF-1.7\n% rien de plus\n', 'latin1'), 'Abime.pdf');
    await extractTextJob(ctx).run({ mediaObjectId: id }, { id: 't', retryCount: 0 });
    const row = await textRow(id);
    expect(row).toMatchObject({ contentText: null, textStatus: 'UNREADABLE' });
    expect(row.textStatusReason).toMatch(/^PDF illisible : /);
  }, 60_000);
});
