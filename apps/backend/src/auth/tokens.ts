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

/** Any failure (bad signature, expiry, garbage, missing claims) is the same 401. */
export async function verifyToken(token: string, settings: TokenSettings): Promise<TokenClaims> {
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
