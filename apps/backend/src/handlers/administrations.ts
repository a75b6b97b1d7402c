import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { administrations } from '../db/schema.js';
import { assertNoViolations, notFound, unprocessable } from '../http/errors.js';
import { emailViolation } from '../http/fields.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import { auditEntries, auditEntriesExport } from '../resources/audit-entries.js';
import { exportHandler, listHandler } from '../resources/handlers.js';
import type { Deps, HandlerMap } from '../deps.js';
import { rowHandler } from '../resources/item.js';

type AdministrationRow = typeof administrations.$inferSelect;

const toJson = (row: AdministrationRow) => ({
  '@id': `/administrations/${row.id}`,
  '@type': 'Administration',
  id: row.id,
  supportEmail: row.supportEmail,
});

/** The portal keeps one settings row; the first one wins if several were ever created. */
export async function currentSettings(deps: Deps): Promise<AdministrationRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(administrations)
    .orderBy(asc(administrations.id))
    .limit(1);
  return row;
}

function validSupportEmail(value: string | null | undefined): string {
  const email = (value ?? '').trim();
  assertNoViolations([emailViolation('supportEmail', email)]);
  return email;
}

export function listAdministrations(deps: Deps): Handler<Principal> {
  return handWritten('the single settings row as a collection', async () => {
    const row = await currentSettings(deps);
    const members = row ? [toJson(row)] : [];
    return { status: 200, body: hydraCollection('Administration', '/administrations', members) };
  });
}

/** `GET /administrations/{id}`: the settings row its collection lists, for the same callers. */
export const getAdministration = (deps: Deps): Handler<Principal> =>
  rowHandler(
    'the single settings row, no resource declaration for one row',
    deps.db,
    administrations,
    toJson,
  );

export function createAdministration(deps: Deps): Handler<Principal> {
  return handWritten('at most one settings row may exist', async ({ body }) => {
    const supportEmail = validSupportEmail((body as { supportEmail: string }).supportEmail);
    if (await currentSettings(deps)) {
      throw unprocessable([{ propertyPath: '', message: messages.settingsExist }]);
    }
    const [row] = await deps.db.insert(administrations).values({ supportEmail }).returning();
    return { status: 201, body: toJson(row!) };
  });
}

export function updateAdministration(deps: Deps): Handler<Principal> {
  return handWritten(
    'the support e-mail checked before the single row is written',
    async ({ params, body }) => {
      const id = Number(params.id);
      const [row] = await deps.db.select().from(administrations).where(eq(administrations.id, id));
      if (!row) throw notFound();
      const patch = body as { supportEmail?: string | null };
      // Merge-patch: an absent key leaves the value as it is; null clears it, which is refused.
      if (!('supportEmail' in patch)) return { status: 200, body: toJson(row) };
      const supportEmail = validSupportEmail(patch.supportEmail);
      const [updated] = await deps.db
        .update(administrations)
        .set({ supportEmail })
        .where(eq(administrations.id, id))
        .returning();
      return { status: 200, body: toJson(updated!) };
    },
  );
}

export function getPublicSettings(deps: Deps): Handler<Principal> {
  return handWritten('public settings read before sign-in, without a token', async () => {
    const row = await currentSettings(deps);
    return { status: 200, body: { supportEmail: row?.supportEmail ?? null } };
  });
}

/** Portal settings (support e-mail) and the audit trail. */
export function administrationHandlers(deps: Deps): HandlerMap {
  return {
    listAdministrations: listAdministrations(deps),
    getAdministration: getAdministration(deps),
    createAdministration: createAdministration(deps),
    updateAdministration: updateAdministration(deps),
    getPublicSettings: getPublicSettings(deps),
    // Declared on the resource layer (resources/audit-entries.ts).
    listAuditEntries: listHandler(deps.db, auditEntries),
    exportAuditEntries: exportHandler(deps.db, auditEntriesExport),
  };
}
