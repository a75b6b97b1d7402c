// The production topology on one machine, from the built artefacts (docs/operations.md):
// nginx in front of both apps' builds and of N backend processes on one PostgreSQL, files in an
// S3-compatible store (s3rver), mail to a real SMTP server (smtp-server, which keeps what it
// receives). Used by the topology test (e2e/topology) and by hand:
//
//   bash apps/backend/scripts/with-postgres.sh node deploy/topology.mjs
//
// PostgreSQL comes from DATABASE_URL (with-postgres.sh starts a throw-away one).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { startLocalS3 } from './local-s3.mjs';
import { renderNginx } from './nginx.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const backendDir = join(root, 'apps', 'backend');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const deadline = (ms) => Date.now() + ms;
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Polls `check` until it answers true, for at most `ms`; `what` names it in the failure. */
async function until(what, check, ms = 60_000) {
  const end = deadline(ms);
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await pause(100);
  }
}

const answers = (url, status = 200) =>
  fetch(url, { headers: { connection: 'close' } }).then((r) => r.status === status);

/** An SMTP server on a free loopback port that keeps every mail it receives, raw. */
async function startSmtp() {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    mails,
    close: () => new Promise((done) => server.close(done)),
  };
}

/**
 * Brings the topology up. `ports.base` is the first of the ports used: agent app, staff app,
 * main API and training API on nginx, then two per backend process.
 */
export async function startTopology({
  processes = 2,
  base = 8400,
  agentDist = join(root, 'apps', 'agent', 'dist'),
  staffDist = join(root, 'apps', 'staff', 'dist'),
  // The young generation of apps/backend/README.md's production command (fewer scavenges).
  backendCommand = [
    process.execPath,
    '--max-semi-space-size=32',
    join(backendDir, 'dist', 'main.js'),
  ],
  log = () => {},
} = {}) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres'))
    throw new Error('DATABASE_URL must name a PostgreSQL database (scripts/with-postgres.sh)');
  const work = mkdtempSync(join(tmpdir(), 'portal-topology-'));
  // nginx's workers (nobody when the master runs as root) write their temporary files here.
  chmodSync(work, 0o755);
  for (const folder of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(work, folder));
    chmodSync(join(work, folder), 0o777);
  }
  const urls = {
    agentApp: `http://127.0.0.1:${base}`,
    staffApp: `http://127.0.0.1:${base + 1}`,
    mainApi: `http://127.0.0.1:${base + 2}`,
    trainingApi: `http://127.0.0.1:${base + 3}`,
  };
  const bucket = 'portal-files';
  const smtp = await startSmtp();
  // A second, empty bucket: where a restore puts a backup's files back.
  const s3 = await startLocalS3({
    directory: join(work, 's3'),
    buckets: [bucket, 'portal-restored'],
  });
  const backends = Array.from({ length: processes }, (_, i) => ({
    port: base + 10 + 2 * i,
    trainingPort: base + 11 + 2 * i,
    dataDir: join(work, `backend-${i}`),
    child: null,
    down: false,
    output: '',
  }));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: urls.mainApi,
    AGENT_APP_URL: urls.agentApp,
    STAFF_APP_URL: urls.staffApp,
    CORS_ORIGINS: `${urls.agentApp},${urls.staffApp}`,
    SMTP_URL: smtp.url,
    ...s3.env(bucket),
    // The demo accounts, without the demo network: the topology is about the processes.
    SEED_SCALE: '0',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_IP_RATE_LIMIT: '1000',
    // The compiled backend requires the staff's second factor unless told otherwise; the demo
    // accounts of this topology sign in with their password (issue 42, docs/second-factor.md).
    SECOND_FACTOR_REQUIRED: 'none',
  };
  // Every process shares the token secret kept in the database, not one of the environment.
  delete env.DEV_OUTBOX;
  delete env.JWT_SECRET;

  /**
   * Runs a command to its end with the backend's environment (a bundle's step, a deploy script),
   * asynchronously: the store and the SMTP server answer from this very process meanwhile.
   */
  function run(command, args = [], overrides = {}) {
    return new Promise((done, fail) => {
      const child = spawn(command, args, {
        cwd: backendDir,
        env: { ...env, DATA_DIR: join(work, 'steps'), ...overrides },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('error', fail);
      child.once('exit', (code) =>
        code === 0
          ? done(output)
          : fail(new Error(`${command} ${args.join(' ')}: ${code}\n${output}`)),
      );
    });
  }
  const runStep = (name, args = [], overrides = {}) =>
    run(process.execPath, [join(backendDir, 'dist', `${name}.js`), ...args], overrides);

  function startBackend(backend) {
    mkdirSync(backend.dataDir, { recursive: true });
    backend.output = '';
    const child = spawn(backendCommand[0], backendCommand.slice(1), {
      cwd: backendDir,
      env: {
        ...env,
        PORT: String(backend.port),
        TRAINING_PORT: String(backend.trainingPort),
        DATA_DIR: backend.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (backend.output += chunk));
    child.stderr.on('data', (chunk) => (backend.output += chunk));
    backend.child = child;
    return until(
      `backend on ${backend.port}`,
      () => answers(`http://127.0.0.1:${backend.port}/readyz`),
      240_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${backend.output}`);
    });
  }

  function stopBackend(backend, signal = 'SIGTERM') {
    const child = backend.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(child?.exitCode ?? null);
    return new Promise((done) => {
      child.once('exit', (code) => done(code));
      child.kill(signal);
    });
  }

  let generation = 0;
  const configFile = join(work, 'nginx.conf');
  const writeConfig = () => {
    generation++;
    writeFileSync(
      configFile,
      renderNginx({
        prefix: work,
        // Workers as root only here, where the builds sit in root's tree; an operator runs
        // nginx's own user (docs/operations.md).
        user: process.getuid?.() === 0 ? 'root' : undefined,
        agent: { dist: agentDist, listen: `127.0.0.1:${base}`, config: appConfig(urls) },
        staff: { dist: staffDist, listen: `127.0.0.1:${base + 1}`, config: appConfig(urls) },
        api: { listen: `127.0.0.1:${base + 2}` },
        training: { listen: `127.0.0.1:${base + 3}` },
        backends,
        generation,
      }),
    );
  };
  let nginx = null;
  let nginxOutput = '';
  /** Whether a fresh connection reaches the workers of the newest configuration. */
  const serving = (wanted) => () =>
    fetch(`${urls.mainApi}/__generation`, { headers: { connection: 'close' } }).then(
      async (r) => r.ok && (await r.text()) === String(wanted),
    );

  const topology = {
    urls,
    smtp,
    s3: { bucket, endpoint: s3.endpoint, directory: join(work, 's3') },
    backends,
    /** The backend's environment in this topology (database, store, mail). */
    env,
    run,
    /**
     * Starts one more backend process outside the proxy (port `base + 50`), on `overrides`
     * (another database, another bucket); answers its URL and how to stop it.
     */
    async startLoneBackend(overrides) {
      const lone = {
        port: base + 50,
        trainingPort: base + 51,
        dataDir: join(work, 'lone'),
        child: null,
        output: '',
      };
      await startBackend(lone, overrides);
      return { url: `http://127.0.0.1:${lone.port}`, stop: () => stopBackend(lone) };
    },
    /** Stops one process gracefully out of the proxy's rotation and starts it again. */
    async restartBackend(index) {
      const backend = backends[index];
      backend.down = true;
      writeConfig();
      spawnSync(NGINX, ['-p', work, '-c', configFile, '-s', 'reload']);
      await until('nginx reload', serving(generation), 20_000);
      const code = await stopBackend(backend);
      if (code !== 0) throw new Error(`backend ${index} stopped with ${code}\n${backend.output}`);
      await startBackend(backend);
      backend.down = false;
      writeConfig();
      spawnSync(NGINX, ['-p', work, '-c', configFile, '-s', 'reload']);
      await until('nginx reload', serving(generation), 20_000);
      log(`backend ${index} restarted`);
    },
    async stop() {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((done) => nginx.once('exit', done));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await Promise.all(backends.map((b) => stopBackend(b)));
      await s3.close();
      await smtp.close();
      rmSync(work, { recursive: true, force: true });
    },
  };

  try {
    // As an operator deploys: the migrations first, then the processes (the compiled backend
    // neither migrates nor seeds by itself on PostgreSQL); the demo accounts for the checks.
    await runStep('migrate');
    await runStep('seed');
    await Promise.all(backends.map((backend) => startBackend(backend)));
    writeConfig();
    nginx = spawn(NGINX, ['-p', work, '-c', configFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr.on('data', (chunk) => (nginxOutput += chunk));
    await until('nginx', serving(generation), 20_000).catch((error) => {
      throw new Error(`${error.message}\n${nginxOutput}`);
    });
    log(`topology up: ${JSON.stringify(urls)}`);
    return topology;
  } catch (error) {
    await topology.stop().catch(() => {});
    throw error;
  }
}

function appConfig(urls) {
  return {
    mainApiUrl: urls.mainApi,
    trainingApiUrl: urls.trainingApi,
    agentAppUrl: urls.agentApp,
    staffAppUrl: urls.staffApp,
    supportEmail: 'support@reseau-patrimoine.fr',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const topology = await startTopology({
    processes: Number(process.env.PROCESSES ?? 2),
    log: console.log,
  });
  console.log(`Portail agents : ${topology.urls.agentApp}`);
  console.log(`Console : ${topology.urls.staffApp}`);
  console.log(`API : ${topology.urls.mainApi}`);
  console.log('Ctrl-C arrête tout.');
  const stop = () => topology.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
