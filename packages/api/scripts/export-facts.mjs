// Writes src/generated/{uploads,library,field-messages}.ts from the contract's extensions:
// - `x-upload` of each multipart operation: its largest file (`maxBytes`, the default of the
//   environment variable `setting` when one overrides it), most files (`maxFiles`, default 1),
//   the types read from the content (`types`) and each file field's `accept` attribute. The
//   backend's upload declarations and the apps' file inputs read them from here.
// - `x-library-components` of the `LibraryType` schema: each library's view and edit components,
//   which the backend's checks and the portal's pages and links read.
// - `x-field-messages` of the document: the French field messages the backend's 422 violations
//   and the forms' own checks both show (src/generated/field-messages.ts, one export each, so
//   that a screen's bundle takes only those it shows).
// Fails on a multipart operation without `x-upload` (or the reverse) and on a malformed one.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const document = parse(readFileSync(join(root, 'openapi', 'main.yaml'), 'utf8'));
const problems = [];
const header = (what) =>
  `// Generated from the ${what} of openapi/main/*.yaml by \`pnpm --filter @portal/api generate\`.\n`;
const literal = (value) => JSON.stringify(value, null, 2);

const uploads = {};
const settings = {};
for (const item of Object.values(document.paths))
  for (const operation of Object.values(item)) {
    if (!operation || typeof operation !== 'object' || !operation.operationId) continue;
    const { operationId } = operation;
    const multipart = Boolean(operation.requestBody?.content?.['multipart/form-data']);
    const upload = operation['x-upload'];
    if (!upload) {
      if (multipart) problems.push(`${operationId}: a multipart operation without x-upload`);
      continue;
    }
    if (!multipart) problems.push(`${operationId}: x-upload on an operation taking no file`);
    const { maxBytes, setting, maxFiles = 1, types, accept, ...extra } = upload;
    if (Object.keys(extra).length)
      problems.push(`${operationId}: unknown x-upload keys ${Object.keys(extra).join(', ')}`);
    if (!Number.isInteger(maxBytes) || maxBytes <= 0)
      problems.push(`${operationId}: x-upload.maxBytes must be a positive integer`);
    if (!Number.isInteger(maxFiles) || maxFiles <= 0)
      problems.push(`${operationId}: x-upload.maxFiles must be a positive integer`);
    if (!Array.isArray(types) || types.length === 0 || types.some((t) => typeof t !== 'string'))
      problems.push(`${operationId}: x-upload.types must list MIME types`);
    if (
      !accept ||
      typeof accept !== 'object' ||
      Object.values(accept).some((a) => typeof a !== 'string')
    )
      problems.push(`${operationId}: x-upload.accept must give each file field its accept`);
    if (setting !== undefined) {
      if (settings[setting] !== undefined && settings[setting] !== maxBytes)
        problems.push(`${operationId}: ${setting} has two defaults`);
      settings[setting] = maxBytes;
    }
    uploads[operationId] = { maxBytes, ...(setting ? { setting } : {}), maxFiles, types, accept };
  }

const libraryType = document.components.schemas.LibraryType;
const libraryComponents = libraryType?.['x-library-components'];
const libraryKeys = Object.keys(libraryComponents ?? {});
if (
  !libraryType ||
  libraryKeys.join() !== libraryType.enum.join() ||
  Object.values(libraryComponents).some(
    (c) => typeof c?.view !== 'string' || typeof c?.edit !== 'string',
  )
)
  problems.push(
    'LibraryType: x-library-components must give each type, in order, its view and edit',
  );

const fieldMessages = document['x-field-messages'] ?? {};
for (const [name, message] of Object.entries(fieldMessages))
  if (!/^[A-Z][A-Z_]*$/.test(name) || typeof message !== 'string')
    problems.push(`x-field-messages.${name}: an UPPER_CASE name and its message`);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const names = Object.keys(uploads).sort();
// An operation declared as an earlier one is that one; a list of types written before is reused.
const firstWith = (pick, name) =>
  names.find(
    (other) => JSON.stringify(pick(uploads[other])) === JSON.stringify(pick(uploads[name])),
  );
const uploadSource = (name) => {
  const same = firstWith((upload) => upload, name);
  if (same !== name) return `${same}Upload`;
  const { types, ...rest } = uploads[name];
  const typesOf = firstWith((upload) => upload.types, name);
  const typesSource = typesOf === name ? literal(types) : `${typesOf}Upload.types`;
  return literal({ ...rest, types: '@types' }).replace('"@types"', typesSource);
};
writeFileSync(
  join(root, 'src', 'generated', 'uploads.ts'),
  header('x-upload') +
    names
      .map((name) => {
        const source = uploadSource(name);
        const asConst = source.endsWith('Upload') ? '' : ' as const';
        return `/** \`${name}\`'s files. */\nexport const ${name}Upload = ${source}${asConst};\n`;
      })
      .join('\n') +
    "\n/** Every multipart operation's files, by operation id. */\n" +
    `export const uploadLimits = {\n${names.map((name) => `  ${name}: ${name}Upload,`).join('\n')}\n} as const;\n` +
    "\n/** The default of each environment variable that overrides an upload's `maxBytes`. */\n" +
    `export const uploadSettings = ${literal(settings)} as const;\n`,
);
writeFileSync(
  join(root, 'src', 'generated', 'library.ts'),
  header('x-library-components') +
    "/** Each library's components: `view` opens its page and files, `edit` changes them. */\n" +
    `export const libraryComponents = ${literal(libraryComponents)} as const;\n`,
);
writeFileSync(
  join(root, 'src', 'generated', 'field-messages.ts'),
  header('x-field-messages') +
    Object.entries(fieldMessages)
      .map(([name, message]) => `export const ${name} = ${JSON.stringify(message)};\n`)
      .join(''),
);
