import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Contract } from '../src/contract.js';
import { createAjv, documentId, joinPointer, locate, type ContractName } from '../src/openapi.js';
import { yearsOf } from '../src/resources/clients.js';
import { parseDate, parseId, parseNumber } from '../src/resources/values.js';
import { createTestContext, type TestContext } from './helpers/context.js';

/**
 * The contract is never looser than the server: a query value the contract allows is never
 * refused (the fuzzer's 400s the contract did not predict), and no query it allows is too long
 * for the server to read (Node answers 431 beyond 16 KiB of request line and headers).
 */

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
  /** JSON pointer of the parameter in the document. */
  pointer: string;
}

const contracts = { main: loadContract('main'), training: loadContract('training') };

function parametersOf(contract: Contract, operationId: string): Parameter[] {
  const operation = contract.operations.find((o) => o.operationId === operationId)!;
  const owners = [joinPointer('#/paths', operation.path), operation.pointer];
  return owners.flatMap((owner) => {
    const list = (locate<{ parameters?: unknown[] }>(contract.document, owner).value.parameters ??
      []) as unknown[];
    return list.map((_, index) => {
      const { value, pointer } = locate<Parameter>(
        contract.document,
        joinPointer(owner, 'parameters', index),
      );
      return { ...value, pointer };
    });
  });
}

const deref = (contract: Contract, schema: Schema): Schema =>
  typeof schema.$ref === 'string'
    ? deref(contract, locate<Schema>(contract.document, schema.$ref).value)
    : schema;

/** Ajv as the router validates parameters (types coerced from the query string). */
const validators = Object.fromEntries(
  (['main', 'training'] as ContractName[]).map((name) => [
    name,
    createAjv(name, contracts[name].document, { coerce: true }),
  ]),
);
function allows(
  operationId: string,
  name: string,
  value: unknown,
  contract: ContractName = 'main',
) {
  const parameter = parametersOf(contracts[contract], operationId).find((p) => p.name === name);
  if (!parameter) throw new Error(`${operationId} has no parameter ${name}`);
  const validate = validators[contract]!.compile({
    type: 'object',
    properties: {
      value: { $ref: `${documentId(contract)}${joinPointer(parameter.pointer, 'schema')}` },
    },
  });
  return validate({ value });
}
const compiled = new Map<string, (value: unknown) => boolean>();
function schemaAllows(schema: string, value: string): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = validators.main!.compile({
      $ref: `${documentId('main')}#/components/schemas/${schema}`,
    }) as (value: unknown) => boolean;
    compiled.set(schema, validate);
  }
  return validate(value);
}

const accepts = (parse: () => unknown) => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

/** Node's limit on the request line and headers, less room for the headers themselves. */
const HEADER_LIMIT = 16 * 1024;
const HEADERS_ALLOWANCE = 2 * 1024;

/**
 * The longest a value of the schema can be once percent-encoded: a free-text character may be
 * a 4-byte UTF-8 sequence (12 bytes encoded), a pattern's are ASCII (3 bytes at most).
 */
function longestValue(contract: Contract, schema0: Schema): number {
  const schema = deref(contract, schema0);
  const encoded = (value: unknown) => encodeURIComponent(String(value)).length;
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map(encoded));
  if (schema.type === 'boolean') return 'false'.length;
  if (schema.type === 'integer' && typeof schema.maximum === 'number')
    return Math.max(String(schema.maximum).length, String(schema.minimum ?? '').length);
  // The longest shortest-form double: -1.7976931348623157e+308.
  if (schema.type === 'number') return 24;
  if (schema.type === 'string' && schema.format === 'uuid') return 36;
  if (schema.type === 'string' && typeof schema.maxLength === 'number')
    return schema.maxLength * (typeof schema.pattern === 'string' ? 3 : 12);
  return Infinity;
}

function longestRequestTarget(contract: Contract, operationId: string): number {
  const operation = contract.operations.find((o) => o.operationId === operationId)!;
  let length = operation.path.length;
  for (const parameter of parametersOf(contract, operationId)) {
    const schema = deref(contract, parameter.schema);
    const name = encodeURIComponent(parameter.name).length;
    if (parameter.in === 'path') length += longestValue(contract, schema);
    else if (schema.type === 'array')
      length +=
        (typeof schema.maxItems === 'number' ? schema.maxItems : Infinity) *
        (name + 2 + longestValue(contract, schema.items as Schema));
    else length += name + 2 + longestValue(contract, schema);
  }
  return length;
}

describe('the query parameters of the contract', () => {
  it('are all bounded, so that no request the contract allows is too long to be read', () => {
    const tooLong: string[] = [];
    for (const contract of Object.values(contracts)) {
      for (const operation of contract.operations) {
        const length = longestRequestTarget(contract, operation.operationId);
        if (!(length <= HEADER_LIMIT - HEADERS_ALLOWANCE))
          tooLong.push(`${contract.name} ${operation.operationId}: ${length}`);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('declare the dates the server reads, and only those', () => {
    const days: string[] = [];
    for (const year of ['0099', '0999', '1000', '1900', '2000', '2023', '2024', '9996', '9999'])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++)
          days.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    const times = [
      '',
      'T00:00',
      ' 23:59',
      'T23:59:59',
      'T12:30:15.123456789',
      'T12:30Z',
      'T12:30:15.5+23:59',
      'T12:30:15-14:00',
      'T24:00',
      'T12:60',
      'T12:30:60',
      'T12:30+24:00',
      'T12:30:15.1234567890',
      't12:30',
    ];
    let allowed = 0;
    for (const day of days)
      for (const time of times) {
        const value = `${day}${time}`;
        if (!schemaAllows('DateParameter', value)) continue;
        allowed++;
        expect(
          accepts(() => parseDate('date', value)),
          value,
        ).toBe(true);
      }
    expect(allowed).toBeGreaterThan(2000);
    // Every real day of the years 1000 to 9999 is allowed, and the fuzzer's 40 zeros are not.
    for (const day of days)
      if (Number(day.slice(0, 4)) >= 1000 && accepts(() => parseDate('date', day)))
        expect(schemaAllows('DateParameter', day), day).toBe(true);
    for (const value of ['0'.repeat(40), 'FALSE', '2025-02-29', '9999-12-31T23:00-14:00'])
      expect(schemaAllows('DateParameter', value), value).toBe(false);
    expect(schemaAllows('DateParameter', '')).toBe(true);
  });

  it('declare the ids, years and bounds the server reads, and only those', () => {
    const ids = ['0', '12', '2147483647', '0000000012', '/consultants/12', '/a.b//c_d/7', ''];
    for (const value of ids) {
      expect(schemaAllows('IdParameter', value), value).toBe(true);
      if (value !== '')
        expect(
          accepts(() => parseId('id', value)),
          value,
        ).toBe(true);
    }
    for (const value of [
      'abc',
      '2147483648',
      '99999999999',
      '12/',
      '/a/b/1',
      '/consultants/',
      'é1',
      ' 1',
    ])
      expect(schemaAllows('IdParameter', value), value).toBe(false);
    for (let n = 2147483600; n <= 2147483700; n++)
      expect(schemaAllows('IdParameter', String(n))).toBe(n <= 2147483647);

    for (const value of ['', '2025', '2024,2025,2026'])
      expect(
        schemaAllows('YearsParameter', value) && accepts(() => yearsOf({ years: value })),
      ).toBe(true);
    for (const value of ['9', '20255', '2025,', 'abcd'])
      expect(schemaAllows('YearsParameter', value), value).toBe(false);

    for (const value of ['1000..5000', '-2.5..0', '0..0.001']) {
      expect(schemaAllows('RangeBetweenParameter', value), value).toBe(true);
      expect(value.split('..').map((bound) => parseNumber('amount', bound))).toHaveLength(2);
    }
    for (const value of ['1000', '1..2..3', 'a..b', '1e3..2', '..5'])
      expect(schemaAllows('RangeBetweenParameter', value), value).toBe(false);
  });

  it("predict the fuzzer's 400s", () => {
    expect(allows('listNews', 'date[after]', '0'.repeat(40))).toBe(false);
    expect(allows('listMyNewsLists', 'news.id', 'abc')).toBe(false);
    expect(allows('listVentesValoriciels', 'lastActionAfter', 'FALSE')).toBe(false);
    expect(allows('listCustomers', 'years', '9')).toBe(false);
    for (const operationId of ['listNews', 'listUsers', 'listVentesOrions']) {
      expect(allows(operationId, 'page', '1'.repeat(30))).toBe(false);
      expect(allows(operationId, 'itemsPerPage', '9'.repeat(30))).toBe(false);
      expect(allows(operationId, 'page', '2147483647')).toBe(true);
    }
    expect(allows('listMyTrainingHistory', 'page', '1'.repeat(30), 'training')).toBe(false);
    expect(allows('listVentesOrions', 'consultant.id[]', Array(11).fill('1'))).toBe(false);
    expect(allows('listVentesOrions', 'consultant.id[]', Array(10).fill('/consultants/1'))).toBe(
      true,
    );
    expect(allows('listVentesOrions', 'status[]', ['Validé', 'Encours'])).toBe(true);
  });
});

describe('values the contract allows', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await ctx.login('admin@reseau-patrimoine.fr');
  });
  afterAll(() => ctx?.close());

  it('are never refused, at their extremes', async () => {
    const urls = [
      '/news?page=2147483647&itemsPerPage=2147483647',
      '/news?date[after]=1000-01-01&date[strictly_before]=9999-12-31',
      '/news?date[before]=9998-12-31T23:59:59.999999999-23:59&date[strictly_after]=1000-01-01%2000:00%2B23:59',
      '/news_list/user?news.id=/news/2147483647&itemsPerPage=2147483647',
      '/ventes_valoriciels?lastActionAfter=9999-12-31&lastActionBefore=2024-02-29&exercice=2026',
      '/ventes_orions?amount[between]=-1.5..2&fee[between]=0..00012&exercice[]=2025&exercice[]=0',
      '/ventes_orions?consultant.id[]=0&consultant.id[]=/consultants/2147483647&client.id=0000000001',
      '/ventes_orions?amount[gte]=-1.7976931348623157e308&amount[lt]=1.7976931348623157e%2B308&fee[gt]=5e-324',
      '/vlps?processingDate[after]=2000-02-29T00:00Z&consultant.id=',
      '/clients/clients?years=2024,2025&birthDate[after]=1900-01-01&consultant.id=/consultants/1',
      '/clients?id=2147483647',
      '/administration/impersonations?admin.id=2147483647&startedAt[after]=2024-01-01T10:00',
      '/notification_lists?notification.expireAt[strictly_after]=2024-01-01T10:00:00.000Z&user.email=admin@reseau-patrimoine.fr',
    ];
    for (const url of urls) {
      const response = await ctx.api('GET', url, { token });
      expect(response.status, `${url}: ${response.text}`).toBe(200);
    }
  });

  it('are the only ones the router lets through, with a French 400 otherwise', async () => {
    const response = await ctx.api('GET', '/news?date[after]=FALSE', { token });
    expect(response.status).toBe(400);
    expect(response.body['hydra:description']).toBe(
      "Requête invalide. query.date[after] : ne respecte pas le format attendu (voir la documentation de l'API)",
    );
    const years = await ctx.api('GET', '/clients/clients?years=9', { token });
    expect(years.body['hydra:description']).toBe(
      'Requête invalide. query.years : ne respecte pas le format attendu (^(?:[0-9]{4}(?:,[0-9]{4})*)?$)',
    );
  });

  it('are read by the server even in the longest query the contract allows', async () => {
    await ctx.main.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.main.server.address() as AddressInfo;
    const contract = contracts.main;
    const emoji = '\u{1F600}';
    const iri = `/${'a'.repeat(46)}/2147483647`;
    const query = new URLSearchParams();
    for (const parameter of parametersOf(contract, 'listVentesOrions')) {
      const schema = deref(contract, parameter.schema);
      const { name } = parameter;
      if (name === 'cgpId') continue; // a scope: an unknown agent is a 403
      if (schema.type === 'array') {
        const items = deref(contract, schema.items as Schema);
        const value = Array.isArray(items.enum)
          ? String(items.enum[0])
          : items.pattern === '^[0-9]{0,4}$'
            ? '2025'
            : iri;
        for (let i = 0; i < (schema.maxItems as number); i++) query.append(name, value);
      } else if (Array.isArray(schema.enum)) query.append(name, String(schema.enum.at(-1)));
      else if (schema.$ref || schema.pattern || name.endsWith(']') || schema.type !== 'string')
        continue; // below, one by one
      else query.append(name, emoji.repeat(schema.maxLength as number));
    }
    query.append('consultant.id', iri);
    query.append('subscriptionDate[after]', '2000-01-01T00:00:00.123456789+01:00');
    query.append('amount[between]', `${'1'.repeat(29)}..${'2'.repeat(29)}`);
    query.append('page', '2147483647');
    const target = `/ventes_orions?${query.toString()}`;
    expect(target.length).toBeGreaterThan(8_000);
    expect(target.length).toBeLessThan(HEADER_LIMIT - HEADERS_ALLOWANCE);
    const response = await fetch(`http://127.0.0.1:${port}${target}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { 'hydra:totalItems': number })['hydra:totalItems']).toBe(0);
  });
});
