import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('the Hydra collection envelope', () => {
  it('is built in one place, http/hydra.ts', () => {
    const builders = sources(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => file !== 'http/hydra.ts')
      .filter((file) => /['"]hydra:totalItems['"]\s*:/.test(readFileSync(join(SRC, file), 'utf8')));
    expect(builders).toEqual([]);
  });
});
