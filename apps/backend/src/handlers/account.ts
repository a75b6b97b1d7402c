import type { Readable } from 'node:stream';
import { eq, inArray, or } from 'drizzle-orm';
import sharp from 'sharp';
import { principalOf, type Principal, type UserRow } from '../auth/principal.js';
import { verifyCurrentPassword } from '../auth/reauthentication.js';
import {
  pathsInColumn,
  pathsInUse,
  removeStoredFile,
  sweepUpload,
  uploadedFile,
  type UploadDeclarations,
  type UploadedFile,
} from '../files/uploads.js';
import type { Config } from '../config.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { agentRequests, agents, profiles, users } from '../db/schema.js';
import {
  commitWithRow,
  stageBuffer,
  type StagedFile,
  type SweepOptions,
} from '../files/staging.js';
import type { FileStorage } from '../files/storage.js';
import { contractUpload } from '../files/upload-limits.js';
import { assertNoViolations, forbidden, notFound, unprocessable } from '../http/errors.js';
import { emailViolation, normalizeEmail, requiredViolation } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { contentUrlOf, MEDIA_ROUTE, PICTURES_FOLDER } from '../resources/media-objects.js';
import { emailChangedMail } from '../communication/account-mail.js';
import { mailAgentRequest } from '../jobs/support-requests.js';
import type { Deps, HandlerMap } from '../deps.js';
import { changeOwnPassword } from './sessions.js';

/** Photos of the users, served at /media like the image bank (unguessable names). */
export const AVATARS_FOLDER = `${PICTURES_FOLDER}/avatars`;
/** Attachments of support requests: never served, only mailed. */
export const AGENT_REQUESTS_FOLDER = 'agent-requests';

export const PHOTO_SIZE = 200;
export const PHOTO_QUALITY = 90;
/** Decoding more pixels than this is refused before any work (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

export const TITLE_MAX = 255;
export const CONTENT_MAX = 5000;

async function accountJson(db: Database, user: UserRow) {
  const [profile] = await db
    .select({ title: profiles.title })
    .from(profiles)
    .where(eq(profiles.id, user.profileId));
  const [agent] = user.agentId
    ? await db.select().from(agents).where(eq(agents.id, user.agentId))
    : [];
  return {
    '@id': '/account',
    '@type': 'Account',
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    picture: user.picture,
    circularPicture: user.circularPicture,
    profilName: profile?.title ?? '',
    reminderFrequency: user.reminderFrequency,
    agent: agent
      ? {
          cgpId: agent.cgpId,
          company: agent.company,
          birthday: agent.birthday,
          registerDate: agent.registerDate,
          phoneNumber: agent.phoneNumber,
          postalAddress: agent.postalAddress,
          postalCode: agent.postalCode,
          postalCity: agent.postalCity,
          siret: agent.siret,
          vatIdNumber: agent.vatIdNumber,
          ibanLast4: agent.iban ? agent.iban.replace(/\s+/g, '').slice(-4) : null,
          microEnterprise: agent.microEnterprise,
          qualification: agent.qualification,
          level: agent.level,
          habilitationIobsp: agent.habilitationIobsp,
          habilitationIas: agent.habilitationIas,
          habilitationCif: agent.habilitationCif,
          oriasNumber: agent.oriasNumber,
          oriasEndOfValidity: agent.oriasEndOfValidity,
        }
      : null,
  };
}

/** The caller, when the path's id is his own; any other id does not exist for him. */
function ownAccount(context: HandlerContext<Principal>): Principal {
  const principal = principalOf(context);
  if (Number(context.params.id) !== principal.user.id) throw notFound();
  return principal;
}

export function getAccount(deps: Deps): Handler<Principal> {
  return handWritten(
    "the caller's own account joined with his agent record, not a row of a resource",
    async (context) => ({
      status: 200,
      body: await accountJson(deps.db, principalOf(context).user),
    }),
  );
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export function changeEmail(deps: Deps): Handler<Principal> {
  return handWritten('a re-authenticated change that mails the old address', async (context) => {
    const principal = ownAccount(context);
    const { user, claims } = principal;
    if (claims.imp !== undefined) throw forbidden(messages.notWhileImpersonating);
    const body = context.body as { email: string; currentPassword: string };
    const email = normalizeEmail(body.email);
    assertNoViolations([
      emailViolation('email', email),
      requiredViolation('currentPassword', body.currentPassword),
    ]);
    await verifyCurrentPassword(deps, principal, body.currentPassword);
    if (email === user.email) return { status: 200, body: await accountJson(deps.db, user) };
    const taken = () => unprocessable([{ propertyPath: 'email', message: messages.emailTaken }]);
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (other) throw taken();
    let updated: UserRow;
    try {
      updated = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ email })
          .where(eq(users.id, user.id))
          .returning();
        if (user.agentId) await tx.update(agents).set({ email }).where(eq(agents.id, user.agentId));
        return row!;
      });
    } catch (error) {
      // Another account took the address between the check and the write.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    // The former address learns of the change: a stolen session cannot move the account silently.
    deps.mailer.deliver(
      async () => ({ to: user.email, ...emailChangedMail({ firstName: user.firstName, email }) }),
      (error) => context.request.log.error({ err: error }, 'e-mail change notice not sent'),
    );
    return { status: 200, body: await accountJson(deps.db, updated) };
  });
}

export function changeAccountPassword(deps: Deps): Handler<Principal> {
  return handWritten(
    'checks the current password, hashes the new one and ends the other sessions',
    async (context) => {
      const principal = ownAccount(context);
      const { password, currentPassword } = context.body as {
        password: string;
        currentPassword: string;
      };
      await changeOwnPassword(deps, principal, currentPassword, password, 'password');
      return { status: 204 };
    },
  );
}

/** The uploaded file of an accepted type, or a 422 naming what is wrong with it. */
function requireFile(file: UploadedFile | undefined): {
  file: UploadedFile;
  staged: StagedFile;
  type: { mime: string; ext: string };
} {
  if (file?.tooLarge)
    throw unprocessable([{ propertyPath: 'file', message: messages.fileTooLarge }]);
  if (!file?.staged || file.staged.size === 0)
    throw unprocessable([{ propertyPath: 'file', message: messages.fileRequired }]);
  if (!file.type)
    throw unprocessable([{ propertyPath: 'file', message: messages.fileTypeRefused }]);
  return { file, staged: file.staged, type: file.type };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const roundMask = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}"><circle cx="${PHOTO_SIZE / 2}" cy="${PHOTO_SIZE / 2}" r="${PHOTO_SIZE / 2}"/></svg>`,
);

/**
 * The server's own 200x200 JPEG (and its round PNG) of whatever image was sent: decoding and
 * writing again drops metadata (GPS position) and anything hidden after the image data.
 */
export async function photosOf(input: Buffer): Promise<{ jpeg: Buffer; round: Buffer }> {
  try {
    const jpeg = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer();
    const round = await sharp(jpeg)
      .ensureAlpha()
      .composite([{ input: roundMask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    return { jpeg, round };
  } catch {
    throw unprocessable([{ propertyPath: 'file', message: messages.imageUnreadable }]);
  }
}

/** `images/avatars/…` of a served URL, or null for anything else. */
const avatarPathOf = (url: string | null) => {
  const prefix = `${MEDIA_ROUTE}/${AVATARS_FOLDER}/`;
  return url?.startsWith(prefix) ? url.slice(MEDIA_ROUTE.length + 1) : null;
};

export function changePicture(deps: Deps): Handler<Principal> {
  return handWritten('multipart upload, re-encoded into two stored pictures', async (context) => {
    const { user } = ownAccount(context);
    // The spec's client sends its own round crop too; the server makes it from `file`.
    await uploadedFile(context.request, 'circularPicture')?.staged?.discard();
    const { staged } = requireFile(uploadedFile(context.request, 'file'));
    const { jpeg, round } = await photosOf(await readAll(await staged.open()));
    const jpegFile = await stageBuffer(deps.storage, AVATARS_FOLDER, jpeg);
    const roundFile = await stageBuffer(deps.storage, AVATARS_FOLDER, round);
    const picture = contentUrlOf(jpegFile.finalPath('jpg'));
    const circularPicture = contentUrlOf(roundFile.finalPath('png'));
    let previous: Pick<UserRow, 'picture' | 'circularPicture'>;
    try {
      previous = await deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ picture: users.picture, circularPicture: users.circularPicture })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        await tx.update(users).set({ picture, circularPicture }).where(eq(users.id, user.id));
        return before!;
      });
    } catch (error) {
      await Promise.all([jpegFile.discard(), roundFile.discard()]);
      throw error;
    }
    // The row committed first: a crash before these renames is finished by the start-up sweep.
    await jpegFile.commit('jpg');
    await roundFile.commit('png');
    for (const old of [previous.picture, previous.circularPicture]) {
      const path = avatarPathOf(old);
      if (path) await removeStoredFile(deps.storage, path);
    }
    return { status: 200, body: { picture, circularPicture } };
  });
}

/** 'Supprimer la photo': the caller's own photo only (another id is a 404); both files go. */
export function deleteAccountPicture(deps: Deps): Handler<Principal> {
  return handWritten('removes the stored files with the row', async (context) => {
    const { user } = ownAccount(context);
    const previous = await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ picture: users.picture, circularPicture: users.circularPicture })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      await tx
        .update(users)
        .set({ picture: null, circularPicture: null })
        .where(eq(users.id, user.id));
      return before!;
    });
    // The row committed first: a file left by a crash here is removed by the sweep.
    for (const old of [previous.picture, previous.circularPicture]) {
      const path = avatarPathOf(old);
      if (path) await removeStoredFile(deps.storage, path);
    }
    return { status: 204 };
  });
}

/** Keeps a readable, harmless name for the mail; the stored file has a random name. */
const attachmentNameOf = (filename: string, extension: string) => {
  const base = filename
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base === '' ? 'piece-jointe' : base}.${extension}`;
};

export function createAgentRequest(deps: Deps): Handler<Principal> {
  return handWritten('multipart attachment and a mail to the support address', async (context) => {
    const { user } = principalOf(context);
    const body = context.body as { title?: string; content?: string };
    const title = (body.title ?? '').trim();
    const content = (body.content ?? '').trim();
    assertNoViolations([
      requiredViolation('title', title) ??
        (title.length > TITLE_MAX
          ? { propertyPath: 'title', message: messages.tooLong(TITLE_MAX) }
          : null),
      content.length > CONTENT_MAX
        ? { propertyPath: 'content', message: messages.tooLong(CONTENT_MAX) }
        : null,
    ]);
    const upload = uploadedFile(context.request, 'file');
    // A form sent without choosing a file carries an empty part: no attachment.
    const hasFile = upload !== undefined && (upload.tooLarge || (upload.staged?.size ?? 0) > 0);
    let attachment: { staged: StagedFile; name: string; type: string; extension: string } | null =
      null;
    if (hasFile) {
      const { file, staged, type } = requireFile(upload);
      attachment = {
        staged,
        name: attachmentNameOf(file.filename, type.ext),
        type: type.mime,
        extension: type.ext,
      };
    }
    const insert = (path: string | null) =>
      deps.db
        .insert(agentRequests)
        .values({
          userId: user.id,
          title,
          content: content === '' ? null : content,
          attachmentName: attachment?.name ?? null,
          attachmentPath: path,
          attachmentType: attachment?.type ?? null,
          attachmentSize: attachment?.staged.size ?? null,
        })
        .returning()
        .then((rows) => rows[0]!);
    const row = attachment
      ? await commitWithRow(attachment.staged, attachment.extension, insert)
      : await insert(null);

    // Stored first, mailed second: a mail server down loses nothing (`mailed_at` stays empty,
    // and the job `support-requests.resend` sends it later).
    try {
      await mailAgentRequest(deps, row.id);
    } catch (error) {
      context.request.log.error({ err: error, request: row.id }, 'support request not mailed');
    }
    return {
      status: 201,
      body: {
        '@id': `/agent_requests/${row.id}`,
        '@type': 'AgentRequest',
        id: row.id,
        title: row.title,
        content: row.content,
        attachmentName: row.attachmentName,
        createdAt: row.createdAt.toISOString(),
      },
    };
  });
}

const avatarPaths = (db: Database, paths: string[]) =>
  pathsInUse(paths, async (batch) => {
    const urls = batch.map(contentUrlOf);
    const rows = await db
      .select({ picture: users.picture, circularPicture: users.circularPicture })
      .from(users)
      .where(or(inArray(users.picture, urls), inArray(users.circularPicture, urls)));
    return rows.flatMap((row) => [avatarPathOf(row.picture), avatarPathOf(row.circularPicture)]);
  });

const attachmentPaths = pathsInColumn(agentRequests, agentRequests.attachmentPath);

/** The account's uploads: the photo (any picture, re-encoded) and the support attachment. */
export function accountUploads(config: Pick<Config, 'uploadMaxBytes'>): UploadDeclarations {
  return {
    changePicture: {
      folder: AVATARS_FOLDER,
      ...contractUpload('changePicture', config),
      referenced: avatarPaths,
    },
    createAgentRequest: {
      folder: AGENT_REQUESTS_FOLDER,
      ...contractUpload('createAgentRequest'),
      referenced: attachmentPaths,
    },
  };
}

/** Photo changes whose row committed before a crash, and photos no user refers to any more. */
export const sweepAvatars = (db: Database, storage: FileStorage, options?: SweepOptions) =>
  sweepUpload(db, storage, { folder: AVATARS_FOLDER, referenced: avatarPaths }, options);

/** The same for support request attachments (referenced by `agent_requests`). */
export const sweepAgentRequestFiles = (
  db: Database,
  storage: FileStorage,
  options?: SweepOptions,
) =>
  sweepUpload(db, storage, { folder: AGENT_REQUESTS_FOLDER, referenced: attachmentPaths }, options);

export function accountHandlers(deps: Deps): HandlerMap {
  return {
    getAccount: getAccount(deps),
    changeEmail: changeEmail(deps),
    changeAccountPassword: changeAccountPassword(deps),
    changePicture: changePicture(deps),
    deleteAccountPicture: deleteAccountPicture(deps),
    createAgentRequest: createAgentRequest(deps),
  };
}
