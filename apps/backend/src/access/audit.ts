import type { FastifyInstance } from 'fastify';
import { verifyToken, type TokenSettings } from '../auth/tokens.js';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Records every mutating request made with an impersonated token (claim `imp`), whatever
 * its outcome. Written in onSend rather than onResponse so that the row exists before the
 * client sees the answer; a failure to write it is logged, not turned into an error.
 */
export function registerImpersonationAudit(
  app: FastifyInstance,
  db: Database,
  settings: TokenSettings,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!MUTATING.has(request.method)) return payload;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) return payload;
    const claims = await verifyToken(match[1]!, settings).catch(() => null);
    if (claims?.imp === undefined) return payload;
    try {
      await db.insert(auditLog).values({
        userId: Number(claims.sub),
        impersonatorId: claims.imp,
        impersonationId: claims.impAudit ?? null,
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'impersonation audit not written');
    }
    return payload;
  });
}
