import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work belongs to, carried through its awaits: the job queue reads it
 * when a job is sent, so that the job's log lines name the request that asked for it.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/** Runs `work` as part of request `requestId` (no request: as it is). */
export const withRequestId = <T>(requestId: string | undefined, work: () => T): T =>
  requestId === undefined ? work() : requestContext.run({ requestId }, work);
