import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDataDir, loadConfig, parseDuration } from '../src/config.js';
import { eq } from 'drizzle-orm';
import { sharedTokenSecret, TOKEN_SECRET_SETTING, withTokenSecret } from '../src/auth/secret.js';
import { profiles, serverSettings, users } from '../src/db/schema.js';
import { seedDemo } from '../src/seed/demo.js';
import { demoAccounts } from '../src/seed/accounts.js';
import { createTestDatabase } from './helpers/database.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config).toMatchObject({
        port: 3000,
        trainingPort: 3001,
        host: '127.0.0.1',
        database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
        tokenTtlSeconds: 12 * 3600,
        agentAppUrl: 'http://localhost:5173',
        staffAppUrl: 'http://localhost:5174',
        smtpUrl: null,
        loginRateLimit: 10,
        resetRateLimit: 5,
        resetTokenTtlMinutes: 60,
        libraryText: { memoryMb: 256, timeoutMs: 30_000, maxChars: 1_000_000 },
      });
      expect(config.corsOrigins).toEqual([
        'http://localhost:5173',
        'http://127.0.0.1:5173',
        'http://localhost:5174',
        'http://127.0.0.1:5174',
      ]);
      // No JWT_SECRET: the secret is the database's (below), nothing is written to DATA_DIR.
      expect(config.jwtSecret).toBeNull();
      expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('puts the default data directory at the repository root', () => {
    expect(defaultDataDir).toMatch(/\.data$/);
    expect(existsSync(join(defaultDataDir, '..', 'pnpm-workspace.yaml'))).toBe(true);
  });

  it('reads durations, database URLs and origins', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('2d')).toBe(172800);
    expect(() => parseDuration('soon')).toThrow();
    const config = loadConfig({
      JWT_SECRET: 's',
      DATABASE_URL: 'postgres://localhost/portal',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://localhost/portal' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(loadConfig({ JWT_SECRET: 's', DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: null,
    });
    const caps = { JWT_SECRET: 's', LIBRARY_TEXT_MEMORY_MB: '512', LIBRARY_TEXT_TIMEOUT: '2m' };
    expect(loadConfig({ ...caps, LIBRARY_TEXT_MAX_CHARS: '5000' }).libraryText).toEqual({
      memoryMb: 512,
      timeoutMs: 120_000,
      maxChars: 5000,
    });
    // A cap that would refuse every document stops the start.
    expect(() => loadConfig({ ...caps, LIBRARY_TEXT_MEMORY_MB: '16' })).toThrow(/at least 64/);
    expect(() => loadConfig({ ...caps, LIBRARY_TEXT_TIMEOUT: '0' })).toThrow(/positive/);
    expect(() => loadConfig({ ...caps, LIBRARY_TEXT_MAX_CHARS: '0' })).toThrow(/at least 1/);
  });

  it('reads the heartbeat, the age of a dead process and the grace of a stop', () => {
    expect(loadConfig({ JWT_SECRET: 's' })).toMatchObject({
      heartbeatMs: 20_000,
      processDeadAfterMs: 60_000,
      shutdownGraceMs: 25_000,
    });
    // Dead after three beats missed unless said otherwise.
    expect(
      loadConfig({ JWT_SECRET: 's', HEARTBEAT_SECONDS: '1', SHUTDOWN_GRACE_MS: '2000' }),
    ).toMatchObject({ heartbeatMs: 1_000, processDeadAfterMs: 3_000, shutdownGraceMs: 2_000 });
    // A live process one beat late must not pass for dead.
    expect(() =>
      loadConfig({ JWT_SECRET: 's', HEARTBEAT_SECONDS: '10', PROCESS_DEAD_AFTER_SECONDS: '15' }),
    ).toThrow(/PROCESS_DEAD_AFTER_SECONDS must be at least twice HEARTBEAT_SECONDS/);
  });
});

describe('the token secret without JWT_SECRET', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('is generated once in the database and read back by every caller, even racing', async () => {
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => sharedTokenSecret(database.db)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(64);
    expect(await sharedTokenSecret(database.db)).toBe(secrets[0]);
    const rows = await database.db
      .select()
      .from(serverSettings)
      .where(eq(serverSettings.name, TOKEN_SECRET_SETTING));
    expect(rows.map((row) => row.value)).toEqual([secrets[0]]);
  });

  it('gives way to JWT_SECRET', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    try {
      const shared = await sharedTokenSecret(database.db);
      const unset = await withTokenSecret(loadConfig({ DATA_DIR: dataDir }), database.db);
      expect(unset.jwtSecret).toBe(shared);
      const set = await withTokenSecret(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'from-the-environment' }),
        database.db,
      );
      expect(set.jwtSecret).toBe('from-the-environment');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('demo seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('creates the demo network once', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toBe(false);
    const emails = (await database.db.select({ email: users.email }).from(users)).map(
      (u) => u.email,
    );
    expect(emails.sort()).toEqual(demoAccounts.map((a) => a.email).sort());
    const names = (await database.db.select({ name: profiles.name }).from(profiles)).map(
      (p) => p.name,
    );
    expect(names.sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_COMMUNICATION',
      'ROLE_MANDATAIRE',
      'ROLE_MANDATAIRE - JUNIOR',
    ]);
  });
});
