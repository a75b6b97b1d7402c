import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { uploadLimits } from '@portal/api/generated/uploads';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartReader,
  registerMultipart,
  uploadedFile,
  type UploadDeclarations,
} from '../src/files/uploads.js';
import type { Operation } from '../src/contract.js';
import { filesRoot } from '../src/files/storage.js';
import { mainUploads } from '../src/handlers/index.js';
import { setupHttp } from '../src/http/setup.js';
import { sweepOnce } from '../src/maintenance/index.js';
import { multipart, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { multipartOperationIds } from './helpers/contract.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// What a new area's module would declare for its own operation: nothing else changes.
const declared: UploadDeclarations = {
  uploadProspectDocument: {
    folder: 'prospect-documents',
    maxFileBytes: 2_000,
    types: ['application/pdf'],
    referenced: async () => new Set(),
  },
};
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function appReading(uploads: UploadDeclarations) {
  const app = Fastify();
  setupHttp(app);
  registerMultipart(app);
  const read = multipartReader(ctx.storage, uploads);
  app.post('/:operationId', async (request) => {
    const { operationId } = request.params as { operationId: string };
    await read(request, { operationId } as Operation);
    const file = uploadedFile(request, 'file');
    return { tooLarge: file?.tooLarge, type: file?.type?.mime ?? null, size: file?.staged?.size };
  });
  return app;
}

describe('uploads declared by their operation', () => {
  it('declares every multipart operation of the contract in its module', () => {
    const multipartOperations = multipartOperationIds();
    expect(Object.keys(mainUploads(ctx.config)).sort()).toEqual(multipartOperations);
  });

  it("takes each operation's limits from its contract's x-upload", () => {
    const declarations = mainUploads({ uploadMaxBytes: 1234 });
    for (const [operationId, upload] of Object.entries(uploadLimits)) {
      const { maxFileBytes, maxFiles = 1, types } = declarations[operationId]!;
      expect({ maxFileBytes, maxFiles, types }, operationId).toEqual({
        // A limit a setting overrides is the configured one; the contract gives its default.
        maxFileBytes: 'setting' in upload ? 1234 : upload.maxBytes,
        maxFiles: upload.maxFiles,
        types: upload.types,
      });
    }
    expect(ctx.config.uploadMaxBytes).toBe(uploadLimits.changePicture.maxBytes);
  });

  it("applies a module's declaration (size, types by content) with no change to the app", async () => {
    const app = await appReading(declared);
    try {
      const send = async (operationId: string, data: Buffer, name: string) => {
        const form = await multipart('file', data, name, 'application/pdf');
        const response = await app.inject({
          method: 'POST',
          url: `/${operationId}`,
          payload: form.raw,
          headers: form.headers,
        });
        return response.json();
      };
      expect(await send('uploadProspectDocument', pdf, 'ric.pdf')).toEqual({
        tooLarge: false,
        type: 'application/pdf',
        size: pdf.length,
      });
      // A picture named .pdf is of no accepted type; a file over the limit is too large.
      expect((await send('uploadProspectDocument', samplePng(), 'ric.pdf')).type).toBeNull();
      expect(
        (await send('uploadProspectDocument', Buffer.concat([pdf, Buffer.alloc(3_000)]), 'a.pdf'))
          .tooLarge,
      ).toBe(true);
      // An operation nobody declared never reads a multipart body.
      const form = await multipart('file', pdf, 'a.pdf');
      const undeclared = await app.inject({
        method: 'POST',
        url: '/somethingElse',
        payload: form.raw,
        headers: form.headers,
      });
      expect(undeclared.statusCode).toBe(415);
    } finally {
      await app.close();
    }
  });

  it('sweeps the folder of every declared upload', async () => {
    const folder = join(filesRoot(ctx.config.dataDir), 'prospect-documents');
    mkdirSync(folder, { recursive: true });
    const orphan = join(folder, `.${'7'.repeat(32)}.0123456789abcdef.part`);
    writeFileSync(orphan, pdf);
    await sweepOnce(ctx.db, ctx.storage, declared);
    expect(existsSync(orphan)).toBe(false);
  });
});
