// Docs that cannot drift: what the docs say about the code's lists (packages' entries, decisions,
// benchmarks) and every path they point to is checked against the tree. Run it alone:
//   timeout 300 npx vitest run scripts/docs.test.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The files git tracks (and the new ones it does not ignore), from the root. */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path && existsSync(join(root, path)));
const markdown = tracked.filter((path) => path.endsWith('.md') && !path.startsWith('e2e/results'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of read(path).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]!));
  }
  return anchors;
}

describe('links between the docs', () => {
  it('every relative link of a Markdown file names a file that exists, and its heading', () => {
    const broken: string[] = [];
    for (const path of markdown) {
      const text = read(path).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = file ? relative(root, join(root, dirname(path), file)) : path;
        if (!existsSync(join(root, resolved))) broken.push(`${path}: ${target}`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
          broken.push(`${path}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/… path named in the code or the docs exists', () => {
    const missing = new Set<string>();
    const sources = tracked.filter(
      (path) => /\.(ts|tsx|mjs|js|sh|ya?ml|md)$/.test(path) && !path.includes('/generated/'),
    );
    for (const path of sources) {
      for (const [name] of read(path).matchAll(/(?<![\w/.-])docs\/[\w./-]*\w/g)) {
        if (!existsSync(join(root, name))) missing.add(`${path}: ${name}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

/** The files of an index folder: `NN-….md` or `YYYY-MM-DD-….md`. */
function entriesOf(folder: string, pattern: RegExp): string[] {
  return readdirSync(join(root, folder))
    .filter((name) => pattern.test(name))
    .sort();
}

function linkedFrom(index: string): string[] {
  return [...read(index).matchAll(/\]\(([^)#\s]+\.md)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !target.includes('/'))
    .sort();
}

describe('indexes', () => {
  it('the decisions index lists every decision file, each once', () => {
    expect(linkedFrom('docs/decisions/README.md')).toEqual(
      entriesOf('docs/decisions', /^\d\d-.*\.md$/),
    );
  });

  it('each decision file has a title and follows the numbering without a gap', () => {
    const files = entriesOf('docs/decisions', /^\d\d-.*\.md$/);
    files.forEach((file, index) => {
      expect(file.slice(0, 2)).toBe(String(index + 1).padStart(2, '0'));
      expect(read(`docs/decisions/${file}`)).toMatch(/^# \S/);
    });
  });

  it('the benchmarks history lists every dated file', () => {
    const history = read('docs/benchmarks/README.md').split('## History')[1] ?? '';
    const listed = [...history.matchAll(/\]\(([^)]+\.md)\)/g)].map(([, file]) => file).sort();
    expect(listed).toEqual(entriesOf('docs/benchmarks', /^\d{4}-\d\d-\d\d-.*\.md$/));
  });
});

describe("each package's README names its entries", () => {
  const packages = readdirSync(join(root, 'packages')).filter((name) =>
    existsSync(join(root, 'packages', name, 'package.json')),
  );

  it.each(packages)('packages/%s', (name) => {
    const manifest = JSON.parse(read(`packages/${name}/package.json`)) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    const readme = read(`packages/${name}/README.md`);
    const unnamed = Object.keys(manifest.exports ?? {})
      .filter((entry) => entry !== '.' && !entry.includes('*'))
      .map((entry) => entry.slice(2))
      .filter((entry) => !readme.includes(`\`${entry}\``) && !readme.includes(`/${entry}\``));
    expect(unnamed, `${manifest.name}: entries the README does not name`).toEqual([]);
  });
});
