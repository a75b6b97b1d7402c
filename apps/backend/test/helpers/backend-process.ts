import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A real backend process (`src/main.ts`) started by a test. */
export interface BackendProcess {
  child: ChildProcess;
  /** Its main API. */
  url: string;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Runs the real entry point as a child process and waits until it is ready (`/readyz`).
 * `JWT_SECRET` is passed only when `env` gives it: without it, the process uses the database's.
 */
export async function startBackend(env: Record<string, string>): Promise<BackendProcess> {
  const [port, trainingPort] = [await freePort(), await freePort()];
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.JWT_SECRET;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...inherited,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRAINING_PORT: String(trainingPort),
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      SEED_SCALE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Generous: the machine may be busy, and the first process on a database migrates it.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`backend was not ready within 120 s:\n${output}`);
}

/** SIGTERM, then SIGKILL after 10 s. */
export const stopBackend = (backend: BackendProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!backend || backend.child.exitCode !== null) return resolve();
    const timer = setTimeout(() => backend.child.kill('SIGKILL'), 10_000);
    backend.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    backend.child.kill('SIGTERM');
  });
