import { eq, sql } from 'drizzle-orm';
import {
  assertMayGiveProfile,
  assertMayManageUser,
  privilegesOf,
  type Privileges,
} from '../access/privileges.js';
import { accessOf } from '../access/principal-access.js';
import {
  isDisabled,
  principalOf,
  ROLE_DISABLED,
  type Principal,
  type UserRow,
} from '../auth/principal.js';
import { uploadedFile, type UploadDeclarations } from '../files/uploads.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import type { Transaction } from '../jobs/executor.js';
import { agents, profiles, users } from '../db/schema.js';
import {
  batchLookups,
  checkUserInput,
  isAgentProfile,
  NAME_MAX,
  NO_PASSWORD,
  profileFinder,
  singleLookups,
  userMessages,
  welcomeAgentUser,
  type UserValues,
} from '../domain/user-accounts.js';
import { namedXlsxAttachment } from '../exports/responses.js';
import { contractUpload } from '../files/upload-limits.js';
import { columnsXlsx } from '../exports/xlsx.js';
import { readSpreadsheet } from '../files/spreadsheet.js';
import {
  assertNoViolations,
  badRequest,
  forbidden,
  notFound,
  unprocessable,
  type Violation,
} from '../http/errors.js';
import { normalizeEmail } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { deleteRowById, item } from '../resources/item.js';
import { usersResource } from '../resources/users.js';
import type { DigestFrequency } from '../jobs/reminder-digests.js';
import { queueUserResetMail } from '../jobs/user-reset-mails.js';
import type { Deps, HandlerMap } from '../deps.js';

/** Where import files are staged while they are read; none is kept. */
export const USER_IMPORTS_FOLDER = 'imports/users';

/** The import's columns, in the template's order; headers match any case and accents. */
const IMPORT_COLUMNS = [
  {
    key: 'email',
    headers: ['E-mail', 'Email', 'Adresse e-mail', 'Mail'],
    type: 'text',
    required: true,
    maxLength: NAME_MAX,
  },
  { key: 'lastName', headers: ['Nom', 'lastName'], type: 'text', required: true, maxLength: 180 },
  {
    key: 'firstName',
    headers: ['Prénom', 'firstName'],
    type: 'text',
    required: true,
    maxLength: NAME_MAX,
  },
  { key: 'profile', headers: ['Profil', 'profile'], type: 'text', required: true, maxLength: 180 },
  { key: 'cgpId', headers: ['ID CGP', 'cgpId', 'CGP'], type: 'text', maxLength: 32 },
] as const;

const LABELS: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((column) => [column.key, column.headers[0]]),
);

interface ReportRow {
  line: number;
  email: string | null;
  lastName: string | null;
  firstName: string | null;
  profile: string | null;
  cgpId: string | null;
  errors: string[];
  values: UserValues | null;
}

const requestContext = (deps: Deps, context: HandlerContext<Principal>) => ({
  db: deps.db,
  principal: principalOf(context),
  query: {},
});

/**
 * The user of `id` (a 404 when missing) on whom the caller acts: a 403 when the account holds
 * a component the caller does not (access/privileges.ts).
 */
async function managedUser(deps: Deps, context: HandlerContext<Principal>, id: number) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound();
  await assertMayManageUser(deps.db, principalOf(context), user);
  return user;
}

/** Staff never suspend or delete their own account (they would lock themselves out). */
function refuseSelf(context: HandlerContext<Principal>, id: number) {
  if (principalOf(context).user.id === id) throw forbidden(userMessages.selfAction);
}

type Body = Record<string, unknown>;

/** The form's account fields (the profile as `roles` or `profile`); the rest is not the form's. */
const ACCOUNT_KEYS = ['email', 'firstName', 'lastName', 'roles', 'profile', 'cgpId'] as const;

const objectBody = (body: unknown): Body => {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Le corps de la requête doit être un objet JSON.');
  return body as Body;
};

/**
 * The profile a body names: the spec's `roles`, whose first role is the profile's name, or the
 * project's `profile` (IRI or id). Given both, they must name the same profile.
 */
function chosenProfile(finder: Awaited<ReturnType<typeof profileFinder>>, body: Body) {
  if (!Object.hasOwn(body, 'roles'))
    return {
      field: 'profile',
      raw: body.profile,
      profile: finder.reference(body.profile),
      violations: [],
    };
  const [first] = body.roles as string[];
  const profile = first === undefined ? undefined : finder.role(first);
  const violations: Violation[] = [];
  if (first === ROLE_DISABLED)
    violations.push({ propertyPath: 'roles', message: userMessages.disabledOnCreate });
  else if (
    profile &&
    body.profile !== undefined &&
    body.profile !== null &&
    finder.reference(body.profile)?.id !== profile.id
  )
    violations.push({ propertyPath: 'roles', message: userMessages.rolesAndProfile });
  return { field: 'roles', raw: first, profile, violations };
}

async function checkForm(deps: Deps, body: Body, exceptId?: number) {
  const choice = chosenProfile(await profileFinder(deps.db), body);
  const { values, violations } = await checkUserInput(
    singleLookups(deps.db),
    {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      profile: choice.raw,
      cgpId: body.cgpId,
    },
    choice.profile,
    { exceptId, profileField: choice.field },
  );
  assertNoViolations([...violations, ...choice.violations]);
  return values!;
}

/** `POST /users`: the account, what a new agent is given, then his mail to choose a password. */
function createUser(deps: Deps): Handler<Principal> {
  return handWritten('creates the account and queues its password mail', async (context) => {
    const values = await checkForm(deps, objectBody(context.body));
    await assertMayGiveProfile(deps.db, principalOf(context), values.profileId);
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, passwordHash: NO_PASSWORD })
        .returning({ id: users.id });
      if (values.agentId !== null) await welcomeAgentUser(tx, row!.id);
      return row!.id;
    });
    await queueUserResetMail(deps.jobs, id, 'welcome');
    return { status: 201, body: await item(usersResource, id, requestContext(deps, context)) };
  });
}

/**
 * `PUT /users/{id}`: the form's fields; the roles become the profile's name again, which is how
 * a suspended account is reactivated (spec §4). The account, and the profile it is given, must
 * hold only components the caller holds (one's own account included: no self-promotion).
 */
function editUser(deps: Deps): Handler<Principal> {
  return handWritten(
    "the form's fields within the caller's rights, reactivation included",
    async (context) => {
      const id = Number(context.params.id);
      const before = await managedUser(deps, context, id);
      const values = await checkForm(deps, objectBody(context.body), id);
      await assertMayGiveProfile(deps.db, principalOf(context), values.profileId);
      await deps.db.transaction((tx) => writeAccount(tx, before, values));
      return { status: 200, body: await item(usersResource, id, requestContext(deps, context)) };
    },
  );
}

/**
 * Writes the form's values; its roles become the profile's name, which reactivates a suspended
 * account. Becoming an agent (or coming back as one) brings the displayed news and reminders.
 */
async function writeAccount(tx: Transaction, before: UserRow, values: UserValues) {
  await tx.update(users).set(values).where(eq(users.id, before.id));
  if (values.agentId !== null && (before.agentId === null || isDisabled(before)))
    await welcomeAgentUser(tx, before.id);
}

/**
 * Suspends an account, for the disable operation and the spec's roles update alike: a database
 * trigger ends his sessions in the same statement.
 */
async function suspendAccount(db: Pick<Database, 'update'>, id: number) {
  await db
    .update(users)
    .set({ roles: [ROLE_DISABLED] })
    .where(eq(users.id, id));
}

/** The form as the account stands: what a merge-patch is applied to. */
async function currentForm(deps: Deps, user: UserRow): Promise<Body> {
  const [agent] = user.agentId
    ? await deps.db.select({ cgpId: agents.cgpId }).from(agents).where(eq(agents.id, user.agentId))
    : [];
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    cgpId: agent?.cgpId ?? null,
  };
}

/**
 * `PATCH /users/{id}` (merge-patch), the spec's edit: staff holding `users_edit_page` change the
 * form's fields of an account within their rights, suspend it with `roles: ['ROLE_DISABLED']`
 * (as `disableUser`) or give it a profile again (which reactivates it, as `editUser`); anyone
 * with the reporting page changes his own `reminderFrequency`.
 */
function updateUser(deps: Deps): Handler<Principal> {
  return handWritten(
    'merge-patch with the account rules (suspension, profile, own reminder frequency)',
    async (context) => {
      const body = objectBody(context.body);
      const principal = principalOf(context);
      const id = Number(context.params.id);
      const touched = ACCOUNT_KEYS.filter((key) => Object.hasOwn(body, key));
      if (!(await accessOf(deps.db, principal)).components.has('users_edit_page')) {
        // Another account does not exist for him; his own account's fields are the staff's.
        if (principal.user.id !== id) throw notFound();
        if (touched.length > 0) throw forbidden(messages.accessDenied);
      }
      const before = await managedUser(deps, context, id);
      const suspending = Array.isArray(body.roles) && body.roles.includes(ROLE_DISABLED);
      if (suspending) refuseSelf(context, id);
      // Without a profile to give (or when suspending), the roles stay: editing a name does not
      // reactivate an account.
      const naming =
        !suspending && (Object.hasOwn(body, 'roles') || Object.hasOwn(body, 'profile'));
      const formKeys = touched.filter((key) => key !== 'roles' || !suspending);
      let values: UserValues | null = null;
      if (formKeys.length > 0) {
        const form: Body = { ...(await currentForm(deps, before)) };
        for (const key of formKeys) form[key] = body[key];
        if (!naming) form.profile = before.profileId;
        values = await checkForm(deps, form, id);
        await assertMayGiveProfile(deps.db, principal, values.profileId);
      }
      await deps.db.transaction(async (tx) => {
        if (values)
          await writeAccount(tx, before, naming ? values : { ...values, roles: before.roles });
        if (Object.hasOwn(body, 'reminderFrequency')) {
          const frequencies = [...new Set((body.reminderFrequency ?? []) as DigestFrequency[])];
          await tx.update(users).set({ reminderFrequency: frequencies }).where(eq(users.id, id));
        }
        if (suspending) await suspendAccount(tx, id);
      });
      return { status: 200, body: await item(usersResource, id, requestContext(deps, context)) };
    },
  );
}

/** `POST /users/{id}/disable`, the project's extension beside the spec's roles update. */
function disableUser(deps: Deps): Handler<Principal> {
  return handWritten("suspends an account within the caller's rights", async (context) => {
    const id = Number(context.params.id);
    refuseSelf(context, id);
    await managedUser(deps, context, id);
    await suspendAccount(deps.db, id);
    return { status: 200, body: await item(usersResource, id, requestContext(deps, context)) };
  });
}

function deleteUser(deps: Deps): Handler<Principal> {
  return handWritten(
    "refuses one's own account and one beyond the caller's rights",
    async (context) => {
      const id = Number(context.params.id);
      refuseSelf(context, id);
      await managedUser(deps, context, id);
      await deleteRowById(deps.db, users, id);
      return { status: 204 };
    },
  );
}

function sendUserResetMail(deps: Deps): Handler<Principal> {
  return handWritten('a job enqueue: the reset mail of a managed user', async (context) => {
    const user = await managedUser(deps, context, Number(context.params.id));
    if (isDisabled(user))
      throw unprocessable([{ propertyPath: '', message: userMessages.disabledReset }]);
    await queueUserResetMail(deps.jobs, user.id);
    return { status: 202 };
  });
}

/**
 * Every row of the file with its verdict: the sheet's own errors (missing or too long cells),
 * then the form's checks (a profile the caller may not give among them), then the duplicates
 * inside the file (every occurrence after the first).
 */
async function readImport(
  deps: Deps,
  context: HandlerContext<Principal>,
  privileges: Privileges,
  db: Pick<Database, 'select' | 'execute'> = deps.db,
): Promise<ReportRow[]> {
  const file = uploadedFile(context.request, 'file');
  if (file?.tooLarge)
    throw unprocessable([{ propertyPath: 'file', message: messages.fileTooLarge }]);
  if (!file?.staged || file.staged.size === 0)
    throw unprocessable([{ propertyPath: 'file', message: messages.fileRequired }]);
  const sheet = await readSpreadsheet(file.staged, IMPORT_COLUMNS);
  if (sheet.missingHeaders.length > 0)
    throw unprocessable([
      { propertyPath: 'file', message: messages.missingColumns(sheet.missingHeaders) },
    ]);

  const finder = await profileFinder(db);
  const lookups = await batchLookups(
    db,
    sheet.rows.flatMap((row) => (row.values.email ? [normalizeEmail(row.values.email)] : [])),
    sheet.rows.flatMap((row) => (row.values.cgpId ? [row.values.cgpId.trim()] : [])),
  );
  const seen = new Set<string>();
  const report: ReportRow[] = [];
  for (const row of sheet.rows) {
    const { email, lastName, firstName, profile: profileText, cgpId } = row.values;
    const profile = profileText ? finder.label(profileText) : undefined;
    const { values, violations } = await checkUserInput(
      lookups,
      {
        email,
        lastName,
        firstName,
        profile: profileText,
        // Staff profiles carry no CGP id: a value left in the column is ignored.
        cgpId: profile && isAgentProfile(profile) ? cgpId : null,
      },
      profile,
    );
    const errors = new Set([
      ...row.errors.map((error) => `${LABELS[error.key]} : ${error.message}`),
      ...violations.map((v) => `${LABELS[v.propertyPath]} : ${v.message}`),
    ]);
    if (profile && !privileges.covers(profile.id))
      errors.add(`${LABELS.profile} : ${messages.morePrivilegedProfile}`);
    const key = email ? normalizeEmail(email) : null;
    if (key !== null && seen.has(key)) errors.add(`${LABELS.email} : ${userMessages.emailInFile}`);
    if (key !== null) seen.add(key);
    report.push({
      line: row.line,
      email,
      lastName,
      firstName,
      profile: profile?.title ?? profileText,
      cgpId: profile && isAgentProfile(profile) ? cgpId : null,
      errors: [...errors],
      values: errors.size === 0 ? values : null,
    });
  }
  return report;
}

const reportBody = (rows: ReportRow[], imported: number) => {
  const valid = rows.filter((row) => row.errors.length === 0).length;
  return {
    rows: rows.map(({ values: _values, ...row }) => row),
    valid,
    invalid: rows.length - valid,
    imported,
  };
};

function previewUserImport(deps: Deps): Handler<Principal> {
  return handWritten('reads an uploaded spreadsheet and reports its rows', async (context) => {
    const privileges = await privilegesOf(deps.db, principalOf(context));
    return { status: 200, body: reportBody(await readImport(deps, context, privileges), 0) };
  });
}

/**
 * `POST /users/import`: the rows are checked again and the valid ones created in one
 * transaction (a file imports whole or not at all); the mails are queued once it has committed.
 */
function importUsers(deps: Deps): Handler<Principal> {
  return handWritten(
    'creates the valid rows of an uploaded spreadsheet in one transaction',
    async (context) => {
      const privileges = await privilegesOf(deps.db, principalOf(context));
      const { rows, created } = await deps.db.transaction(async (tx) => {
        const rows = await readImport(deps, context, privileges, tx);
        const created: number[] = [];
        for (const row of rows) {
          if (!row.values) continue;
          const [inserted] = await tx
            .insert(users)
            .values({ ...row.values, passwordHash: NO_PASSWORD })
            .returning({ id: users.id });
          if (row.values.agentId !== null) await welcomeAgentUser(tx, inserted!.id);
          created.push(inserted!.id);
        }
        return { rows, created };
      });
      for (const id of created) await queueUserResetMail(deps.jobs, id, 'welcome');
      return { status: 200, body: reportBody(rows, created.length) };
    },
  );
}

/**
 * The template: the header row and one example of each kind of account the caller may create,
 * under the title of a real profile (one the preview accepts from him); the agent's example
 * names a real CGP id, one of an agent without an account when there is one, so that the
 * template sent back as is passes the preview.
 */
function userImportTemplate(deps: Deps): Handler<Principal> {
  return handWritten('a generated spreadsheet template, no rows', async (context) => {
    const privileges = await privilegesOf(deps.db, principalOf(context));
    const assignable = (await deps.db.select().from(profiles).orderBy(profiles.id)).filter(
      (profile) => privileges.covers(profile.id),
    );
    const agent = assignable.find((profile) => isAgentProfile(profile));
    const staff = assignable.find((profile) => !isAgentProfile(profile));
    const [example] = await deps.db
      .select({ cgpId: agents.cgpId })
      .from(agents)
      .leftJoin(users, eq(users.agentId, agents.id))
      .orderBy(sql`${users.id} is null desc`, agents.id)
      .limit(1);
    const examples = [
      ...(agent && example
        ? [['prenom.nom@exemple.fr', 'Nom', 'Prénom', agent.title, example.cgpId]]
        : []),
      ...(staff ? [['prenom.nom2@exemple.fr', 'Nom', 'Prénom', staff.title, '']] : []),
    ];
    const file = columnsXlsx({
      sheetName: 'Utilisateurs',
      columns: IMPORT_COLUMNS,
      rows: examples,
      width: () => 28,
    });
    return namedXlsxAttachment(context, 'modele_import_utilisateurs.xlsx', file);
  });
}

/** Users, served by the resource layer (`resources/users.ts`), and their administration. */
export function userHandlers(deps: Deps): HandlerMap {
  return {
    listUsers: listHandler(deps.db, usersResource),
    getUser: itemHandler(deps.db, usersResource),
    createUser: createUser(deps),
    editUser: editUser(deps),
    updateUser: updateUser(deps),
    disableUser: disableUser(deps),
    deleteUser: deleteUser(deps),
    sendUserResetMail: sendUserResetMail(deps),
    previewUserImport: previewUserImport(deps),
    importUsers: importUsers(deps),
    userImportTemplate: userImportTemplate(deps),
  };
}

/** The import file, staged while it is read (never kept: nothing refers to it). */
export const userUploads = (): UploadDeclarations => {
  const upload = (operationId: 'previewUserImport' | 'importUsers') => ({
    folder: USER_IMPORTS_FOLDER,
    ...contractUpload(operationId),
    referenced: async () => new Set<string>(),
  });
  return { previewUserImport: upload('previewUserImport'), importUsers: upload('importUsers') };
};
