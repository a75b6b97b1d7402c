#!/usr/bin/env node
// Bundle budget: the JavaScript the browser loads for the sign-in route (the entry chunk and
// every chunk it imports statically, i.e. what index.html loads or preloads), gzip -9.
// Usage: node scripts/budget.mjs [agent|staff ...] [--pages]; exits 1 when an app is over budget.
// --pages also prints what each screen (each module that apps/*/src/screens.tsx loads on demand)
// adds beyond the sign-in route.
// The signed-in frame (shell/signed-in-frame.tsx, loaded lazily right after sign-in, before every
// page) is checked too: none of the heavy libraries may be among the chunks it loads statically,
// or every first signed-in page waits for them (docs/budgets.md, 'Grid prefetch after sign-in').
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGETS_KB = { agent: 95, staff: 100 };
// Heavy libraries, recognised by a string their code carries: none may load with the sign-in
// route, only with the pages that use them.
const HEAVY = {
  'rich-text editor (ProseMirror)': 'ProseMirror',
  'AG Grid': 'ag-root-wrapper',
  ECharts: 'echarts',
  'React Flow': 'react-flow__',
};
// Pages without a grid, chart or flow: none of those libraries may come with them either (the
// sales summary once pulled AG Grid in through a shared helper module). The users and
// notifications lists are grids since they follow the list recipe. Named by the module a screen
// loader imports (`packages/features/src/<…>.tsx`, or the app's own `src/<…>.tsx`).
const LIGHT_PAGES = {
  agent: [
    'home/agent-home',
    'account/account-page',
    'account/account-edit-page',
    'sales/sales-summary-page',
    'news/agent-news-page',
  ],
  staff: [
    'src/home-page',
    'administration/portal-page',
    'pictures/pictures-library-page',
    'news/staff-news-page',
  ],
};
// The app's screen loaders: each module it imports dynamically is one screen's chunk.
const SCREENS = 'src/screens.tsx';
// The lazily loaded frame of every signed-in page, by its manifest key's end.
const SIGNED_IN_FRAME = 'packages/features/src/shell/signed-in-frame.tsx';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The files of a manifest chunk and of every chunk it imports statically. */
function staticClosure(manifest, key) {
  const seen = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

function loginRouteChunks(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  return [...staticClosure(manifest, entry)];
}

const showPages = process.argv.includes('--pages');
const apps = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
let failed = false;
for (const app of apps.length ? apps : Object.keys(BUDGETS_KB)) {
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
  const initial = new Set(files);
  const frameKey = Object.keys(manifest).find((key) => key.endsWith(SIGNED_IN_FRAME));
  if (!frameKey) throw new Error(`${app}: no ${SIGNED_IN_FRAME} in the Vite manifest`);
  const frameFiles = [...staticClosure(manifest, frameKey)].filter((file) => !initial.has(file));
  let frameBytes = 0;
  for (const file of frameFiles) {
    const code = readFileSync(join(dist, file));
    frameBytes += gzipSync(code, { level: 9 }).length;
    for (const [library, marker] of Object.entries(HEAVY)) {
      if (!code.includes(marker)) continue;
      failed = true;
      console.log(`HEAVY ${app}: ${library} is in ${file}, loaded with the signed-in frame`);
    }
  }
  console.log(
    `     ${app}: signed-in frame +${(frameBytes / 1024).toFixed(1)} KB gzip (${frameFiles.length} chunks)`,
  );
  const screenKeys = manifest[SCREENS]?.dynamicImports ?? [];
  if (!screenKeys.length) throw new Error(`${app}: no screens loaded by ${SCREENS}`);
  for (const page of LIGHT_PAGES[app] ?? []) {
    // A screen module other chunks import too is a shared chunk, named by its module's name.
    const key = screenKeys.find(
      (k) => k.endsWith(`${page}.tsx`) || manifest[k].name === page.split('/').pop(),
    );
    if (!key) throw new Error(`${app}: no screen ${page}.tsx loaded by ${SCREENS}`);
    for (const file of staticClosure(manifest, key)) {
      const code = readFileSync(join(dist, file));
      for (const [library, marker] of Object.entries(HEAVY)) {
        if (!code.includes(marker)) continue;
        failed = true;
        console.log(`HEAVY ${app}: ${library} is in ${file}, loaded with ${key}`);
      }
    }
  }
  if (showPages) {
    const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
    for (const key of [...screenKeys].sort()) {
      const extra = [...staticClosure(manifest, key)].filter((file) => !initial.has(file));
      const added = extra.reduce((sum, file) => sum + gzipKb(file), 0);
      const name = key.replace(/^(\.\.\/)+packages\/features\//, '');
      console.log(`     ${name}: +${added.toFixed(1)} KB (${extra.length} chunks)`);
    }
  }
}
process.exit(failed ? 1 : 0);
