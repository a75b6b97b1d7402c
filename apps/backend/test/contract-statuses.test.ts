import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSelfService } from '../src/access/authorize.js';
import { requiredComponents } from '../src/access/components.js';
import { loadContract, type Contract, type Operation } from '../src/contract.js';
import { isSpreadsheetExport } from '../src/exports/slots.js';
import type { ContractName } from '../src/openapi.js';
import { createTestContext, type CallOptions, type TestContext } from './helpers/context.js';
import { operationParameters } from './helpers/contract.js';
import { createFixtures, type Fixtures } from './matrix/roles.js';

/**
 * The contract declares every status the server can answer: the statuses each operation can
 * produce are derived from the server's rules below (the router, the body parsers, the access
 * checks, the export slots), and each operation must list them. Each rule is also tried on every
 * operation it applies to, so a rule cannot claim what the server does not do.
 *
 * Not per operation: 404 and 405 (a path or method no operation serves), 408 and 431 (Node's
 * HTTP parser, before any route: the contract's description says so), 500 (a bug). Statuses a
 * handler decides itself (404 of a missing record, 409, 422…) are each operation's own and are
 * checked by the response checker of every test that meets them.
 */

interface Probe {
  /** Replaces the operation's path parameters (`{id}`), else `1` for each. */
  path?: (operation: Operation, contract: Contract) => string | null;
  query?: string;
  token?: 'none' | 'bare' | 'admin';
  options?: Omit<CallOptions, 'token'>;
}

interface Rule {
  status: string;
  /** What makes the server answer it. */
  when: string;
  applies: (operation: Operation, contract: Contract) => boolean;
  /** A request every operation the rule applies to answers with `status` (none: see `when`). */
  probe?: Probe;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const takesBody = (operation: Operation) => BODY_METHODS.has(operation.method);

/** A path parameter's value its schema refuses, or null when any text is allowed. */
function refusedValue(schema: Record<string, unknown>): string | null {
  const type = [schema.type].flat();
  if (type.includes('integer') || type.includes('number')) return 'abc';
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test('!'))
    return encodeURIComponent('!');
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  return null;
}

/** The operation's path with one of its parameters out of its schema, or null. */
function pathWithRefusedParameter(operation: Operation, contract: Contract): string | null {
  for (const parameter of operationParameters(contract, operation)) {
    if (parameter.in !== 'path') continue;
    const value = refusedValue(parameter.schema);
    if (value !== null) return operation.path.replace(`{${parameter.name}}`, () => value);
  }
  return null;
}

const filledPath = (path: string) => path.replace(/\{[^}]+\}/g, '1');

const RULES: Rule[] = [
  {
    status: '400',
    when: 'a NUL (U+0000) anywhere in the query string: refused for every route before anything else',
    applies: () => true,
    probe: { query: 'x=%00' },
  },
  {
    status: '400',
    when: 'a path parameter out of its schema (a non-decimal id)',
    applies: (operation, contract) => pathWithRefusedParameter(operation, contract) !== null,
    probe: {
      token: 'admin',
      path: (operation, contract) =>
        filledPath(pathWithRefusedParameter(operation, contract) ?? operation.path),
    },
  },
  {
    status: '400',
    when: 'a malformed JSON body: every body is parsed before the route, whatever it declares',
    applies: takesBody,
    probe: { options: { raw: '{', headers: { 'content-type': 'application/json' } } },
  },
  {
    status: '413',
    when: 'a body over 1 MB (Fastify bodyLimit), read before the route whatever it declares',
    applies: takesBody,
    probe: {
      options: {
        raw: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 1) }),
        headers: { 'content-type': 'application/json' },
      },
    },
  },
  {
    status: '415',
    when: 'a body of a media type no parser reads, or not the one the operation declares',
    applies: takesBody,
    probe: {
      options: { raw: 'x', headers: { 'content-type': 'application/x-portail-inconnu' } },
    },
  },
  {
    status: '401',
    when: 'no bearer token, on an operation that needs one',
    applies: (operation) => operation.requiresAuth,
    probe: { token: 'none' },
  },
  {
    status: '403',
    when: "a caller whose profile holds none of the operation's x-components",
    applies: (operation) => operation.requiresAuth && requiredComponents(operation).length > 0,
    probe: {
      token: 'bare',
      // Self-service operations refuse only on another user's record, after reading its id:
      // the matrix's `otherAccount` cases probe them.
      path: (operation) => (isSelfService(operation) ? null : filledPath(operation.path)),
    },
  },
  {
    status: '422',
    when: "a well-formed body out of the operation's schema (src/contract.ts: one violation per field)",
    applies: (operation) => operation.definition.requestBody !== undefined,
  },
  {
    status: '429',
    when: 'an export beyond EXPORT_CONCURRENCY of the caller (exports/slots.ts)',
    applies: (operation) => isSpreadsheetExport(operation),
  },
];

const CONTRACTS: ContractName[] = ['main', 'training'];
const contracts = Object.fromEntries(CONTRACTS.map((name) => [name, loadContract(name)])) as Record<
  ContractName,
  Contract
>;
const operations = CONTRACTS.flatMap((name) =>
  contracts[name].operations.map((operation) => ({
    name,
    operation,
    key: `${name}:${operation.operationId}`,
  })),
);

describe('the statuses of the contract', () => {
  it('are declared on every operation the server can answer them from', () => {
    const missing = operations.flatMap(({ name, operation, key }) => {
      const declared = new Set(Object.keys(operation.definition.responses ?? {}));
      return RULES.filter(
        (rule) => rule.applies(operation, contracts[name]) && !declared.has(rule.status),
      ).map(
        (rule) => `${key} (${operation.method} ${operation.path}): ${rule.status}, ${rule.when}`,
      );
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  describe('are what the server answers', () => {
    let ctx: TestContext;
    let fx: Fixtures;
    beforeAll(async () => {
      ctx = await createTestContext();
      fx = await createFixtures(ctx);
    });
    afterAll(() => ctx?.close());

    for (const rule of RULES.filter((r) => r.probe)) {
      it(`${rule.status}: ${rule.when}`, async () => {
        const probe = rule.probe!;
        const token = { none: undefined, bare: fx.bareStaff.token, admin: fx.admin.token }[
          probe.token ?? 'none'
        ];
        const wrong: string[] = [];
        let tried = 0;
        for (const { name, operation, key } of operations) {
          const contract = contracts[name];
          if (!rule.applies(operation, contract)) continue;
          const path = probe.path ? probe.path(operation, contract) : filledPath(operation.path);
          if (path === null) continue;
          const url = probe.query ? `${path}?${probe.query}` : path;
          const call = name === 'main' ? ctx.api : ctx.trainingApi;
          tried += 1;
          try {
            // The response checker fails the call when the status is not declared.
            const response = await call(operation.method, url, { ...probe.options, token });
            if (String(response.status) !== rule.status)
              wrong.push(`${key} ${operation.method} ${url.slice(0, 80)}: ${response.status}`);
          } catch (error) {
            wrong.push(`${key}: ${String(error).slice(0, 160)}`);
          }
        }
        expect(tried).toBeGreaterThan(0);
        expect(wrong).toEqual([]);
      });
    }
  });
});
