import { join, resolve } from 'node:path';
import { uploadSettings } from '@portal/api/generated/uploads';
import { PROFILE_TYPES, type ProfileType } from './db/schema/core.js';
import { backendDir } from './paths.js';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** dataDir null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export interface Config {
  port: number;
  trainingPort: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** JWT_SECRET, else the database's (`auth/secret.ts`): the same in every process. */
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** A session ends after this many seconds without a request; 0 = never. */
  sessionIdleTimeoutSeconds: number;
  agentAppUrl: string;
  staffAppUrl: string;
  corsOrigins: string[];
  smtpUrl: string | null;
  /** Serve the development outbox (/dev/outbox): see devOutboxSetting. */
  devOutbox: boolean;
  /** Why DEV_OUTBOX was asked for and refused (printed at start), else null. */
  devOutboxRefusal: string | null;
  mailFrom: string;
  loginRateLimit: number;
  loginIpRateLimit: number;
  resetRateLimit: number;
  /** Wrong current passwords a user may give in 15 minutes before the session ends. */
  reauthRateLimit: number;
  /** Wrong second-factor codes a user may give in 15 minutes (across processes) before a 429. */
  secondFactorRateLimit: number;
  /**
   * The profile types whose accounts must have a second factor (SECOND_FACTOR_REQUIRED:
   * 'Hubnup', 'Mandataire', both comma-separated, or 'none'); the others may enrol. Unset: the
   * staff ('Hubnup') in the compiled backend (production), none under tsx (dev, tests, demo).
   */
  secondFactorRequired: ProfileType[];
  /**
   * SECOND_FACTOR_KEY: the key the second-factor secrets are encrypted with (32 bytes or more,
   * base64url); unset, a key kept in `server_settings` (`auth/second-factor.ts`).
   */
  secondFactorKey: string | null;
  /** Exports one user may have running at once, across every process. */
  exportConcurrency: number;
  /** Months an audit line is kept; the daily retention job deletes older ones. */
  auditRetentionMonths: number;
  /** How often each process sweeps interrupted uploads and ended counters, in ms (0 = never). */
  maintenanceIntervalMs: number;
  /** How often an idle job worker looks for work, in seconds. */
  jobPollingSeconds: number;
  /** How often the job queue fails expired jobs and archives old ones, in seconds. */
  jobMaintenanceSeconds: number;
  /** How often each process refreshes its row of `backend_processes`, in ms. */
  heartbeatMs: number;
  /**
   * A process whose row is older than this is dead, in ms: its temporary files are removed and
   * the jobs it held failed (retried), within this plus one heartbeat of its last beat.
   */
  processDeadAfterMs: number;
  /**
   * On SIGTERM, how long requests in flight may take to end, in ms; past it the process stops
   * at once (exit code 1).
   */
  shutdownGraceMs: number;
  resetTokenTtlMinutes: number;
  logLevel: string;
  /**
   * Longest time a client may take to send a whole request, headers and body, in ms (a 500 MB
   * upload on a slow line needs minutes); a stalled body is answered 408 and closed after it.
   */
  requestTimeoutMs: number;
  /** Longest silence on a connection (nothing read nor written) before it is closed, in ms. */
  connectionTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For this process believes (TRUST_PROXY): their addresses or
   * CIDRs; false: none (the peer's address is the client's).
   */
  trustProxy: false | string[];
  /** Base URL of the main API as browsers reach it (partner stand-in pages). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set: then the Hydra documentation's absolute URLs are built on it;
   * unset, on the origin each request reached (docs.ts).
   */
  publicUrlSet: boolean;
  /** Largest picture accepted by POST /media_objects, in bytes. */
  uploadMaxBytes: number;
  /** Caps of the reading of a library PDF's text, done in a child process (`library/text.ts`). */
  libraryText: LibraryTextConfig;
  /** Where stored files live: DATA_DIR/files, or an S3-compatible bucket (S3_BUCKET). */
  storage: StorageConfig;
  partners: PartnersConfig;
  /** The external real-estate tool linked from the real-estate sales (`sales_real_estate_unity_page`). */
  realEstateTool: { title: string; url: string };
  /**
   * Whether this process applies the migrations when it starts (MIGRATE_ON_START). Off, it
   * refuses a database that lacks one: `dist/migrate.js` applies them first.
   */
  migrateOnStart: boolean;
  /** Whether this process seeds the demo on an empty database when it starts (SEED_ON_START). */
  seedOnStart: boolean;
  /** Bearer token that opens GET /metrics on the main API (METRICS_TOKEN); null: not there. */
  metricsToken: string | null;
  /** Port of a listener that serves only GET /metrics (METRICS_PORT); null: none. */
  metricsPort: number | null;
}

export interface LibraryTextConfig {
  /** Memory of the child process (its V8 heap, and its RSS where /proc tells it), in MB. */
  memoryMb: number;
  /** Time it may take, from its start to its answer, in ms. */
  timeoutMs: number;
  /** Characters of text kept: reading stops there. */
  maxChars: number;
}

export type StorageConfig =
  | { kind: 'fs' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset = AWS itself; else the URL of an S3-compatible server (MinIO, Garage, R2...). */
      endpoint: string | null;
      region: string;
      /** Both or neither; neither = the AWS SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

/** Partner sites of the agent home; the defaults are the stand-in pages of this backend. */
export interface PartnersConfig {
  billing: { title: string; loginUrl: string; publicLoginUrl: string };
  platform: { title: string; ssoUrl: string; publicLoginUrl: string };
  invest: { title: string; ssoUrl: string; publicLoginUrl: string };
  /** The training portal: `GET /sso/odysseal/login`'s token opens `<url>/sso/{token}`. */
  odysseal: { title: string; url: string; publicLoginUrl: string };
  /**
   * The helpdesk's sign-on: its client id and the only addresses the portal sends a user back
   * to (`HELPDESK_REDIRECT_URIS`, comma-separated).
   */
  helpdesk: { title: string; clientId: string; redirectUris: string[]; publicLoginUrl: string };
}

type Env = Record<string, string | undefined>;

export const defaultDataDir = resolve(backendDir, '..', '..', '.data');

/** Defined (true) by the build, `scripts/build.ts`: undeclared when the source runs under tsx. */
declare const PORTAL_COMPILED: boolean | undefined;

/**
 * Whether this is the compiled backend (`dist/`, production) rather than the source run by tsx
 * (`npm start`, dev, tests): it decides the defaults of MIGRATE_ON_START and SEED_ON_START.
 */
export const compiled = typeof PORTAL_COMPILED === 'boolean' && PORTAL_COMPILED;

/** Value of DATABASE_URL that selects an in-memory PGlite. */
export const MEMORY_DATABASE = 'memory://';

/**
 * The configuration as the environment gives it, before the database is open: without
 * JWT_SECRET the token secret is the database's, read by `withTokenSecret` (auth/secret.ts).
 */
export type StartupConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | null };

interface LoadOptions {
  /** Whether this is the compiled backend (tests load both ways). */
  isCompiled?: boolean;
}

export function loadConfig(env: Env & { JWT_SECRET: string }, options?: LoadOptions): Config;
export function loadConfig(env?: Env, options?: LoadOptions): StartupConfig;
export function loadConfig(
  env: Env = process.env,
  { isCompiled = compiled }: LoadOptions = {},
): StartupConfig {
  const dataDir = resolve(env.DATA_DIR || defaultDataDir);
  const database = databaseConfig(env.DATABASE_URL, dataDir);
  const host = env.HOST || '127.0.0.1';
  const outbox = devOutboxSetting(env, host);
  const agentAppUrl = trimSlash(env.AGENT_APP_URL || 'http://localhost:5173');
  const staffAppUrl = trimSlash(env.STAFF_APP_URL || 'http://localhost:5174');
  const port = int(env, 'PORT', 3000);
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  return {
    port,
    trainingPort: int(env, 'TRAINING_PORT', 3001),
    host,
    dataDir,
    database,
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL || '12h'),
    sessionIdleTimeoutSeconds: parseDuration(env.SESSION_IDLE_TIMEOUT || '1h'),
    agentAppUrl,
    staffAppUrl,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((o) => trimSlash(o.trim()))
          .filter(Boolean)
      : [agentAppUrl, staffAppUrl].flatMap(withLoopbackVariants),
    smtpUrl: env.SMTP_URL || null,
    devOutbox: outbox.enabled,
    devOutboxRefusal: outbox.refusal,
    mailFrom: env.MAIL_FROM || 'Portail Réseau Patrimoine <no-reply@reseau-patrimoine.fr>',
    loginRateLimit: int(env, 'LOGIN_RATE_LIMIT', 10),
    loginIpRateLimit: int(env, 'LOGIN_IP_RATE_LIMIT', 60),
    resetRateLimit: int(env, 'RESET_RATE_LIMIT', 5),
    reauthRateLimit: int(env, 'REAUTH_RATE_LIMIT', 5),
    secondFactorRateLimit: int(env, 'SECOND_FACTOR_RATE_LIMIT', 10),
    secondFactorRequired: secondFactorRequired(env.SECOND_FACTOR_REQUIRED, isCompiled),
    secondFactorKey: env.SECOND_FACTOR_KEY || null,
    exportConcurrency: int(env, 'EXPORT_CONCURRENCY', 2),
    auditRetentionMonths: atLeast(env, 'AUDIT_RETENTION_MONTHS', 13, 1),
    maintenanceIntervalMs: int(env, 'MAINTENANCE_INTERVAL_SECONDS', 300) * 1000,
    jobPollingSeconds: Math.max(1, int(env, 'JOB_POLLING_SECONDS', 2)),
    jobMaintenanceSeconds: Math.max(1, int(env, 'JOB_MAINTENANCE_SECONDS', 60)),
    ...liveness(env),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 25_000),
    resetTokenTtlMinutes: int(env, 'RESET_TOKEN_TTL_MINUTES', 60),
    logLevel: env.LOG_LEVEL || 'info',
    requestTimeoutMs: positiveDuration(env, 'REQUEST_TIMEOUT', '10m') * 1000,
    connectionTimeoutMs: positiveDuration(env, 'CONNECTION_TIMEOUT', '5m') * 1000,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    // The default is the contract's (`x-upload` of the operations it limits).
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', uploadSettings.UPLOAD_MAX_BYTES),
    libraryText: {
      memoryMb: atLeast(env, 'LIBRARY_TEXT_MEMORY_MB', 256, 64),
      timeoutMs: positiveDuration(env, 'LIBRARY_TEXT_TIMEOUT', '30s') * 1000,
      maxChars: atLeast(env, 'LIBRARY_TEXT_MAX_CHARS', 1_000_000, 1),
    },
    storage: storageConfig(env),
    partners: partnersConfig(env, publicUrl),
    realEstateTool: {
      title: env.REAL_ESTATE_TOOL_TITLE || 'Outil immobilier',
      url: env.REAL_ESTATE_TOOL_URL || `${publicUrl}/partners/real-estate`,
    },
    // The embedded database has one process, which may as well migrate it; several processes
    // on PostgreSQL (production) migrate once, beforehand, with dist/migrate.js.
    migrateOnStart: flag(env, 'MIGRATE_ON_START', database.kind === 'pglite' || !isCompiled),
    // The compiled backend never seeds unless asked: its demo accounts share a known password.
    seedOnStart: flag(env, 'SEED_ON_START', !isCompiled),
    metricsToken: metricsToken(env),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null,
  };
}

/** SECOND_FACTOR_REQUIRED: profile types, comma-separated, or 'none'. */
function secondFactorRequired(raw: string | undefined, isCompiled: boolean): ProfileType[] {
  if (raw === undefined || raw.trim() === '') return isCompiled ? ['Hubnup'] : [];
  if (raw.trim() === 'none') return [];
  const types = raw.split(',').map((type) => type.trim());
  for (const type of types)
    if (!(PROFILE_TYPES as readonly string[]).includes(type))
      throw new Error(
        `SECOND_FACTOR_REQUIRED : types de profil ${PROFILE_TYPES.join(', ')} ou none, reçu « ${type} » / ` +
          `SECOND_FACTOR_REQUIRED: profile types ${PROFILE_TYPES.join(', ')} or none, got "${type}"`,
      );
  return [...new Set(types)] as ProfileType[];
}

/** A switch: 1/true or 0/false, the fallback when unset. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(
    `${name} vaut 1, true, 0 ou false, reçu « ${raw} » / ${name} is 1, true, 0 or false, got "${raw}"`,
  );
}

/** The metrics are operational data: a short token would be guessed. */
function metricsToken(env: Env): string | null {
  const token = env.METRICS_TOKEN ?? '';
  if (token === '') return null;
  if (token.length < 16 || /\s/.test(token))
    throw new Error(
      'METRICS_TOKEN doit compter au moins 16 caractères, sans espace / ' +
        'METRICS_TOKEN must be at least 16 characters, without spaces',
    );
  return token;
}

/**
 * The heartbeat and the age at which a process is dead: three beats missed by default, so that
 * a dead process's jobs are taken back within 60 + 20 s of its last beat (under 2 minutes).
 */
function liveness(env: Env): { heartbeatMs: number; processDeadAfterMs: number } {
  const heartbeat = Math.max(1, int(env, 'HEARTBEAT_SECONDS', 20));
  const deadAfter = int(env, 'PROCESS_DEAD_AFTER_SECONDS', 3 * heartbeat);
  // A live process late by a beat must not pass for dead.
  if (deadAfter < 2 * heartbeat)
    throw new Error(
      `PROCESS_DEAD_AFTER_SECONDS must be at least twice HEARTBEAT_SECONDS (${heartbeat}), got ${deadAfter}`,
    );
  return { heartbeatMs: heartbeat * 1000, processDeadAfterMs: deadAfter * 1000 };
}

/**
 * The outbox routes serve every reset link to whoever reaches them, without a token: only when
 * DEV_OUTBOX=1 asks for them, never with NODE_ENV=production, never on a non-loopback address.
 */
export function devOutboxSetting(
  env: Env,
  host: string,
): { enabled: boolean; refusal: string | null } {
  const asked = env.DEV_OUTBOX === '1' || env.DEV_OUTBOX === 'true';
  if (!asked) return { enabled: false, refusal: null };
  if (env.NODE_ENV === 'production')
    return { enabled: false, refusal: 'DEV_OUTBOX ignoré : NODE_ENV=production.' };
  if (!isLoopback(host))
    return {
      enabled: false,
      refusal: `DEV_OUTBOX ignoré : l'adresse d'écoute ${host} n'est pas une adresse de bouclage.`,
    };
  return { enabled: true, refusal: null };
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function partnersConfig(env: Env, publicUrl: string): PartnersConfig {
  const standIn = (path: string) => `${publicUrl}/partners/${path}`;
  return {
    billing: {
      title: env.PARTNER_BILLING_TITLE || 'Outil de facturation et dossiers',
      loginUrl: env.PARTNER_BILLING_LOGIN_URL || standIn('billing/login'),
      publicLoginUrl: env.PARTNER_BILLING_PUBLIC_URL || standIn('billing'),
    },
    platform: {
      title: env.PARTNER_PLATFORM_TITLE || 'Plateforme partenaire',
      ssoUrl: env.PARTNER_PLATFORM_SSO_URL || standIn('platform/sso'),
      publicLoginUrl: env.PARTNER_PLATFORM_PUBLIC_URL || standIn('platform'),
    },
    invest: {
      title: env.PARTNER_INVEST_TITLE || 'Top Invest',
      ssoUrl: env.PARTNER_INVEST_SSO_URL || standIn('invest/sso'),
      publicLoginUrl: env.PARTNER_INVEST_PUBLIC_URL || standIn('invest'),
    },
    odysseal: {
      title: env.ODYSSEAL_TITLE || 'Odysseal',
      url: trimSlash(env.ODYSSEAL_URL || standIn('odysseal')),
      publicLoginUrl: env.ODYSSEAL_PUBLIC_URL || standIn('odysseal'),
    },
    helpdesk: {
      title: env.HELPDESK_TITLE || 'Centre d’aide',
      clientId: env.HELPDESK_CLIENT_ID || 'portail-helpdesk',
      redirectUris: (env.HELPDESK_REDIRECT_URIS || standIn('helpdesk/callback'))
        .split(',')
        .map((uri) => uri.trim())
        .filter(Boolean),
      publicLoginUrl: env.HELPDESK_PUBLIC_URL || standIn('helpdesk'),
    },
  };
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

const storageError = (french: string, english: string) =>
  new Error(`Stockage des fichiers : ${french} / File storage: ${english}`);

/** S3_BUCKET selects the object store; the other S3_* variables only make sense with it. */
export function storageConfig(env: Env): StorageConfig {
  const set = (name: string) => env[name] !== undefined && env[name] !== '';
  const bucket = env.S3_BUCKET ?? '';
  if (bucket === '') {
    const stray = S3_VARIABLES.filter(set);
    if (stray.length > 0)
      throw storageError(
        `${stray.join(', ')} sans S3_BUCKET ; définissez S3_BUCKET ou retirez-les.`,
        `${stray.join(', ')} set without S3_BUCKET; set S3_BUCKET or remove them.`,
      );
    return { kind: 'fs' };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw storageError(
      `S3_BUCKET « ${bucket} » n'est pas un nom de bucket valide (3 à 63 caractères a-z, 0-9, . et -).`,
      `S3_BUCKET "${bucket}" is not a valid bucket name (3 to 63 characters a-z, 0-9, . and -).`,
    );
  const endpoint = env.S3_ENDPOINT ? trimSlash(env.S3_ENDPOINT) : null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(endpoint))
    throw storageError(
      `S3_ENDPOINT doit être une URL http:// ou https://, reçu « ${endpoint} ».`,
      `S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}".`,
    );
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region))
    throw storageError(
      `S3_REGION « ${region} » n'est pas une région valide (ex. eu-west-3).`,
      `S3_REGION "${region}" is not a valid region (e.g. eu-west-3).`,
    );
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY'))
    throw storageError(
      'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble (les deux ou aucune).',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (both or neither).',
    );
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '1', 'true', '0', 'false'].includes(pathStyle))
    throw storageError(
      `S3_FORCE_PATH_STYLE vaut 1, true, 0 ou false, reçu « ${pathStyle} ».`,
      `S3_FORCE_PATH_STYLE is 1, true, 0 or false, got "${pathStyle}".`,
    );
  return {
    kind: 's3',
    bucket,
    endpoint,
    region,
    credentials: set('S3_ACCESS_KEY_ID')
      ? { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
      : null,
    // Most S3-compatible servers want path-style URLs (http://host/bucket/key); AWS wants none.
    forcePathStyle:
      pathStyle === '' ? endpoint !== null : pathStyle === '1' || pathStyle === 'true',
  };
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  if (url === MEMORY_DATABASE) return { kind: 'pglite', dataDir: null };
  return { kind: 'postgres', url };
}

/**
 * TRUST_PROXY: unset, the peer is the client (rate limits count per peer address); behind a
 * proxy, its address(es) or CIDR(s), comma-separated.
 */
function trustProxySetting(value: string | undefined): false | string[] {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return false;
  const addresses = trimmed.split(',').map((part) => part.trim());
  if (addresses.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part)))
    throw new Error(
      `TRUST_PROXY doit être une ou des adresses IP ou CIDR séparées par des virgules, reçu « ${value} ».`,
    );
  return addresses;
}

/** Accepts '3600', '45s', '30m', '12h' or '7d'; answers seconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`Invalid duration: ${value}`);
  const factor = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * factor;
}

/** A duration in seconds that cannot be 0: these limits are never switched off. */
function positiveDuration(env: Env, name: string, fallback: string): number {
  const seconds = parseDuration(env[name] || fallback);
  if (seconds <= 0) throw new Error(`${name} must be a positive duration, got ${env[name]}`);
  return seconds;
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return value;
}

/** An integer setting with a floor (below it the setting would refuse every document). */
function atLeast(env: Env, name: string, fallback: number, min: number): number {
  const value = int(env, name, fallback);
  if (value < min) throw new Error(`${name} must be at least ${min}, got ${env[name]}`);
  return value;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function withLoopbackVariants(origin: string): string[] {
  const url = new URL(origin);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [origin];
  const other = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const variant = new URL(origin);
  variant.hostname = other;
  return [origin, trimSlash(variant.toString())];
}
