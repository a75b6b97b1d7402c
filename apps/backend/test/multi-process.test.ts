import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION } from './helpers/accounts.js';
import {
  startBackend,
  stopBackend as stop,
  type BackendProcess as Backend,
} from './helpers/backend-process.js';
import { multipart, samplePng } from './helpers/communication.js';
import { DEMO_PASSWORD, TEST_SECRET } from './helpers/context.js';
import { createTestDatabase } from './helpers/database.js';
import { startLocalS3, type LocalS3 } from './helpers/s3.js';

// Several processes on one PostgreSQL need a database server: the PGlite run skips this file.
const serverUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(serverUrl) && serverUrl !== 'memory://';

describe.skipIf(!onPostgres)(
  'two backend processes on one PostgreSQL and one S3 bucket (skipped on PGlite: one process per embedded database)',
  () => {
    let s3: LocalS3;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const dataDirs: string[] = [];
    let first: Backend | undefined;
    let second: Backend | undefined;

    beforeAll(async () => {
      s3 = await startLocalS3();
      database = await createTestDatabase();
      if (database.config.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const env = (name: string) => {
        const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
        dataDirs.push(dataDir);
        return {
          ...s3.env,
          DATABASE_URL: (database.config as { url: string }).url,
          // Each process has its own data directory: nothing on local disk is shared.
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_SECRET,
        };
      };
      // One after the other: the first seeds the demo accounts, the second finds them.
      first = await startBackend(env('first'));
      second = await startBackend(env('second'));
    }, 150_000);

    afterAll(async () => {
      await Promise.all([stop(first), stop(second)]);
      await database?.close();
      await s3?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    const login = async (backend: Backend) => {
      const response = await fetch(`${backend.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: COMMUNICATION, password: DEMO_PASSWORD }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { token: string }).token;
    };

    it('serves through one process a picture uploaded through the other, and forgets it everywhere once deleted', async () => {
      const token = await login(first!);
      const form = await multipart('file', samplePng(), 'visuel.png');
      const uploaded = await fetch(`${first!.url}/media_objects`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        body: form.raw,
      });
      expect(uploaded.status, first!.output()).toBe(201);
      const media = (await uploaded.json()) as { id: number; contentUrl: string };

      const served = await fetch(`${second!.url}${media.contentUrl}`);
      expect(served.status, second!.output()).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(samplePng())).toBe(true);

      // The session is in the database: the token of the first process works on the second.
      const removed = await fetch(`${second!.url}/media_objects/${media.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.status).toBe(204);
      expect((await fetch(`${first!.url}${media.contentUrl}`)).status).toBe(404);
    }, 60_000);

    const post = (backend: Backend, path: string, body: unknown, token?: string) =>
      fetch(`${backend.url}${path}`, {
        method: path === '/me/password' ? 'PUT' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    it('counts sign-in attempts and wrong current passwords across both processes', async () => {
      // Sign-in: 10 a minute per client and address, whichever process answers.
      const guess = { email: 'julien.lefebvre@reseau-patrimoine.fr', password: 'Mauvais1!' };
      for (let n = 0; n < 10; n++)
        expect((await post(n % 2 === 0 ? first! : second!, '/token', guess)).status).toBe(401);
      const blocked = await post(first!, '/token', guess);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await post(second!, '/token', guess)).status).toBe(429);

      // Re-authentication behind a token: 5 wrong answers per user, shared.
      const token = await login(first!);
      const change = (backend: Backend) =>
        post(
          backend,
          '/me/password',
          { currentPassword: 'Mauvais2026!', newPassword: 'Nouveau2026!' },
          token,
        );
      for (const backend of [first!, second!, first!, second!])
        expect((await change(backend)).status).toBe(422);
      const locked = await change(second!);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await fetch(`${first!.url}/me`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(401);
    }, 60_000);
  },
);
