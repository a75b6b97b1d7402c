#!/usr/bin/env node
// What the sign-in route's JavaScript is made of: the minified bytes of the entry chunk and of
// every chunk it imports statically (what scripts/budget.mjs weighs), attributed through their
// source maps to npm packages and to the project's own files. Needs a build with source maps
// (the shared Vite settings keep them).
// Usage: node scripts/attribution.mjs agent|staff [--files] [--top N] [--chunk <manifest key>]
// --files splits the packages into their files; --chunk weighs another chunk's static closure
// (e.g. ../../packages/features/src/shell/signed-in-frame.tsx) instead of the entry's.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const app = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!app) throw new Error('usage: node scripts/attribution.mjs agent|staff [--files] [--top N]');
const byFile = args.includes('--files');
const top = Number(option('--top') ?? 40);
const dist = join(root, 'apps', app, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const start = option('--chunk') ?? Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!manifest[start]) throw new Error(`${app}: no ${start} in the Vite manifest`);

const files = new Set();
(function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
})(start);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The values of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** A source's group: the npm package (`react-dom`, `@scope/name`), or the project's file. */
function groupOf(source) {
  const path = source.replaceAll('\\', '/');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules < 0) return path.replace(/^(\.\.\/)+/, '');
  const rest = path.slice(inModules + 'node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return byFile ? `${name}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}` : name;
}

const totals = new Map();
let all = 0;
const add = (group, bytes) => totals.set(group, (totals.get(group) ?? 0) + bytes);
for (const file of files) {
  const code = readFileSync(join(dist, file), 'utf8');
  // The bundler's own runtime chunk comes without a map.
  const mapFile = join(dist, `${file}.map`);
  const map = existsSync(mapFile)
    ? JSON.parse(readFileSync(mapFile, 'utf8'))
    : { mappings: '', sources: [] };
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    let previous = null; // [column, group] of the segment being measured
    for (const segment of line ? line.split(',') : []) {
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) source += values[1];
      if (previous) add(previous[1], column - previous[0]);
      else if (column > 0) add('(unmapped)', column);
      previous = [column, values.length > 1 ? groupOf(map.sources[source]) : '(unmapped)'];
    }
    if (previous) add(previous[1], text.length - previous[0]);
    else add('(unmapped)', text.length);
    all += text.length + 1;
  });
}

console.log(
  `${app}: ${start} and ${files.size - 1} chunk(s) it imports, ${(all / 1024).toFixed(1)} KB minified`,
);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
for (const [group, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${kb(bytes)} KB  ${group}`);
}
