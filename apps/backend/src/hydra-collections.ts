import { randomBytes } from 'node:crypto';
import type { Contract, Operation } from './contract.js';
import { SchemaWalker, responseSchema } from './hydra-docs.js';
import { joinPointer, locate, type ParameterObject } from './openapi.js';

/**
 * What API Platform adds to every collection it answers, derived from the contract by the
 * operation, whichever handler built the envelope (the resource layer or a hand-written one):
 *
 * - `hydra:search`, the `hydra:IriTemplate` of the operation's filters and orders (its query
 *   parameters but the paging ones), which API Platform Admin reads for its filters and sortable
 *   columns;
 * - on every member, `@type` (the class `/docs.jsonld` gives the items) and `@id`, a
 *   `/.well-known/genid/…` IRI for a member no item operation names (a period, a row of a
 *   report), as API Platform gives such resources.
 */

export interface IriTemplateMapping {
  '@type': 'IriTemplateMapping';
  variable: string;
  property: string | null;
  required: boolean;
}

export interface IriTemplate {
  '@type': 'hydra:IriTemplate';
  'hydra:template': string;
  'hydra:variableRepresentation': 'BasicRepresentation';
  'hydra:mapping': IriTemplateMapping[];
}

/** Paging parameters: API Platform keeps them out of `hydra:search`. */
const PAGING = new Set(['page', 'itemsPerPage', 'pagination']);

/** Operators API Platform's filters name before the property (`order[date]`, `exists[x]`). */
const PROPERTY_IN_BRACKETS = new Set(['order', 'exists']);

/** The property a filter variable is about: `date[after]` → `date`, `order[title]` → `title`. */
export function propertyOfVariable(variable: string): string {
  const name = variable.replace(/\[\]$/, '');
  const bracket = /^([^[]+)\[([^\]]+)\]$/.exec(name);
  if (!bracket) return name;
  return PROPERTY_IN_BRACKETS.has(bracket[1]!) ? bracket[2]! : bracket[1]!;
}

/** The query parameters of an operation (path-level ones included), resolved. */
function queryParameters(contract: Contract, operation: Operation): ParameterObject[] {
  const owners = [joinPointer('#/paths', operation.path), operation.pointer];
  return owners.flatMap((owner) => {
    const list = (locate<{ parameters?: unknown[] }>(contract.document, owner).value.parameters ??
      []) as unknown[];
    return list
      .map(
        (_, index) =>
          locate<ParameterObject>(contract.document, joinPointer(owner, 'parameters', index)).value,
      )
      .filter((parameter) => parameter.in === 'query');
  });
}

/** The `hydra:search` of a collection operation, from its query parameters. */
export function searchTemplateOf(contract: Contract, operation: Operation): IriTemplate {
  const parameters = queryParameters(contract, operation).filter((p) => !PAGING.has(p.name));
  const variables = parameters.map((p) => p.name);
  return {
    '@type': 'hydra:IriTemplate',
    'hydra:template': `${operation.path}${variables.length > 0 ? `{?${variables.join(',')}}` : ''}`,
    'hydra:variableRepresentation': 'BasicRepresentation',
    'hydra:mapping': parameters.map((parameter) => ({
      '@type': 'IriTemplateMapping',
      variable: parameter.name,
      property: propertyOfVariable(parameter.name),
      required: parameter.required === true,
    })),
  };
}

export type Presenter = (body: unknown) => unknown;

/** A blank node's IRI, as API Platform gives a resource without an item operation. */
const genid = () => `/.well-known/genid/${randomBytes(10).toString('hex')}`;

/**
 * For each GET of the contract answering a Hydra collection (a path parameter or not), the
 * function completing its answers: `hydra:search`, and `@id` and `@type` on every member.
 */
export function hydraCollectionPresenters(contract: Contract): Record<string, Presenter> {
  const walker = new SchemaWalker(contract.document);
  const presenters: Record<string, Presenter> = {};
  for (const operation of contract.operations) {
    if (operation.method !== 'GET') continue;
    const answer = responseSchema(contract.document, operation);
    if (!answer || !walker.extends(answer, 'HydraCollection')) continue;
    const items = walker.membersOf(answer);
    const type = items ? walker.classNameOf(walker.refName(items), walker.deref(items)) : null;
    const search = searchTemplateOf(contract, operation);
    presenters[operation.operationId] = (body) => {
      if (!isObject(body) || !Array.isArray(body['hydra:member'])) return body;
      body['hydra:member'] = (body['hydra:member'] as unknown[]).map((member) =>
        isObject(member) && (member['@id'] === undefined || member['@type'] === undefined)
          ? { '@id': genid(), ...(type ? { '@type': type } : {}), ...member }
          : member,
      );
      body['hydra:search'] ??= search;
      return body;
    };
  }
  return presenters;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
