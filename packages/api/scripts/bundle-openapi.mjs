// Bundles the main contract: openapi/main/openapi.yaml (metadata, tags, shared components) plus
// one fragment per tag (its paths and schemas) into openapi/main.yaml, the single document the
// backend serves and validates against. Fails on a key defined twice or a reference to nothing.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi');
const dir = join(root, 'main');
const read = (file) => parse(readFileSync(join(dir, file), 'utf8'));

const document = read('openapi.yaml');
document.paths = {};
const tagOrder = document.tags.map((tag) => tag.name);
const fragments = readdirSync(dir)
  .filter((file) => file.endsWith('.yaml') && file !== 'openapi.yaml')
  .map((file) => file.replace(/\.yaml$/, ''));
for (const name of fragments) {
  if (!tagOrder.includes(name))
    throw new Error(`main/${name}.yaml has no tag '${name}' in main/openapi.yaml`);
}
const problems = [];
const merge = (target, source, where) => {
  for (const [key, value] of Object.entries(source ?? {})) {
    if (Object.hasOwn(target, key)) problems.push(`${where}: '${key}' is defined twice`);
    else target[key] = value;
  }
};
for (const name of tagOrder.filter((tag) => fragments.includes(tag))) {
  const fragment = read(`${name}.yaml`);
  const extra = Object.keys(fragment).filter((key) => key !== 'paths' && key !== 'components');
  if (extra.length)
    problems.push(`main/${name}.yaml: only paths and components belong here (${extra.join(', ')})`);
  merge(document.paths, fragment.paths, `main/${name}.yaml paths`);
  for (const [section, entries] of Object.entries(fragment.components ?? {})) {
    document.components[section] ??= {};
    merge(document.components[section], entries, `main/${name}.yaml components.${section}`);
  }
}
const text = stringify(document, { lineWidth: 100, aliasDuplicateObjects: false });
for (const [, section, name] of text.matchAll(/#\/components\/(\w+)\/(\w+)/g)) {
  if (!document.components[section]?.[name])
    problems.push(`reference to missing #/components/${section}/${name}`);
}
if (problems.length) {
  console.error([...new Set(problems)].join('\n'));
  process.exit(1);
}
writeFileSync(
  join(root, 'main.yaml'),
  '# Generated from openapi/main/*.yaml by `pnpm --filter @portal/api generate`: edit those files.\n' +
    text,
);
