import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A real backend process (`src/main.ts`) started by a test. */
export interface Backend {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it printed so far. */
  output: () => string;
  /** Its id among the live processes (`backend_processes`, the holder of the jobs it runs). */
  processId: () => string | null;
  /** Resolves with its exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
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
 * Runs the real entry point (`src/main.ts`) as a child process and waits until it is ready
 * (`/readyz`). `JWT_SECRET` is passed only when `env` gives it: without it, the process uses the
 * database's.
 */
export async function startBackend(env: Record<string, string>): Promise<Backend> {
  const [port, trainingPort] = [await freePort(), await freePort()];
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.JWT_SECRET;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    // tsx as a loader of this very process (its CLI would run main.ts in a child of its own,
    // which a signal sent to the CLI's pid would not reach as such).
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRAINING_PORT: String(trainingPort),
      LOG_LEVEL: 'warn',
      SEED_SCALE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const backend: Backend = {
    child,
    url,
    port,
    output: () => output,
    processId: () => /^Processus : ([0-9a-f]+)/m.exec(output)?.[1] ?? null,
    exited,
  };
  // Generous: the machine may be busy, and the first process on a database migrates it.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && backend.processId()) return backend;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`backend was not ready within 120 s:\n${output}`);
}

/** SIGTERM, then SIGKILL if it has not exited within 20 s. */
export async function stopBackend(backend: Backend | undefined): Promise<void> {
  if (!backend || backend.child.exitCode !== null || backend.child.signalCode !== null) return;
  const timer = setTimeout(() => backend.child.kill('SIGKILL'), 20_000);
  backend.child.kill('SIGTERM');
  await backend.exited;
  clearTimeout(timer);
}
