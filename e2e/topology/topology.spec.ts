import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CACHE_CONTROL } from '@portal/config/static-delivery';
import { startTopology, type Topology } from '@portal/deploy/topology';
import sharp from 'sharp';
import { signIn } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD } from '../support/ports';

/**
 * Production as docs/operations.md describes it, on this machine: nginx in front of both apps'
 * builds and two backend processes (the compiled bundle) on one PostgreSQL, files in an
 * S3-compatible store, mail through a real SMTP server.
 */

test.describe.configure({ mode: 'serial' });

let topology: Topology;
/** The photo uploaded through the proxy, looked for again in the restored copy. */
let uploadedPicture = '';
test.beforeAll(async () => {
  test.setTimeout(300_000);
  topology = await startTopology({ processes: 2, base: 8400 });
});
test.afterAll(async () => {
  await topology?.stop();
});

async function token(email: string): Promise<string> {
  const response = await fetch(`${topology.urls.mainApi}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

/** Every file under `folder`, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

test('both apps sign in through nginx, served with the CDN headers', async ({ page, browser }) => {
  const { agentApp, staffApp } = topology.urls;
  const html = await fetch(`${agentApp}/login`);
  expect(html.status).toBe(200);
  expect(html.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(html.headers.get('x-content-type-options')).toBe('nosniff');
  // nginx renders the policy the end-to-end stand-in follows (static-headers.spec.ts).
  expect(html.headers.get('cache-control')).toBe(CACHE_CONTROL.page);
  expect((await fetch(`${agentApp}/config.js`)).headers.get('cache-control')).toBe(
    CACHE_CONTROL.config,
  );
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await fetch(`${agentApp}${script}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers.get('cache-control')).toBe(CACHE_CONTROL.asset);
  expect(asset.headers.get('content-encoding')).toBe('gzip');
  expect(asset.headers.get('content-security-policy')).toContain("object-src 'none'");
  // A missing asset (a deploy under way) is not cached: the next load finds it.
  const missing = await fetch(`${agentApp}/assets/missing.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toBeNull();
  expect(missing.headers.get('x-content-type-options')).toBe('nosniff');

  await signIn(page, agentApp, DEMO.agent);
  await expect(page.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, staffApp, DEMO.admin);
  await expect(staff).toHaveURL(`${staffApp}/accueil`);
  await expect(staff.getByRole('heading', { name: 'Bonjour Sophie Bernard' })).toBeVisible();
});

test('an export, an upload into the object store and a mail through SMTP', async () => {
  const { mainApi, agentApp } = topology.urls;
  const agent = await token(DEMO.agent);

  const exported = await fetch(`${mainApi}/clients/export?order[lastName]=asc`, {
    headers: bearer(agent),
  });
  expect(exported.status).toBe(200);
  const workbook = Buffer.from(await exported.arrayBuffer());
  expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');

  const me = (await (await fetch(`${mainApi}/me`, { headers: bearer(agent) })).json()) as {
    id: number;
  };
  const before = filesUnder(topology.s3.directory);
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([picture], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${mainApi}/users/change_picture/${me.id}`, {
    method: 'POST',
    headers: bearer(agent),
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const { picture: path } = (await uploaded.json()) as { picture: string };
  uploadedPicture = path;
  // Stored in the bucket, and served back through the proxy.
  expect(
    filesUnder(topology.s3.directory).filter((f) => !before.includes(f)).length,
  ).toBeGreaterThan(0);
  const served = await fetch(new URL(path, mainApi));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');

  const reset = await fetch(`${mainApi}/reset_password_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.agent }),
  });
  expect(reset.status).toBe(202);
  await expect
    .poll(() => topology.smtp.mails.filter((mail) => mail.to.includes(DEMO.agent)).length)
    .toBeGreaterThan(0);
  const mail = topology.smtp.mails.find((m) => m.to.includes(DEMO.agent))!;
  // Quoted-printable may fold the link: unfold before looking for it.
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${agentApp}/reset-password/`);
});

test('a rolling restart of every process under load fails no request', async () => {
  const { mainApi } = topology.urls;
  const agent = await token(DEMO.agent);
  const failures: string[] = [];
  let answered = 0;
  let restarting = true;
  const call = async (label: string, request: () => Promise<Response>, expected: number) => {
    try {
      const response = await request();
      await response.arrayBuffer();
      if (response.status !== expected) failures.push(`${label}: ${response.status}`);
    } catch (error) {
      failures.push(`${label}: ${String(error)} ${String((error as Error).cause)}`);
    }
    answered++;
  };
  // A light, bounded load: three clients, each request after the previous one's answer, each on
  // a connection of its own: a reload closes the proxy's idle client connections, which a
  // browser meets by sending again, and the restart is about the processes behind the proxy.
  const close = { connection: 'close' };
  const client = async (label: string, request: () => Promise<Response>, expected: number) => {
    for (let n = 0; restarting && n < 5_000; n++) await call(label, request, expected);
  };
  const load = Promise.all([
    client(
      'GET /me',
      () => fetch(`${mainApi}/me`, { headers: { ...bearer(agent), ...close } }),
      200,
    ),
    client(
      'GET /clients/clients',
      () => fetch(`${mainApi}/clients/clients?page=1`, { headers: { ...bearer(agent), ...close } }),
      200,
    ),
    client(
      'POST /token',
      () =>
        fetch(`${mainApi}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...close },
          body: JSON.stringify({ email: DEMO.agent2, password: DEMO_PASSWORD }),
        }),
      200,
    ),
  ]);
  try {
    for (let index = 0; index < topology.backends.length; index++)
      await topology.restartBackend(index);
  } finally {
    restarting = false;
    await load;
  }
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
});

test('a backup restores into a new database and bucket, which a process then serves', async () => {
  const deploy = join(import.meta.dirname, '..', '..', 'deploy');
  const backup = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  const restored = new URL(topology.env.DATABASE_URL!);
  restored.pathname = '/restored';
  try {
    await topology.run('bash', [join(deploy, 'backup.sh'), backup]);
    await topology.run('psql', [topology.env.DATABASE_URL!, '-c', 'create database restored']);
    const target = { DATABASE_URL: restored.href, S3_BUCKET: 'portal-restored' };
    await topology.run('bash', [join(deploy, 'restore.sh'), backup], target);
    const lone = await topology.startLoneBackend(target);
    try {
      const signedIn = await fetch(`${lone.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.agent, password: DEMO_PASSWORD }),
      });
      expect(signedIn.status).toBe(200);
      const { token: restoredToken } = (await signedIn.json()) as { token: string };
      const me = (await (
        await fetch(`${lone.url}/account`, { headers: bearer(restoredToken) })
      ).json()) as { picture: string | null };
      expect(me.picture).toBe(uploadedPicture);
      // Served from the restored bucket.
      const picture = await fetch(new URL(uploadedPicture, lone.url));
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      await lone.stop();
    }
  } finally {
    rmSync(backup, { recursive: true, force: true });
  }
});
