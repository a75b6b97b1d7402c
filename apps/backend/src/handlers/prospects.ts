import { and, eq } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { mediaObjectPaths, uploadedFile, type UploadDeclarations } from '../files/uploads.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import {
  agents,
  mediaObjects,
  prospectFiles,
  prospects,
  PROSPECT_FILE_KINDS,
  type ProspectFileKind,
} from '../db/schema.js';
import { attachmentDisposition } from '../exports/xlsx.js';
import { commitWithRow } from '../files/staging.js';
import { contractUpload } from '../files/upload-limits.js';
import {
  assertNoViolations,
  forbidden,
  notFound,
  unprocessable,
  type Violation,
} from '../http/errors.js';
import { INVALID_DATE, requiredViolation } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { exportHandler, itemHandler, listHandler } from '../resources/handlers.js';
import { item, requireWritable } from '../resources/item.js';
import {
  PROSPECT_FILES_FOLDER,
  prospectScope,
  prospectsExport,
  prospectsResource,
} from '../resources/prospects.js';
import type { Deps, HandlerMap } from '../deps.js';

const NAME_MAX = 180;

export const prospectMessages = {
  fileTypeRefused:
    'Ce type de fichier n’est pas accepté : pdf, jpg, jpeg, png, doc, docx ou odt uniquement.',
  documentRequired: 'Joignez au moins un document : RIC ou DER.',
  consultantRequired: 'Choisissez le mandataire du prospect (ID CGP).',
  unknownConsultant: "Ce mandataire n'existe pas.",
  noAgent: "Votre compte n'est rattaché à aucun mandataire.",
  futureBirthday: 'La date de naissance ne peut pas être dans le futur.',
} as const;

/** The stored name's extension (file-type says `cfb` for a Word 97 document). */
const extensionOf = (type: { mime: string; ext: string }) =>
  type.mime === 'application/x-cfb' ? 'doc' : type.ext;

/** A readable, harmless display name: no path, no control character. */
const displayNameOf = (filename: string, extension: string) => {
  const base = (filename.split(/[/\\]/).pop() ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return base === '' ? `document.${extension}` : base;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function nameViolations(body: Record<string, unknown>, fields: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const field of fields) {
    const value = text(body[field]);
    const missing = requiredViolation(field, value);
    if (missing) violations.push(missing);
    else if (value.length > NAME_MAX)
      violations.push({ propertyPath: field, message: messages.tooLong(NAME_MAX) });
  }
  return violations;
}

/** `YYYY-MM-DD`, a real day, not after today. */
function birthdayViolation(value: string): Violation | null {
  const required = requiredViolation('birthday', value);
  if (required) return required;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    return { propertyPath: 'birthday', message: INVALID_DATE };
  if (value > new Date().toISOString().slice(0, 10))
    return { propertyPath: 'birthday', message: prospectMessages.futureBirthday };
  return null;
}

type Uploaded = NonNullable<ReturnType<typeof uploadedFile>>;

/** A file field: absent (null), or staged with an accepted type; else a violation. */
function acceptedFile(
  file: Uploaded | undefined,
  field: string,
): { file: Uploaded | null; violation: Violation | null } {
  if (!file || (!file.tooLarge && (!file.staged || file.staged.size === 0)))
    return { file: null, violation: null };
  if (file.tooLarge)
    return { file: null, violation: { propertyPath: field, message: messages.fileTooLarge } };
  if (!file.type)
    return {
      file: null,
      violation: { propertyPath: field, message: prospectMessages.fileTypeRefused },
    };
  return { file, violation: null };
}

/** Stores a staged document and links it to the prospect, in the caller's transaction. */
async function attachFile(
  db: Pick<Database, 'insert'>,
  prospectId: number,
  kind: ProspectFileKind,
  file: Uploaded,
  personId: number,
) {
  const type = file.type!;
  const extension = extensionOf(type);
  return commitWithRow(file.staged!, extension, async (filePath) => {
    const [media] = await db
      .insert(mediaObjects)
      .values({
        displayName: displayNameOf(file.filename, extension),
        filePath,
        mimeType: type.mime,
        size: file.staged!.size,
        personId,
      })
      .returning({ id: mediaObjects.id });
    await db.insert(prospectFiles).values({ prospectId, kind, mediaObjectId: media!.id });
  });
}

const requestContext = (deps: Deps, context: HandlerContext<Principal>) => ({
  db: deps.db,
  principal: principalOf(context),
  query: {},
});

/** The agent a new prospect belongs to: the caller's own, or the one staff name. */
async function ownerOf(deps: Deps, principal: Principal, body: Record<string, unknown>) {
  const { isAgent } = await accessOf(deps.db, principal);
  if (isAgent) {
    if (principal.user.agentId === null) throw forbidden(prospectMessages.noAgent);
    return { agentId: principal.user.agentId, violation: null };
  }
  const cgpId = text(body.consultant);
  if (cgpId === '')
    return {
      agentId: null,
      violation: { propertyPath: 'consultant', message: prospectMessages.consultantRequired },
    };
  const [agent] = await deps.db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.cgpId, cgpId));
  return agent
    ? { agentId: agent.id, violation: null }
    : {
        agentId: null,
        violation: { propertyPath: 'consultant', message: prospectMessages.unknownConsultant },
      };
}

/**
 * `POST /prospects`: the identity, then the RIC and DER files, in one transaction; a file gets
 * its final name once its row has committed.
 */
function createProspect(deps: Deps): Handler<Principal> {
  return handWritten('multipart identity and two files in one transaction', async (context) => {
    const principal = principalOf(context);
    const body = context.body as Record<string, unknown>;
    const ric = acceptedFile(uploadedFile(context.request, 'ricFile'), 'ricFile');
    const der = acceptedFile(uploadedFile(context.request, 'derFile'), 'derFile');
    const owner = await ownerOf(deps, principal, body);
    const birthday = text(body.birthday);
    const violations = [
      ...nameViolations(body, ['lastName', 'firstName']),
      birthdayViolation(birthday),
      owner.violation,
      ric.violation,
      der.violation,
    ].filter((v): v is Violation => v !== null);
    const { components } = await accessOf(deps.db, principal);
    if (
      components.has('prospects_required_documents') &&
      !ric.file &&
      !der.file &&
      !ric.violation &&
      !der.violation
    )
      violations.push({ propertyPath: 'ricFile', message: prospectMessages.documentRequired });
    assertNoViolations(violations);

    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(prospects)
        .values({
          agentId: owner.agentId!,
          lastName: text(body.lastName),
          firstName: text(body.firstName),
          birthday,
        })
        .returning({ id: prospects.id });
      if (ric.file) await attachFile(tx, row!.id, 'RIC', ric.file, principal.user.id);
      if (der.file) await attachFile(tx, row!.id, 'DER', der.file, principal.user.id);
      return row!.id;
    });
    return { status: 201, body: await item(prospectsResource, id, requestContext(deps, context)) };
  });
}

function addProspectFile(deps: Deps): Handler<Principal> {
  return handWritten('multipart upload attached to a prospect', async (context) => {
    const principal = principalOf(context);
    const id = Number(context.params.id);
    await requireWritable(prospectsResource, id, requestContext(deps, context));
    const body = context.body as Record<string, unknown>;
    const kind = (body.kind ?? 'OTHER') as ProspectFileKind;
    if (!PROSPECT_FILE_KINDS.includes(kind))
      throw unprocessable([{ propertyPath: 'kind', message: messages.required }]);
    const { file, violation } = acceptedFile(uploadedFile(context.request, 'file'), 'file');
    if (violation) throw unprocessable([violation]);
    if (!file) throw unprocessable([{ propertyPath: 'file', message: messages.fileRequired }]);
    await deps.db.transaction(async (tx) => {
      await attachFile(tx, id, kind, file, principal.user.id);
      await tx.update(prospects).set({ updatedAt: new Date() }).where(eq(prospects.id, id));
    });
    return { status: 201, body: await item(prospectsResource, id, requestContext(deps, context)) };
  });
}

function updateProspect(deps: Deps): Handler<Principal> {
  return handWritten('checks the consultant reference before the write', async (context) => {
    const id = Number(context.params.id);
    await requireWritable(prospectsResource, id, requestContext(deps, context));
    const body = context.body as Record<string, unknown>;
    const present = ['lastName', 'firstName'].filter((field) => field in body);
    const violations: (Violation | null)[] = nameViolations(body, present);
    if ('birthday' in body) violations.push(birthdayViolation(text(body.birthday)));
    assertNoViolations(violations);
    const changes: Partial<typeof prospects.$inferInsert> = { updatedAt: new Date() };
    for (const field of present) changes[field as 'lastName' | 'firstName'] = text(body[field]);
    if ('birthday' in body) changes.birthday = text(body.birthday);
    await deps.db.update(prospects).set(changes).where(eq(prospects.id, id));
    return { status: 200, body: await item(prospectsResource, id, requestContext(deps, context)) };
  });
}

/**
 * `GET /media/prospects/{file}`: a document of a prospect the caller may see, streamed from the
 * file storage under its display name. The path is only ever the contract's generated-name
 * pattern, looked up in the rows: nothing else in the storage can be reached.
 */
function downloadProspectFile(deps: Deps): Handler<Principal> {
  return handWritten('streams a stored file under its display name', async (context) => {
    const principal = principalOf(context);
    const filePath = `${PROSPECT_FILES_FOLDER}/${String(context.params.file)}`;
    const scope = await prospectScope({ db: deps.db, principal });
    const [found] = await deps.db
      .select({ displayName: mediaObjects.displayName, filePath: mediaObjects.filePath })
      .from(mediaObjects)
      .innerJoin(prospectFiles, eq(prospectFiles.mediaObjectId, mediaObjects.id))
      .innerJoin(prospects, eq(prospects.id, prospectFiles.prospectId))
      .where(
        scope
          ? and(eq(mediaObjects.filePath, filePath), scope)
          : eq(mediaObjects.filePath, filePath),
      );
    if (!found) throw notFound();
    const stored = await deps.storage.read(found.filePath);
    if (!stored) throw notFound();
    context.reply
      .header('Content-Disposition', attachmentDisposition(found.displayName))
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff');
    return { status: 200, body: stored.stream };
  });
}

export function prospectHandlers(deps: Deps): HandlerMap {
  return {
    listProspects: listHandler(deps.db, prospectsResource),
    getProspect: itemHandler(deps.db, prospectsResource),
    exportProspects: exportHandler(deps.db, prospectsExport),
    createProspect: createProspect(deps),
    addProspectFile: addProspectFile(deps),
    updateProspect: updateProspect(deps),
    downloadProspectFile: downloadProspectFile(deps),
  };
}

/** The documents of prospects: two at creation (RIC and DER), one at a time afterwards. */
export const prospectUploads = (): UploadDeclarations => {
  const upload = (operationId: 'createProspect' | 'addProspectFile') => ({
    folder: PROSPECT_FILES_FOLDER,
    ...contractUpload(operationId),
    referenced: mediaObjectPaths,
  });
  return { createProspect: upload('createProspect'), addProspectFile: upload('addProspectFile') };
};
