import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from '../http/errors.js';

/** Claims carried by a bearer token. */
export interface TokenClaims {
  sub: string;
  roles: string[];
  username: string;
  sid: string;
  /** Impersonation: the administrator's user id, and the impersonation_audit row. */
  imp?: number;
  impAudit?: number;
  [claim: string]: unknown;
}

export interface TokenSettings {
  jwtSecret: string;
  tokenTtlSeconds: number;
}

const REGISTERED = ['iat', 'exp', 'nbf', 'iss', 'aud', 'jti'];

/** Session ids are uuids (the sessions table's key). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(claims: TokenClaims, settings: TokenSettings): Promise<string> {
  const { sub, ...rest } = withoutRegistered(claims);
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + settings.tokenTtlSeconds)
    .sign(key(settings.jwtSecret));
}

/**
 * Tokens whose signature and claims this process checked, until their `exp`: a request with the
 * same token skips the HMAC (the whole key import and verify of jose, every request). Only the
 * signature is remembered; the session, the user and his rights are read from the database on
 * every request all the same (`principal.ts`), so a revocation holds at once. Bounded: emptied
 * when full.
 */
const verified = new Map<string, { secret: string; claims: TokenClaims }>();
const VERIFIED_MAX = 10_000;

/** Any failure (bad signature, expiry, garbage, missing claims) is the same 401. */
export async function verifyToken(token: string, settings: TokenSettings): Promise<TokenClaims> {
  const known = verified.get(token);
  if (known && known.secret === settings.jwtSecret) {
    // As jose: expired once `exp` is not after the current second.
    if ((known.claims.exp as number) > Math.floor(Date.now() / 1000)) return known.claims;
    verified.delete(token);
    throw unauthorized();
  }
  const claims = await verifySignature(token, settings);
  if (verified.size >= VERIFIED_MAX) verified.clear();
  // Shared by the requests that bear the token: frozen, so that none changes it for the others.
  Object.freeze(claims.roles);
  verified.set(token, { secret: settings.jwtSecret, claims: Object.freeze(claims) });
  return claims;
}

async function verifySignature(token: string, settings: TokenSettings): Promise<TokenClaims> {
  try {
    // A token without `exp` would never expire: refused, whoever signed it.
    const { payload } = await jwtVerify(token, key(settings.jwtSecret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const { sub, roles, username, sid } = payload;
    const valid =
      typeof sub === 'string' &&
      /^\d+$/.test(sub) &&
      Array.isArray(roles) &&
      roles.every((r) => typeof r === 'string') &&
      typeof username === 'string' &&
      typeof sid === 'string' &&
      UUID.test(sid) &&
      optionalId(payload.imp) &&
      optionalId(payload.impAudit) &&
      (payload.imp === undefined) === (payload.impAudit === undefined);
    if (!valid) throw new Error('unexpected claims');
    return payload as TokenClaims;
  } catch {
    throw unauthorized();
  }
}

const optionalId = (value: unknown) =>
  value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0);

/** The claims to copy into another token (hand-off), without the registered time claims. */
export function withoutRegistered(claims: TokenClaims): TokenClaims {
  return Object.fromEntries(
    Object.entries(claims).filter(([name]) => !REGISTERED.includes(name)),
  ) as TokenClaims;
}
