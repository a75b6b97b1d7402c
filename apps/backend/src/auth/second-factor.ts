import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../config.js';
import { randomToken, sha256 } from '../crypto.js';
import type { Database } from '../db/client.js';
import {
  secondFactorChallenges,
  secondFactorRecoveryCodes,
  secondFactors,
  type ProfileType,
  type SecondFactorStep,
} from '../db/schema.js';
import { sharedRandomSetting } from './secret.js';

/**
 * The TOTP second factor (issue 42): RFC 6238 codes of 6 digits every 30 s (otplib's defaults,
 * those of every authenticator app), a code of the step before or after accepted for clock
 * drift, each step accepted once (`last_time_step`), and ten single-use recovery codes.
 */

/** How long the challenge a right password answers stays valid. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The window over which wrong codes are counted (the count is per user, in the database). */
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Portail Réseau Patrimoine';
/** One step each way: a phone whose clock drifts by up to 30 s still signs in. */
const EPOCH_TOLERANCE_SECONDS = 30;
const KEY_SETTING = 'second_factor_key';

export const secondFactorAttemptsKey = (userId: number) => `second-factor|${userId}`;

/**
 * The token's `amr` (RFC 8176) says how its session was opened: ['pwd', 'otp'] after a code or
 * a recovery code. The hand-off copies it, impersonation takes the administrator's.
 */
export const SECOND_FACTOR_AMR = ['pwd', 'otp'];
export const provedSecondFactor = (claims: Record<string, unknown>) =>
  Array.isArray(claims.amr) && claims.amr.includes('otp');

export const isRequiredFor = (config: Pick<Config, 'secondFactorRequired'>, type: ProfileType) =>
  config.secondFactorRequired.includes(type);

// ---- The secret, encrypted at rest -------------------------------------------------------

const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The AES-256-GCM key of the secrets: derived (HKDF) from SECOND_FACTOR_KEY when set, else from
 * a random value kept in `server_settings`, shared by every process. The latter protects a dump
 * of the factors' table alone; SECOND_FACTOR_KEY keeps the key out of the database altogether.
 */
function encryptionKey(db: Database, config: Pick<Config, 'secondFactorKey'>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      const material = config.secondFactorKey ?? (await sharedRandomSetting(db, KEY_SETTING));
      return Buffer.from(hkdfSync('sha256', material, '', 'portal second factor v1', 32));
    })();
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** `v1.<iv>.<ciphertext+tag>`; the user id is authenticated with it: a row moved to another user fails. */
async function encryptSecret(deps: KeyDeps, userId: number, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(deps.db, deps.config), iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

async function decryptSecret(deps: KeyDeps, userId: number, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error('second_factors: unknown secret format');
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    await encryptionKey(deps.db, deps.config),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(String(userId)));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

interface KeyDeps {
  db: Database;
  config: Pick<Config, 'secondFactorKey'>;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

// ---- State -----------------------------------------------------------------------------

export type FactorRow = typeof secondFactors.$inferSelect;

export async function factorOf(db: Database, userId: number): Promise<FactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row;
}

export const isEnrolled = (row: FactorRow | undefined): row is FactorRow =>
  row !== undefined && row.confirmedAt !== null;

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(secondFactorRecoveryCodes)
    .where(
      and(eq(secondFactorRecoveryCodes.userId, userId), isNull(secondFactorRecoveryCodes.usedAt)),
    );
  return Number(row?.n ?? 0);
}

// ---- Enrolment ---------------------------------------------------------------------------

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/**
 * Starts (or starts again) an enrolment: a new secret replaces any enrolment under way, never a
 * confirmed factor (the caller checks). The secret is answered this once, to be scanned.
 */
export async function startEnrolment(
  deps: KeyDeps,
  user: { id: number; email: string },
): Promise<Enrolment> {
  const secret = generateSecret();
  const secretEncrypted = await encryptSecret(deps, user.id, secret);
  await deps.db
    .insert(secondFactors)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretEncrypted, lastTimeStep: null, createdAt: new Date() },
      // A confirmed factor is never replaced here: only an administrator's reset removes it.
      setWhere: isNull(secondFactors.confirmedAt),
    });
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode };
}

/**
 * Confirms an enrolment under way with a code of its secret: the factor protects the account
 * from now on, and ten new recovery codes (answered this once) replace any old ones. False when
 * the code is wrong or no enrolment is under way.
 */
export async function confirmEnrolment(
  deps: KeyDeps,
  userId: number,
  code: string,
): Promise<string[] | null> {
  const row = await factorOf(deps.db, userId);
  if (!row || row.confirmedAt !== null) return null;
  const step = await matchingStep(deps, row, code);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const confirmed = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(secondFactors)
      .set({ confirmedAt: new Date(), lastTimeStep: step })
      .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)))
      .returning({ userId: secondFactors.userId });
    if (!done) return false;
    await storeRecoveryCodes(tx, userId, codes);
    return true;
  });
  return confirmed ? codes : null;
}

const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** The user's recovery codes become these (their digests): the old ones, used or not, go. */
async function storeRecoveryCodes(tx: Transaction, userId: number, codes: string[]) {
  await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
  await tx
    .insert(secondFactorRecoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: sha256(normalizeRecoveryCode(c)) })));
}

/**
 * Ten new recovery codes (answered this once) for a confirmed factor, replacing the old ones in
 * one transaction: the old ones stop at once. Null when the factor is gone meanwhile.
 */
export async function replaceRecoveryCodes(db: Database, userId: number): Promise<string[] | null> {
  const codes = newRecoveryCodes();
  const replaced = await db.transaction(async (tx) => {
    // The factor's row, locked: a reset at the same moment waits, or has removed it.
    const [factor] = await tx
      .select({ userId: secondFactors.userId })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
      .for('update');
    if (!factor) return false;
    await storeRecoveryCodes(tx, userId, codes);
    return true;
  });
  return replaced ? codes : null;
}

/**
 * Removes the factor (or the enrolment under way) and its recovery codes: the user enrols
 * again (administrator's reset). True when a confirmed factor was removed; then, in the same
 * transaction, `andThen` runs (the reset ends the user's sessions).
 */
export async function removeFactor(
  db: Database,
  userId: number,
  andThen?: (tx: Transaction) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
    await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
    const removed = await tx
      .delete(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .returning({ confirmedAt: secondFactors.confirmedAt });
    const confirmed = removed.some((row) => row.confirmedAt !== null);
    if (confirmed) await andThen?.(tx);
    return confirmed;
  });
}

// ---- Codes -------------------------------------------------------------------------------

export const TOTP_CODE = /^\d{6}$/;
// No 0/o, 1/l/i: read from paper and typed again.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE = /^[a-z2-9]{10}$/;

/** Ten characters of a 31-letter alphabet (about 50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What the user typed, without spaces, dashes or capitals. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** The time step a right code of the factor belongs to, else null (otplib compares in constant time). */
async function matchingStep(deps: KeyDeps, row: FactorRow, code: string): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const secret = await decryptSecret(deps, row.userId, row.secretEncrypted);
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export type CodeCheck = 'accepted' | 'wrong' | 'replayed';

/**
 * Checks a code of a confirmed factor, or a recovery code. A TOTP code is accepted once: the
 * step is recorded by a conditional update, so that a code replayed within its window, even by
 * two requests at once on two processes, is refused. A recovery code is spent the same way.
 */
export async function checkCode(deps: KeyDeps, row: FactorRow, code: string): Promise<CodeCheck> {
  const { db } = deps;
  if (TOTP_CODE.test(code)) {
    const step = await matchingStep(deps, row, code);
    if (step === null) return 'wrong';
    const [taken] = await db
      .update(secondFactors)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(secondFactors.userId, row.userId),
          or(isNull(secondFactors.lastTimeStep), lt(secondFactors.lastTimeStep, step)),
        ),
      )
      .returning({ userId: secondFactors.userId });
    return taken ? 'accepted' : 'replayed';
  }
  const recovery = normalizeRecoveryCode(code);
  if (!RECOVERY_CODE.test(recovery)) return 'wrong';
  // Looked up by its digest: nothing about a stored code can be learnt from the timing.
  const [spent] = await db
    .update(secondFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(secondFactorRecoveryCodes.userId, row.userId),
        eq(secondFactorRecoveryCodes.codeHash, sha256(recovery)),
        isNull(secondFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: secondFactorRecoveryCodes.id });
  return spent ? 'accepted' : 'wrong';
}

// ---- Challenges --------------------------------------------------------------------------

export interface Challenge {
  challenge: string;
  step: SecondFactorStep;
  expiresAt: string;
}

export async function issueChallenge(
  db: Database,
  userId: number,
  step: SecondFactorStep,
): Promise<Challenge> {
  const challenge = randomToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // Old challenges go as new ones come: the table stays the size of the sign-ins under way.
  await db
    .delete(secondFactorChallenges)
    .where(lt(secondFactorChallenges.expiresAt, new Date(Date.now() - 3_600_000)));
  await db
    .insert(secondFactorChallenges)
    .values({ challengeHash: sha256(challenge), userId, step, expiresAt });
  return { challenge, step, expiresAt: expiresAt.toISOString() };
}

export type ChallengeRow = typeof secondFactorChallenges.$inferSelect;

/** The challenge while it is valid (not used, not expired), else undefined. */
export async function openChallenge(
  db: Database,
  challenge: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(secondFactorChallenges)
    .where(
      and(
        eq(secondFactorChallenges.challengeHash, sha256(challenge)),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Spends the challenge; false when another request spent it first. */
export async function closeChallenge(db: Database, row: ChallengeRow): Promise<boolean> {
  const closed = await db
    .update(secondFactorChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(secondFactorChallenges.challengeHash, row.challengeHash),
        isNull(secondFactorChallenges.usedAt),
      ),
    )
    .returning({ hash: secondFactorChallenges.challengeHash });
  return closed.length > 0;
}
