import { sql, type SQL } from 'drizzle-orm';

/**
 * Accent folding for the library search, in SQL only (`translate`, immutable, in every
 * PostgreSQL and in PGlite): the `unaccent` extension is not loaded in PGlite by default and
 * needs `CREATE EXTENSION` rights on PostgreSQL, so the documents' vector and the searched
 * words are folded the same way by one expression (docs/decisions/20-document-libraries-and-modification-requests.md).
 */
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY';

/** `translate(<expression>, accented, plain)`: `expression` is trusted SQL (a column). */
export const foldSql = (expression: string) =>
  `translate(${expression}, '${ACCENTED}', '${PLAIN}')`;

/** The same fold over any SQL value (a column or a bound parameter), in a query. */
export const folded = (value: SQL) => sql`translate(${value}, ${ACCENTED}, ${PLAIN})`;
