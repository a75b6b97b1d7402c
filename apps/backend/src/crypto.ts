import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: reset tokens and hand-off codes. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a database leak does not leak usable tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
