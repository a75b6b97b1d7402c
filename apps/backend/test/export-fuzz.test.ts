import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredComponents } from '../src/access/components.js';
import { loadContract, type Operation } from '../src/contract.js';
import type { ContractName } from '../src/openapi.js';
import { createTestContext, type ApiResponse, type TestContext } from './helpers/context.js';
import { fileOperations, operationParameters, type ResolvedParameter } from './helpers/contract.js';
import { EXAMPLES } from './matrix/examples.js';
import { createFixtures, type Caller, type Fixtures } from './matrix/roles.js';

/**
 * Every operation that answers a file (spreadsheets, calendars, zips, PDFs…), sent bad
 * parameters: each must be refused with a French 400 or 422 in JSON before the first byte of
 * the file, never answered 200 and then cut, never a 5xx. The bad values are derived from each
 * parameter's schema in the contract (wrong type, out of range, huge, NUL, unknown value, too
 * many items); the valid request they are grafted on is the operation's authorization-matrix
 * example.
 */

interface Target {
  /** Who calls: the agent (Claire, CGP0001) wherever he may, so that his scope is exercised. */
  caller: 'agent' | 'admin';
  /**
   * Spellings the contract does not declare but the server reads (`years[]` for `years`), with
   * a bad value: they must be refused too.
   */
  undeclared?: string[];
}

const TARGETS: Record<string, Target> = {
  'main:dispatchMappingTemplate': { caller: 'admin' },
  'main:downloadFolder': { caller: 'agent' },
  'main:downloadInvoice': { caller: 'agent' },
  'main:downloadInvoices': { caller: 'agent' },
  'main:downloadLibraryFile': { caller: 'agent' },
  'main:downloadProspectFile': { caller: 'agent' },
  'main:exportAuditEntries': { caller: 'admin' },
  'main:exportCustomer': { caller: 'agent', undeclared: ['years[]=1&years[]=2'] },
  'main:exportCustomers': { caller: 'agent', undeclared: ['years[]=1&years[]=2'] },
  'main:exportMyRemindersIcs': { caller: 'agent' },
  'main:exportProspects': { caller: 'agent' },
  'main:exportReminderIcs': { caller: 'agent' },
  'main:exportStatisticsInvestments': { caller: 'admin' },
  'main:exportStatisticsRealEstate': { caller: 'admin' },
  'main:exportStatisticsTauxUc': { caller: 'admin' },
  'main:exportStatisticsTeam': { caller: 'admin' },
  'main:exportTeamData': { caller: 'agent' },
  'main:exportTeamEventCounts': { caller: 'agent' },
  'main:exportTeamEvents': { caller: 'agent' },
  'main:exportTeamInvestment': { caller: 'agent' },
  'main:exportTeamRealEstate': { caller: 'agent' },
  'main:exportTeamSales': { caller: 'agent' },
  'main:exportTrackingClicks': { caller: 'admin' },
  'main:exportTrackingDocuments': { caller: 'admin' },
  'main:exportTrackingPages': { caller: 'admin' },
  'main:exportTrackingSessions': { caller: 'admin' },
  'main:exportTrackingTopConsultants': { caller: 'admin' },
  'main:exportTrackingTopDocuments': { caller: 'admin' },
  'main:exportTrackingTopPages': { caller: 'admin' },
  'main:exportVentesOrions': { caller: 'agent' },
  'main:exportVentesValoriciels': { caller: 'agent' },
  'main:exportVlps': { caller: 'agent' },
  'main:userImportTemplate': { caller: 'admin' },
  'training:exportMyTrainingHistory': { caller: 'agent' },
};

interface Bad {
  label: string;
  /** One value, or a list sent as repeated parameters. */
  value: string | string[];
}

const typesOf = (schema: Record<string, unknown>) => [schema.type].flat().map(String);

/** A value the schema takes, to fill a list past its `maxItems`. */
function goodValue(schema: Record<string, unknown>): string | undefined {
  const enumValues = (schema.enum as unknown[] | undefined)?.map(String).filter((v) => v !== '');
  if (enumValues?.length) return enumValues[0];
  if (typesOf(schema).some((t) => t === 'integer' || t === 'number'))
    return String(schema.minimum ?? 1);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  return ['2025', '1', 'a'].find((candidate) => !pattern || pattern.test(candidate));
}

/** Values the parameter's schema refuses, each named by what is wrong with it. */
function badValues(schema: Record<string, unknown>): Bad[] {
  const bad: Bad[] = [{ label: 'NUL', value: 'a\u0000b' }];
  const types = typesOf(schema);
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as Record<string, unknown>;
    for (const item of badValues(items).slice(1))
      bad.push({ label: `item ${item.label}`, value: [item.value].flat() });
    const good = goodValue(items);
    if (typeof schema.maxItems === 'number' && good !== undefined)
      bad.push({ label: 'too many items', value: Array(schema.maxItems + 1).fill(good) });
    return bad;
  }
  if (types.includes('integer')) {
    bad.push({ label: 'wrong type', value: 'abc' }, { label: 'not an integer', value: '1.5' });
    bad.push({ label: 'huge', value: '9'.repeat(30) });
    if (typeof schema.minimum === 'number')
      bad.push({ label: 'below the minimum', value: String(schema.minimum - 1) });
    if (typeof schema.maximum === 'number')
      bad.push({ label: 'above the maximum', value: String(schema.maximum + 1) });
  } else if (types.includes('number')) {
    bad.push({ label: 'wrong type', value: 'abc' }, { label: 'infinite', value: '1e400' });
  } else if (types.includes('boolean')) {
    bad.push({ label: 'wrong type', value: 'peut-être' });
  } else if (types.includes('string')) {
    if (Array.isArray(schema.enum)) bad.push({ label: 'unknown value', value: 'inconnu' });
    if (typeof schema.maxLength === 'number')
      bad.push({ label: 'huge', value: 'x'.repeat(schema.maxLength + 1) });
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      bad.push({ label: 'empty', value: '' });
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern, 'u');
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
      // Out-of-range years (`1`, `99999`), a day that does not exist, a wrong shape.
      for (const candidate of ['1', '99999', '2025-02-30', 'abc!'])
        if (!pattern.test(candidate) && candidate.length <= maxLength)
          bad.push({ label: `not matching its pattern (${candidate})`, value: candidate });
    }
    if (schema.format === 'date')
      bad.push(
        { label: 'not a day', value: '2025-02-30' },
        { label: 'not a date', value: 'demain' },
      );
  }
  return bad;
}

interface Case {
  label: string;
  url: string;
  /**
   * A spelling the contract does not declare: the server may ignore it (a whole file), or
   * read it and then refuse a bad value first.
   */
  mayBeIgnored?: boolean;
}

const encode = (name: string, value: string | string[]) =>
  [value]
    .flat()
    .map((v) => `${name}=${encodeURIComponent(v)}`)
    .join('&');

/** The valid request with one parameter replaced by each of its bad values. */
function casesOf(operation: Operation, parameters: ResolvedParameter[], path: string): Case[] {
  const [pathname, search = ''] = path.split('?') as [string, string?];
  const pairs = search.split('&').filter(Boolean);
  const nameOf = (pair: string) => decodeURIComponent(pair.split('=')[0]!);
  const withQuery = (name: string, query: string) =>
    `${pathname}?${[...pairs.filter((pair) => nameOf(pair) !== name), query].join('&')}`;
  const cases: Case[] = [];
  for (const parameter of parameters) {
    const bad = badValues(parameter.schema);
    if (parameter.in === 'path') {
      const index = operation.path.split('/').indexOf(`{${parameter.name}}`);
      for (const { label, value } of bad) {
        const segments = pathname.split('/');
        segments[index] = encodeURIComponent([value].flat()[0]!);
        cases.push({
          label: `path ${parameter.name}: ${label}`,
          url: `${segments.join('/')}${search ? `?${search}` : ''}`,
        });
      }
    } else if (parameter.in === 'query') {
      for (const { label, value } of bad)
        cases.push({
          label: `${parameter.name}: ${label}`,
          url: withQuery(parameter.name, encode(parameter.name, value)),
        });
      // The list spelling of a single parameter (`status[]`), unless the contract declares it.
      const list = `${parameter.name}[]`;
      const firstBad = bad.find((b) => b.label !== 'NUL');
      if (!parameter.name.endsWith('[]') && firstBad && !parameters.some((p) => p.name === list))
        cases.push({
          label: `${list} (undeclared): ${firstBad.label}`,
          url: withQuery(list, encode(list, [firstBad.value, firstBad.value].flat())),
          mayBeIgnored: true,
        });
    }
  }
  return cases;
}

/** What is wrong with an answer to a bad request, or null when it is a proper refusal. */
function problemOf(response: ApiResponse, mayBeIgnored: boolean): string | null {
  if (response.status >= 500) return `${response.status} ${response.text.slice(0, 200)}`;
  if (mayBeIgnored && response.status === 200) return null;
  if (response.status !== 400 && response.status !== 422)
    return `${response.status} instead of 400 or 422`;
  if (!/json/.test(String(response.headers['content-type'])))
    return `${response.status} as ${String(response.headers['content-type'])}`;
  if (response.headers['content-disposition'] !== undefined) return 'an attachment header';
  const description = String(response.body['hydra:description'] ?? '');
  // French: the house messages all carry an accent ('Requête invalide.', 'caractère nul'…).
  if (!/[àâçéèêëîïôûùœ«»’]/i.test(description)) return `not French: ${description}`;
  return null;
}

const CONTRACTS: ContractName[] = ['main', 'training'];
const operations = CONTRACTS.flatMap((name) => {
  const contract = loadContract(name);
  return fileOperations(name).map((operation) => ({
    name,
    operation,
    key: `${name}:${operation.operationId}`,
    parameters: operationParameters(contract, operation),
  }));
});

let ctx: TestContext;
let fx: Fixtures;
beforeAll(async () => {
  ctx = await createTestContext({ EXPORT_CONCURRENCY: '100' });
  fx = await createFixtures(ctx);
});
afterAll(() => ctx?.close());

describe('file operations under bad parameters', () => {
  it('has a target for every operation of the contracts that answers a file', () => {
    expect(operations.map((o) => o.key).sort()).toEqual(Object.keys(TARGETS).sort());
  });

  for (const { name, operation, key, parameters } of operations) {
    const target = TARGETS[key];
    if (!target) continue;
    it(`${key}: a French 400 or 422 before any byte, never a cut file`, async () => {
      const caller: Caller = target.caller === 'agent' ? fx.agent : fx.admin;
      const call = name === 'main' ? ctx.api : ctx.trainingApi;
      const required = requiredComponents(operation);
      expect(
        required.length === 0 || required.some((component) => caller.components.has(component)),
        `${target.caller} may call ${key}`,
      ).toBe(true);
      const { path } = await EXAMPLES[key]!.request({ fx, role: target.caller, caller });
      const valid = await call(operation.method, path, { token: caller.token });
      expect(valid.status, `the valid request ${path}: ${valid.text.slice(0, 300)}`).toBe(200);

      const cases: Case[] = [
        ...casesOf(operation, parameters, path),
        ...(target.undeclared ?? []).map((query) => ({
          label: `undeclared ${query}`,
          url: `${path}${path.includes('?') ? '&' : '?'}${query}`,
        })),
      ];
      const problems: string[] = [];
      for (const { label, url, mayBeIgnored = false } of cases) {
        try {
          const response = await call(operation.method, url, { token: caller.token });
          const problem = problemOf(response, mayBeIgnored);
          if (problem) problems.push(`${label} (${url.slice(0, 120)}): ${problem}`);
        } catch (error) {
          // An injected request fails when its answer is cut after the first bytes.
          problems.push(`${label} (${url.slice(0, 120)}): ${String(error).slice(0, 200)}`);
        }
      }
      expect(problems, `${cases.length} cases`).toEqual([]);
    });
  }
});
