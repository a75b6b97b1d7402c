import { connect } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizer } from '../src/access/authorize.js';
import { authenticator } from '../src/auth/principal.js';
import { multipartReader, registerMultipart } from '../src/files/uploads.js';
import { loadContract, registerContractRoutes } from '../src/contract.js';
import { filesRoot } from '../src/files/storage.js';
import { mainHandlers, mainUploads } from '../src/handlers/index.js';
import { setupHttp } from '../src/http/setup.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { handZip, invoicePdf, mappingXlsx } from './helpers/invoices.js';
import { filesUnder } from './helpers/files.js';

/** Probes of the HTTP layer: strict integers, prototype keys, Node's own errors, timeouts. */

let ctx: TestContext;
let admin: string;
let claire: string;
let port: number;
beforeAll(async () => {
  // A one-second request timeout, so that a stalled body is seen answered within the test.
  ctx = await createTestContext({ REQUEST_TIMEOUT: '1' });
  admin = await ctx.login(ADMIN);
  claire = await ctx.login(CLAIRE);
  await ctx.main.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.main.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

const description = (response: { body: Record<string, unknown> }) =>
  response.body['hydra:description'];

describe('integer parameters', () => {
  it('are read as decimal digits only, not as whatever a JavaScript number reads', async () => {
    const cases: [string, string, string][] = [
      [claire, '/invoices/0x1/file', 'path.id'],
      [claire, '/invoices/1e1/file', 'path.id'],
      [claire, '/invoices/%2B1/file', 'path.id'],
      [claire, '/invoices/1.0/file', 'path.id'],
      [claire, '/invoices/%201/file', 'path.id'],
      [claire, '/invoices/download?year=0x7EA&month=10', 'query.year'],
      [claire, '/invoices/download?year=2026&month=0xA', 'query.month'],
      [admin, '/clients?itemsPerPage=1e2', 'query.itemsPerPage'],
      [admin, '/clients?page=%201', 'query.page'],
      [admin, '/statistics/team?year=0x7EA', 'query.year'],
      [admin, '/tracking/connections/days?userId=0x3', 'query.userId'],
    ];
    for (const [token, url, where] of cases) {
      const response = await ctx.api('GET', url, { token });
      expect(response.status, `${url}: ${response.text}`).toBe(400);
      expect(description(response), url).toBe(`Requête invalide. ${where} : doit être un entier`);
    }
  });

  it('still accepts decimal integers, a leading zero included, and checks their bounds', async () => {
    expect(
      (await ctx.api('GET', '/clients?itemsPerPage=20&page=01', { token: admin })).status,
    ).toBe(200);
    const negative = await ctx.api('GET', '/clients/-1', { token: admin });
    expect(negative.status).toBe(400);
    expect(description(negative)).toBe(
      'Requête invalide. path.id : doit être supérieur ou égal à 1',
    );
  });
});

describe('JSON bodies', () => {
  it('name the prototype key they are refused for', async () => {
    const cases: [string, string][] = [
      ['{"email":"a@b.fr","password":"x","__proto__":{"isAdmin":true}}', '__proto__'],
      ['{"email":"a@b.fr","password":"x","a":[{"\\u005f_proto__":1}]}', '__proto__'],
      ['{"email":"a@b.fr","password":"x","constructor":{"prototype":{}}}', 'constructor.prototype'],
    ];
    for (const [raw, key] of cases) {
      const response = await ctx.api('POST', '/token', { raw });
      expect(response.status, raw).toBe(400);
      expect(description(response)).toBe(
        `Le corps de la requête contient une clé interdite (${key}).`,
      );
    }
    const broken = await ctx.api('POST', '/token', { raw: '{"email":' });
    expect(description(broken)).toBe("Le corps de la requête n'est pas un JSON valide.");
  });
});

/** Sends raw bytes and answers everything the server sends until it closes the connection. */
function exchange(
  chunks: (string | Buffer)[],
  waitMs = 5000,
): Promise<{ text: string; closedAfterMs: number | null }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', (error) => {
      if ((error as { code?: string }).code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

function parseAnswer(text: string) {
  const [head, body] = text.split('\r\n\r\n', 2) as [string, string];
  const [statusLine, ...headers] = head.split('\r\n');
  const header = (name: string) =>
    headers
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  return { statusLine, header, body: JSON.parse(body) as Record<string, unknown> };
}

describe("Node's own refusals", () => {
  it('answers a URL or a header over 16 KB with a French Hydra 431, then closes', async () => {
    for (const request of [
      `GET /clients?label=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      `GET /clients HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
    ]) {
      const { text, closedAfterMs } = await exchange([request]);
      expect(closedAfterMs).not.toBeNull();
      const answer = parseAnswer(text);
      expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(answer.header('content-type')).toBe('application/ld+json; charset=utf-8');
      expect(Number(answer.header('content-length'))).toBe(
        Buffer.byteLength(text.split('\r\n\r\n', 2)[1]!),
      );
      expect(answer.body).toMatchObject({
        '@type': 'hydra:Error',
        'hydra:description': "L'en-tête ou l'adresse de la requête est trop long.",
      });
    }
  });

  it('answers 408 and closes a request whose body stalls past REQUEST_TIMEOUT', async () => {
    expect(ctx.config.requestTimeoutMs).toBe(1000);
    const stalled = [
      // A JSON body announced 10 bytes long, of which 2 come.
      [
        'POST /token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 10\r\n\r\n{"',
      ],
      // The upload route, authenticated, its multipart body cut after the part's head.
      [
        'POST /media_objects HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${admin}\r\n` +
          'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 100000\r\n\r\n' +
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
          'Content-Type: image/png\r\n\r\n\u0089PNG',
      ],
      // Headers never finished.
      ['GET /clients HTTP/1.1\r\nHost: 127.0.0.1\r\n'],
    ];
    for (const chunks of stalled) {
      const { text, closedAfterMs } = await exchange(chunks, 6000);
      expect(closedAfterMs, chunks[0]).not.toBeNull();
      expect(closedAfterMs!).toBeLessThan(3000);
      const answer = parseAnswer(text);
      expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(answer.body['hydra:description']).toBe(
        "La requête n'a pas été reçue à temps : la connexion est fermée.",
      );
    }
  });
});

const ZIP = 'application/zip';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function form(parts: [string, Buffer, string, string][]) {
  const data = new FormData();
  for (const [name, bytes, filename, type] of parts)
    data.append(name, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = new Response(data);
  return {
    raw: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** Every file under the storage's dispatch folder, staged or temporary. */
const dispatchFiles = () => filesUnder(join(filesRoot(ctx.config.dataDir), 'invoices', 'dispatch'));

describe('multipart files', () => {
  it('names a file field sent twice, refuses an extra file, and keeps neither', async () => {
    const zip = handZip([{ name: 'a.pdf', data: invoicePdf('a') }]);
    const mapping = await mappingXlsx([['a.pdf', 'CGP0001', 2026, 1]]);
    const before = dispatchFiles();
    const twice = await ctx.api('POST', '/dispatch_invoice_request', {
      token: admin,
      ...(await form([
        ['invoicesFile', zip, 'factures.zip', ZIP],
        ['invoicesFile', zip, 'autres.zip', ZIP],
        ['mappingFile', mapping, 'correspondance.xlsx', XLSX],
      ])),
    });
    expect(twice.status, twice.text).toBe(400);
    expect(description(twice)).toBe('Champ en double : invoicesFile.');
    const extra = await ctx.api('POST', '/dispatch_invoice_request', {
      token: admin,
      ...(await form([
        ['other', zip, 'autre.zip', ZIP],
        ['invoicesFile', zip, 'factures.zip', ZIP],
        ['mappingFile', mapping, 'correspondance.xlsx', XLSX],
      ])),
    });
    expect(extra.status, extra.text).toBe(400);
    expect(description(extra)).toBe('Trop de fichiers dans la requête.');
    expect(dispatchFiles()).toEqual(before);
  });

  it('reports only the size of a file over its limit, not the files after it', async () => {
    // The main app's wiring, with a limit on the dispatch's files (500 MB otherwise) that the
    // mapping fits in and the zip does not.
    const mapping = await mappingXlsx([['a.pdf', 'CGP0001', 2026, 1]]);
    const app = Fastify({ logger: false });
    setupHttp(app);
    registerMultipart(app);
    const uploads = mainUploads(ctx.config);
    const contract = loadContract('main');
    registerContractRoutes(app, {
      contract,
      handlers: mainHandlers({
        db: ctx.db,
        config: ctx.config,
        mailer: ctx.mailer,
        storage: ctx.storage,
        jobs: ctx.jobs,
      }),
      authenticate: authenticator(ctx.db, ctx.config),
      authorize: createAuthorizer(ctx.db),
      readMultipart: multipartReader(ctx.storage, {
        ...uploads,
        createDispatchInvoiceRequest: {
          ...uploads.createDispatchInvoiceRequest!,
          maxFileBytes: mapping.length + 1024,
        },
      }),
    });
    try {
      const { raw, headers } = await form([
        ['invoicesFile', Buffer.alloc(mapping.length * 4, 1), 'factures.zip', ZIP],
        ['mappingFile', mapping, 'correspondance.xlsx', XLSX],
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/dispatch_invoice_request',
        headers: { ...headers, authorization: `Bearer ${admin}` },
        payload: raw,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()['hydra:description']).toBe(
        'invoicesFile: Le fichier est trop volumineux.',
      );
    } finally {
      await app.close();
    }
  });
});
