import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/**
 * The database as every module uses it (PGlite or node-postgres alike). A module of its own:
 * `client.ts` opens it and runs `apply-migrations.ts`, which takes it, without a circle.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
