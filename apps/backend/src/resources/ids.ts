import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '../db/int-array.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Primary keys as one array literal for `= any(...)`: integers (`intArray`) or uuids (the
 * participations). They come from our own queries; anything else throws.
 */
export function idList(ids: readonly (number | string)[]): SQL {
  if (ids.every((id) => typeof id === 'number')) return intArray(ids as number[]);
  for (const id of ids)
    if (typeof id !== 'string' || !UUID.test(id)) throw new Error(`not an id: ${String(id)}`);
  return sql.raw(`'{${ids.join(',')}}'::uuid[]`);
}
