import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';

const docs = readFileSync(new URL('../../../docs/access-model.md', import.meta.url), 'utf8');

describe('docs/access-model.md', () => {
  it('lists every component of the catalogue', () => {
    const missing = COMPONENT_CATALOGUE.filter((c) => !docs.includes(`\`${c.name}\``));
    expect(missing.map((c) => c.name)).toEqual([]);
  });
});
