import { hostname } from 'node:os';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The process's one logger: JSON lines on stdout (pino, as Fastify logs), shared by both APIs
 * (each line says which, `api`) and the job queue (`job`, `jobId`, and `reqId` when a request
 * sent the job). Requests' lines carry `reqId`, the id returned in X-Request-Id.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, hostname: hostname() },
      timestamp: stdTimeFunctions.isoTime,
    },
    destination,
  );
}
