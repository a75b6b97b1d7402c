// Writes src/generated/columns.ts from the `x-columns` of the contract's export operations: the
// one declaration of an export's columns (key: header, in the file's order) that the backend's
// spreadsheet and the portal's grid both read, so their headers cannot drift apart.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const document = parse(readFileSync(join(root, 'openapi', 'main.yaml'), 'utf8'));
const columns = {};
for (const item of Object.values(document.paths))
  for (const operation of Object.values(item))
    if (operation && typeof operation === 'object' && operation['x-columns'])
      columns[operation.operationId] = operation['x-columns'];
const sorted = Object.fromEntries(Object.entries(columns).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  join(root, 'src', 'generated', 'columns.ts'),
  '// Generated from the x-columns of openapi/main/*.yaml by `pnpm --filter @portal/api generate`.\n' +
    "/** Each export operation's columns, key: header, in the order the file writes them. */\n" +
    `export const exportColumns = ${JSON.stringify(sorted, null, 2)} as const;\n`,
);
