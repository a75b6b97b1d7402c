import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSelfService } from '../src/access/authorize.js';
import { requiredComponents } from '../src/access/components.js';
import { loadContract, type Operation } from '../src/contract.js';
import type { ContractName } from '../src/openapi.js';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import {
  EXAMPLES,
  type BeyondRightsExample,
  type Example,
  type ForeignExample,
} from './matrix/examples.js';
import {
  createFixtures,
  LESSER_STAFF_COMPONENTS,
  ROLES,
  type Caller,
  type Fixtures,
  type Role,
} from './matrix/roles.js';

/**
 * Every operation of both contracts, called by every kind of caller, with the status the
 * access model gives: 401 without a token, 403 without one of the operation's
 * `x-components`, the example's own status once past the checks.
 */
const CONTRACTS: ContractName[] = ['main', 'training'];
const operations = CONTRACTS.flatMap((contract) =>
  loadContract(contract).operations.map((operation) => ({
    contract,
    operation,
    key: `${contract}:${operation.operationId}`,
  })),
);

/** Parameters that name an agent's records: an agent's call with them must stay in scope. */
const AGENT_PARAMETERS =
  /^(cgpId|idCgp|agentId|consultant\.id|consultantId|sessionId|userId|user\.cgpId|applicant\.id|bddConsultant\.idCgp|user\.email)$/;

/**
 * Written out, not derived from `x-components`, so that a gate dropped from the contract fails
 * here. Operations open to any signed-in user (or to anyone: sign-in, reset, hand-off exchange,
 * public settings, the probes); each keeps its own checks (own session, own records).
 */
const UNGATED = new Set([
  'main:login',
  'main:getCurrentUser',
  'main:createHandoff',
  'main:exchangeHandoff',
  'main:requestPasswordReset',
  'main:resetPassword',
  'main:getAccount',
  'main:getCgp',
  'main:getPublicSettings',
  'main:exitImpersonation',
  'main:createTrackingEvents',
  'main:listMyNewsLists',
  'main:updateNewsList',
  'main:clearLoginAgent',
  'main:listNotificationLists',
  'main:markNotificationListsRead',
  'main:logout',
  'main:changePassword',
  // The second factor: its sign-in step (the challenge names the account) and the caller's own.
  'main:verifySecondFactor',
  'main:startSecondFactorEnrolmentAtSignIn',
  'main:getSecondFactor',
  'main:startSecondFactorEnrolment',
  'main:confirmSecondFactorEnrolment',
  'main:regenerateSecondFactorRecoveryCodes',
  // The helpdesk signs on whoever is signed in; the allow-list guards where he is sent.
  'main:getHelpdeskSsoUrl',
  // The load balancer's probes.
  'main:getHealth',
  'main:getReadiness',
]);

/**
 * What a suspended account may still call (written out, as UNGATED): his session and signing
 * out. Everything else needing a token answers 403 'Votre compte est désactivé.'.
 */
const OPEN_TO_SUSPENDED = new Set(['main:getCurrentUser', 'main:logout']);

/** Staff operations: the agent profile is refused, whatever the contract says. */
const STAFF_ONLY = new Set([
  'main:listComponents',
  'main:updateComponent',
  'main:listProfiles',
  'main:createProfile',
  'main:deleteProfile',
  'main:listAdministrations',
  'main:createAdministration',
  'main:updateAdministration',
  'main:listUsers',
  'main:getUser',
  'main:impersonateUser',
  'main:listImpersonations',
  'main:listTrainingRoleMappings',
  'main:updateTrainingRoleMappings',
  'main:createNews',
  'main:deleteNews',
  'main:updateNews',
  'main:listNotifications',
  'main:createNotification',
  'main:updateNotification',
  'main:listNotificationRules',
  'main:updateNotificationRule',
  'main:createMediaObject',
  'main:deleteMediaObject',
  'main:listImageBanks',
  'main:createImageBank',
  'main:updateImageBank',
  'main:getUserSecondFactor',
  'main:resetUserSecondFactor',
]);

let ctx: TestContext;
let fx: Fixtures;
let ran = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_RATE_LIMIT: '10000',
    LOGIN_IP_RATE_LIMIT: '10000',
    RESET_RATE_LIMIT: '10000',
  });
  fx = await createFixtures(ctx);
});
afterAll(async () => {
  console.log(
    `Authorization matrix: ${ran} cases over ${operations.length} operations (${CONTRACTS.join(', ')}).`,
  );
  await ctx?.close();
});

function successStatus(operation: Operation, example: Example): number {
  if (example.success) return example.success;
  const documented = Object.keys(operation.definition.responses ?? {}).find((s) =>
    /^2\d\d$/.test(s),
  );
  if (!documented) throw new Error(`${operation.operationId} documents no 2xx answer`);
  return Number(documented);
}

const listOf = <T>(value: T | T[] | string | undefined): T[] =>
  value === undefined || typeof value === 'string' ? [] : Array.isArray(value) ? value : [value];
const foreignExamples = (example: Example | undefined): ForeignExample[] =>
  listOf(example?.foreign);
const beyondExamples = (example: Example | undefined): BeyondRightsExample[] =>
  listOf(example?.beyondRights);

/**
 * The cases of one operation: each role once, the out-of-scope and beyond-rights roles once per
 * example, the suspended account on the operations needing a token.
 */
interface Case {
  label: string;
  role: Role;
  variant: number;
}

function casesOf(operation: Operation, example: Example | undefined): Case[] {
  const variants = (role: Role, examples: unknown[]) =>
    examples.map((_, variant) => ({ label: `${role} #${variant + 1}`, role, variant }));
  return ROLES.flatMap((role): Case[] => {
    if (role === 'agentOnOther') return variants(role, foreignExamples(example));
    if (role === 'staffBeyondRights') return variants(role, beyondExamples(example));
    if (role === 'suspended' && !operation.requiresAuth) return [];
    return [{ label: role, role, variant: 0 }];
  });
}

const holdsAny = (caller: Caller, names: string[]) => names.some((n) => caller.components.has(n));

const ACCESS_DENIED = 'Accès refusé.';

interface Plan {
  caller: Caller | null;
  build: Example['request'];
  expected: number;
  /** The `hydra:description` of a 403 from the router (component gate, suspended account). */
  refusal: string | null;
}

function plan(
  role: Role,
  key: string,
  operation: Operation,
  example: Example,
  variant: number,
): Plan {
  const required = requiredComponents(operation);
  if (STAFF_ONLY.has(key) && (role === 'agent' || role === 'agentOnOther')) {
    const build = role === 'agent' ? example.request : foreignExamples(example)[variant]!.request;
    return { caller: fx.agent, build, expected: 403, refusal: ACCESS_DENIED };
  }
  const success = successStatus(operation, example);
  // Self-service: his own account is open to every caller; another user's takes the gate.
  const selfService = isSelfService(operation);
  const other = (): Example['request'] => {
    if (!example.otherAccount) throw new Error(`${key} is self-service: give its otherAccount`);
    return example.otherAccount;
  };
  if (selfService && role === 'agent')
    return { caller: fx.agent, build: example.request, expected: success, refusal: null };
  const allowed = (caller: Caller) =>
    !operation.requiresAuth || required.length === 0 || holdsAny(caller, required);
  const outcome = (caller: Caller, status: number) => ({
    caller,
    expected: allowed(caller) ? status : 403,
    refusal: allowed(caller) ? null : ACCESS_DENIED,
  });
  switch (role) {
    case 'anonymous':
      return {
        caller: null,
        build: example.request,
        expected: operation.requiresAuth ? 401 : success,
        refusal: null,
      };
    case 'agent':
      return { ...outcome(fx.agent, success), build: example.request };
    case 'agentOnOther': {
      const foreign = foreignExamples(example)[variant]!;
      return { ...outcome(fx.agent, foreign.status), build: foreign.request };
    }
    case 'staffLacking': {
      const caller =
        required.length === 0 || !holdsAny(fx.communication, required)
          ? fx.communication
          : fx.bareStaff;
      return { ...outcome(caller, success), build: selfService ? other() : example.request };
    }
    case 'staffBeyondRights': {
      const beyond = beyondExamples(example)[variant]!;
      const caller = beyond.caller === 'communication' ? fx.communication : fx.lesserStaff;
      expect(allowed(caller), 'a beyond-rights example passes the component gate').toBe(true);
      return { ...outcome(caller, beyond.status), build: beyond.request };
    }
    case 'suspended': {
      const open = OPEN_TO_SUSPENDED.has(key);
      return {
        caller: fx.suspended,
        build: example.request,
        expected: open ? success : 403,
        refusal: open ? null : 'Votre compte est désactivé.',
      };
    }
    case 'admin':
      expect(allowed(fx.admin), 'the administrator holds every component').toBe(true);
      return {
        ...outcome(fx.admin, success),
        build: selfService ? other() : example.request,
      };
  }
}

describe('authorization matrix', () => {
  it('has an example for every operation, and none for a missing one', () => {
    const keys = new Set(operations.map((o) => o.key));
    expect(operations.filter((o) => !EXAMPLES[o.key]).map((o) => o.key)).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('names only seeded components in x-components', () => {
    const known = new Set(COMPONENT_CATALOGUE.map((c) => c.name));
    const unknown = operations.flatMap((o) =>
      requiredComponents(o.operation)
        .filter((name) => !known.has(name))
        .map((name) => `${o.key}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('gates every operation but the written-out open ones', () => {
    const open = operations.filter((o) => requiredComponents(o.operation).length === 0);
    expect(open.map((o) => o.key).sort()).toEqual([...UNGATED].sort());
    const unknown = [...STAFF_ONLY].filter((k) => !operations.some((o) => o.key === k));
    expect(unknown).toEqual([]);
  });

  it('says what going beyond his rights means for every operation the lesser staff may call', () => {
    const lesser = new Set(LESSER_STAFF_COMPONENTS);
    const lacking = operations.filter(
      ({ operation, key }) =>
        requiredComponents(operation).some((name) => lesser.has(name)) &&
        EXAMPLES[key]?.beyondRights === undefined,
    );
    expect(lacking.map((o) => o.key)).toEqual([]);
    expect(fx.lesserStaff.components).toEqual(lesser);
  });

  it('has an out-of-scope example for every operation taking an agent parameter', () => {
    const lacking = operations.filter(({ operation, key }) => {
      const names = ((operation.definition.parameters ?? []) as { name?: string }[]).map(
        (p) => p.name ?? '',
      );
      const takesAgent =
        names.some((n) => AGENT_PARAMETERS.test(n)) ||
        /\{(cgpId|idCgp|agentId)\}/.test(operation.path);
      return takesAgent && typeof EXAMPLES[key]?.foreign === 'string';
    });
    expect(lacking.map((o) => o.key)).toEqual([]);
  });

  it("refuses every self-service operation on another user's account to an agent", () => {
    const lacking = operations.filter(({ operation, key }) => {
      if (!isSelfService(operation)) return false;
      const example = EXAMPLES[key];
      const foreign = foreignExamples(example);
      return (
        requiredComponents(operation).length === 0 ||
        !example?.otherAccount ||
        foreign.length === 0 ||
        foreign.some((f) => f.status !== 403)
      );
    });
    expect(lacking.map((o) => o.key)).toEqual([]);
  });

  describe.each(operations)('$key', ({ contract, operation, key }) => {
    const example = EXAMPLES[key];
    it.each(casesOf(operation, example))('$label', async ({ role, variant }) => {
      if (!example)
        throw new Error(
          `No matrix example for ${key}: add one to its domain file in test/matrix/examples/`,
        );
      const { caller, build, expected, refusal } = plan(role, key, operation, example, variant);
      const request = await build({ fx, role, caller });
      const call = contract === 'main' ? ctx.api : ctx.trainingApi;
      const response = await call(operation.method, request.path, {
        token: request.token ?? caller?.token,
        body: request.body,
        raw: request.raw,
        headers: request.headers,
      });
      expect(response.status, `${role} ${operation.method} ${request.path}: ${response.text}`).toBe(
        expected,
      );
      if (refusal) expect(response.body['hydra:description']).toBe(refusal);
      if (role === 'agentOnOther' && !refusal)
        await foreignExamples(example)[variant]!.check?.(response);
      if (role === 'staffBeyondRights') await beyondExamples(example)[variant]!.check?.(response);
      ran++;
    });
  });
});
