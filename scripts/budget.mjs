#!/usr/bin/env node
// Bundle budget: the JavaScript the browser loads for the sign-in route (the entry chunk and
// every chunk it imports statically, i.e. what index.html loads or preloads), gzip -9.
// Usage: node scripts/budget.mjs [agent|staff ...]; exits 1 when an app is over budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGETS_KB = { agent: 100, staff: 130 };
// Heavy libraries, recognised by a string their code carries: none may load with the sign-in
// route, only with the pages that use them.
const HEAVY = {
  'rich-text editor (ProseMirror)': 'ProseMirror',
  'AG Grid': 'ag-root-wrapper',
  ECharts: 'echarts',
  'React Flow': 'react-flow__',
};
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function loginRouteChunks(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => c === key);
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key] === entry));
  return [...seen];
}

let failed = false;
for (const app of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BUDGETS_KB)) {
  const dist = join(root, 'apps', app, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = loginRouteChunks(manifest);
  const contents = files.map((file) => readFileSync(join(dist, file)));
  const bytes = contents.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  for (const [library, marker] of Object.entries(HEAVY)) {
    const holder = files.find((_, i) => contents[i].includes(marker));
    if (holder) {
      failed = true;
      console.log(`HEAVY ${app}: ${library} is in ${holder}, loaded with the sign-in route`);
    }
  }
  const kb = bytes / 1024;
  const budget = BUDGETS_KB[app];
  const ok = kb <= budget;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${app}: ${kb.toFixed(1)} KB gzip for the sign-in route (${files.length} chunks), budget ${budget} KB`,
  );
}
process.exit(failed ? 1 : 0);
