import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeErrors, toViolations } from '../src/http/validation-errors.js';
import { ADMIN } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Ajv's own (English) wording, which must never reach a user. */
const ENGLISH = /\b(must|should|match|NOT|have|property|properties|items|equal)\b/;

describe('contract validation messages', () => {
  it('says every schema keyword the contracts can use in French', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormatsModule as unknown as typeof addFormatsModule.default)(ajv);
    const schema = {
      type: 'object',
      required: ['needed'],
      additionalProperties: false,
      properties: {
        needed: { type: 'string' },
        text: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z]+$' },
        email: { type: 'string', format: 'email' },
        count: { type: 'integer', minimum: 1, maximum: 5, multipleOf: 2 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        list: { type: 'array', minItems: 2, maxItems: 3, uniqueItems: true },
        kind: { enum: ['a', 'b'] },
        fixed: { const: 'x' },
        either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        any: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        never: { not: { type: 'string' } },
        bag: {
          type: 'object',
          minProperties: 2,
          maxProperties: 3,
          propertyNames: { maxLength: 2 },
        },
        nullable: { type: ['string', 'null'] },
      },
      dependentRequired: { text: ['email'] },
    };
    const validate = ajv.compile(schema);
    const cases: Record<string, unknown>[] = [
      { extra: 1 },
      { needed: 1, text: 'A', count: 0, ratio: 1, list: [1, 1, 1, 1], kind: 'c', fixed: 'y' },
      { needed: 'x', text: 'abcd', email: 'nope', count: 7, ratio: 0, list: [1] },
      { needed: 'x', count: 3, either: true, any: true, never: 's', bag: { abc: 1 }, nullable: 3 },
      { needed: 'x', bag: { a: 1, b: 2, c: 3, d: 4 } },
    ];
    for (const data of cases) {
      expect(validate(data)).toBe(false);
      const message = describeErrors(validate.errors ?? [], 'body');
      expect(message, message).not.toMatch(ENGLISH);
      expect(message).toMatch(/^Requête invalide\. body/);
      // The 422's violations: one per field, each a French sentence.
      for (const violation of toViolations(validate.errors ?? [])) {
        expect(violation.message, violation.message).not.toMatch(ENGLISH);
        expect(violation.message).toMatch(/^[A-Z].*\.$/);
      }
    }
    validate({ needed: 1, extra: 1, bag: { a: 1, b: 2, c: 3, d: 4 }, list: [[1]] });
    expect(toViolations(validate.errors ?? []).map((v) => v.propertyPath)).toEqual(
      expect.arrayContaining(['needed', 'extra', 'bag', 'list']),
    );
  });

  it('answers a path id below 1 in French', async () => {
    const token = await ctx.login(ADMIN);
    const response = await ctx.api('GET', '/clients/0', { token });
    expect(response.status).toBe(400);
    expect(response.body['hydra:description']).toBe(
      'Requête invalide. path.id : doit être supérieur ou égal à 1',
    );
    const wrongType = await ctx.api('GET', '/clients/abc', { token });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body['hydra:description']).not.toMatch(ENGLISH);
  });
});
