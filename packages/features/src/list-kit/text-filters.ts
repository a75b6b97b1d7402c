import { urlFilter } from './url-filters';

/**
 * Text filters declared once, each with its label and the contract's `maxLength`: their URL
 * schema entries (`z.object({ ...names.schema, … })`) and their form fields (`names.fields`).
 */
export function textFilters<K extends string>(
  declared: Record<K, { label: string; maxLength: number }>,
) {
  const keys = Object.keys(declared) as K[];
  return {
    schema: Object.fromEntries(
      keys.map((key) => [key, urlFilter.text(declared[key].maxLength)]),
    ) as Record<K, ReturnType<typeof urlFilter.text>>,
    fields: keys.map((key) => ({ kind: 'text' as const, key, ...declared[key] })),
  };
}
