import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Deps } from '../src/deps.js';
import { jobDefinitions } from '../src/jobs/registry.js';

const backend = fileURLToPath(new URL('..', import.meta.url));
const src = join(backend, 'src');

/** The registry's jobs; building them touches no database, mailer or storage. */
function registered() {
  const deps = {
    config: loadConfig({ JWT_SECRET: 'x'.repeat(32) }),
  } as Omit<Deps, 'jobs'>;
  return jobDefinitions(deps).map(({ name, cron }) => ({ name, cron: cron ?? null }));
}

/** The README's job table: one row per job, its name and cron in backquotes ("sent": none). */
function documented() {
  const readme = readFileSync(join(backend, 'README.md'), 'utf8');
  const start = readme.indexOf('| Job ');
  const table = readme.slice(start, readme.indexOf('\n\n', start));
  const rows = [...table.matchAll(/^\| `([^`]+)` +\| (`([^`]+)`|sent) +\|/gm)];
  return rows.map((row) => ({ name: row[1]!, cron: row[3] ?? null }));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the job registry (src/jobs/registry.ts)', () => {
  it('is the README’s job table: the same jobs, the same schedules', () => {
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(documented().sort(byName)).toEqual(registered().sort(byName));
  });

  it('lists every module that defines a job, and is the only list the processes start', () => {
    const registry = readFileSync(join(src, 'jobs/registry.ts'), 'utf8');
    for (const file of sources(src)) {
      const path = relative(src, file);
      const text = readFileSync(file, 'utf8');
      // A module exporting a job definition (its factory returns a JobDefinition).
      const queue = ['jobs/queue.ts', 'jobs/registry.ts'].includes(path);
      if (!queue && /\):\s*JobDefinition\b/.test(text)) {
        const specifier = relative(join(src, 'jobs'), file).replace(/\.ts$/, '.js');
        expect(registry, `${path} defines a job`).toContain(
          `'${specifier.startsWith('.') ? specifier : `./${specifier}`}'`,
        );
      }
      // Only the registry gives the queue its jobs (migrate.ts starts it with none).
      if (!queue) {
        for (const call of text.matchAll(/startJobQueue\([^,]+,\s*([^,\n]+)/g)) {
          expect(call[1], `${path} starts the queue`).toMatch(/^(jobDefinitions\(|\[\])/);
        }
      }
    }
  });
});
