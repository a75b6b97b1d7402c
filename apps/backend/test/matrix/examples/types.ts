import type { ApiResponse } from '../../helpers/context.js';
import type { Caller, Fixtures, Role } from '../roles.js';

export interface MatrixRequest {
  /** Path and query string. */
  path: string;
  body?: unknown;
  /** Sent as is (multipart uploads), with `headers` giving the content type. */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** Replaces the caller's token (impersonated tokens). */
  token?: string;
}

export interface CaseInput {
  fx: Fixtures;
  role: Role;
  /** Null for the anonymous caller. */
  caller: Caller | null;
}

export type Build = (input: CaseInput) => MatrixRequest | Promise<MatrixRequest>;

export interface ForeignExample {
  request: Build;
  status: number;
  check?: (response: ApiResponse) => void | Promise<void>;
}

/**
 * A staff caller aimed beyond his rights: the lesser staff (every user and profile
 * administration component, nothing else) at an account or a profile holding more than he
 * holds, or Communication (no agent-data component) at an agent's own records. `status` is what
 * he gets; examples within his rights may sit beside them, so that the refusal is not a blanket.
 */
export interface BeyondRightsExample extends ForeignExample {
  /** The lesser staff unless said. */
  caller?: 'lesserStaff' | 'communication';
}

export interface Example {
  /** A request the caller would make on his own records (the agent: Claire, CGP0001). */
  request: Build;
  /** Status once the access checks pass; the first documented 2xx by default. */
  success?: number;
  /**
   * For an `x-self-service` operation, the same operation on another user's account: the
   * administrator's call (the example's status) and the staff lacking the components' (403);
   * `request` is then the caller's own account, open to every signed-in caller.
   */
  otherAccount?: Build;
  /**
   * The same operation aimed at another agent's records, with the status an agent allowed to
   * call the operation gets; or why the operation has no agent records.
   */
  foreign: ForeignExample | ForeignExample[] | string;
  /**
   * The operation called by a staff user beyond his rights (`BeyondRightsExample`), or why it
   * has no such case. Required of every operation the lesser staff may call.
   */
  beyondRights?: BeyondRightsExample | BeyondRightsExample[] | string;
}
