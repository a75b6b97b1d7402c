import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { ownRowsScope } from '../access/scope.js';
import { agents, mediaObjects, prospectFiles, prospects } from '../db/schema.js';
import type { ProspectFileKind } from '../db/schema.js';
import { selfAndDownlineSql } from '../domain/downline.js';
import { exportColumns, headed } from '../exports/columns.js';
import { agentFullName, consultantFields, consultantReference } from './references.js';
import type { DeclaredColumn, ExportSpec, RequestContext, WritableResourceSpec } from './types.js';
import { paged } from './pagination.js';

/** Where prospects' documents are kept; `/media/{filePath}` serves them to their readers. */
export const PROSPECT_FILES_FOLDER = 'prospects';

const fields = {
  id: prospects.id,
  lastName: prospects.lastName,
  firstName: prospects.firstName,
  birthday: prospects.birthday,
  createdAt: prospects.createdAt,
  updatedAt: prospects.updatedAt,
  consultant: consultantFields,
};

export interface ProspectFileRow {
  id: number;
  kind: ProspectFileKind;
  displayName: string;
  filePath: string;
  createdAt: Date;
}

export type ProspectRow = {
  id: number;
  lastName: string;
  firstName: string;
  birthday: string;
  createdAt: Date;
  updatedAt: Date;
  consultant: {
    id: number;
    cgpId: string;
    valoricielId: string | null;
    firstname: string;
    lastname: string;
  };
  files?: ProspectFileRow[];
};

/**
 * Staff see every prospect; an agent his own and his downline's (spec: by list, id, file path
 * or export alike). `mine=true` narrows an agent to his own (`/my-prospects`). Writes are
 * narrower: `prospectsResource.writeScope`.
 */
export async function prospectScope({
  db,
  principal,
  query,
}: Pick<RequestContext, 'db' | 'principal'> & { query?: RequestContext['query'] }): Promise<
  SQL | undefined
> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  if (own === null) return sql`false`;
  const mine = query?.mine === true || query?.mine === 'true';
  return mine
    ? eq(prospects.agentId, own)
    : sql`${prospects.agentId} in ${selfAndDownlineSql(own)}`;
}

/** The documents of the given prospects, oldest first. */
export async function filesOf(
  db: RequestContext['db'],
  prospectIds: number[],
): Promise<Map<number, ProspectFileRow[]>> {
  const byProspect = new Map<number, ProspectFileRow[]>(prospectIds.map((id) => [id, []]));
  if (prospectIds.length === 0) return byProspect;
  const rows = await db
    .select({
      prospectId: prospectFiles.prospectId,
      id: prospectFiles.id,
      kind: prospectFiles.kind,
      displayName: mediaObjects.displayName,
      filePath: mediaObjects.filePath,
      createdAt: mediaObjects.createdAt,
    })
    .from(prospectFiles)
    .innerJoin(mediaObjects, eq(mediaObjects.id, prospectFiles.mediaObjectId))
    .where(inArray(prospectFiles.prospectId, prospectIds))
    .orderBy(asc(mediaObjects.createdAt), asc(prospectFiles.id));
  for (const { prospectId, ...file } of rows) byProspect.get(prospectId)?.push(file);
  return byProspect;
}

const fileJson = (file: ProspectFileRow) => {
  const document = {
    displayName: file.displayName,
    filePath: file.filePath,
    createdAt: file.createdAt.toISOString(),
  };
  // The spec's entry holds its document under `ric` or `der` (§3); the flat fields stay for
  // the apps.
  return { id: file.id, kind: file.kind, ...document, [file.kind.toLowerCase()]: document };
};

/**
 * `GET /prospects`, `GET /prospects/{id}`: 10 a page, by last then first name. `PATCH` and
 * `POST /prospect/{id}/files` write an agent's own prospects only (a sponsor reads his downline's
 * but does not change them); staff any.
 */
export const prospectsResource: WritableResourceSpec<typeof fields, ProspectRow> = {
  path: '/prospects',
  type: 'Prospect',
  table: prospects,
  id: prospects.id,
  fields,
  joins: {
    consultant: (q) => q.innerJoin(agents, eq(agents.id, prospects.agentId)),
  },
  filters: [
    { kind: 'partial', param: 'lastName', expr: prospects.lastName },
    { kind: 'partial', param: 'firstName', expr: prospects.firstName },
    { kind: 'exact', param: 'consultant.id', expr: prospects.agentId, valueType: 'integer' },
    // Read by the scope (`mine=true`), not a condition of its own.
    { kind: 'custom', param: 'mine', apply: () => undefined },
  ],
  orders: {
    lastName: prospects.lastName,
    firstName: prospects.firstName,
    birthday: prospects.birthday,
    createdAt: prospects.createdAt,
  },
  defaultOrder: [
    ['lastName', 'asc'],
    ['firstName', 'asc'],
  ],
  pagination: paged(10),
  scope: prospectScope,
  writeScope: ownRowsScope(prospects.agentId),
  async expand(rows, { db }) {
    const files = await filesOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, files: files.get(row.id) ?? [] }));
  },
  serialize: (row) => {
    const files = row.files ?? [];
    const of = (kind: ProspectFileKind) => files.filter((f) => f.kind === kind).map(fileJson);
    return {
      '@id': `/prospects/${row.id}`,
      '@type': 'Prospect',
      id: row.id,
      lastName: row.lastName,
      firstName: row.firstName,
      birthday: row.birthday,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      consultant: consultantReference(row.consultant),
      ricCollection: of('RIC'),
      derCollection: of('DER'),
      otherCollection: of('OTHER'),
    };
  },
};

const names = (files: ProspectFileRow[] | undefined, kind: ProspectFileKind) =>
  (files ?? [])
    .filter((file) => file.kind === kind)
    .map((file) => file.displayName)
    .join(', ');

const PROSPECT_COLUMNS = headed<DeclaredColumn<ProspectRow>>()(exportColumns.exportProspects, {
  lastName: { value: (row) => row.lastName, width: 22 },
  firstName: { value: (row) => row.firstName, width: 20 },
  birthday: { value: (row) => new Date(`${row.birthday}T00:00:00Z`), format: 'date' },
  consultant: {
    value: (row) => `${agentFullName(row.consultant)} (${row.consultant.cgpId})`,
    width: 30,
  },
  ric: { value: (row) => names(row.files, 'RIC'), width: 30 },
  der: { value: (row) => names(row.files, 'DER'), width: 30 },
  createdAt: { value: (row) => row.createdAt, format: 'date' },
});

/** `GET /prospects/export`: the same list, every row. */
export const prospectsExport: ExportSpec<typeof fields, ProspectRow> = {
  resource: prospectsResource,
  sheet: 'Prospects',
  file: { label: 'prospects' },
  columns: PROSPECT_COLUMNS,
};
