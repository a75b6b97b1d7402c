import type { ErrorObject } from 'ajv';
import type { Violation } from './errors.js';
import { messages } from './messages.js';

/** A readable French description of schema violations, e.g. « body.email : doit être un texte ». */
export function describeErrors(errors: ErrorObject[], location: string): string {
  const details = errors
    // `if`/`then` and the branches of `anyOf`/`oneOf` repeat what their sub-errors say.
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      const path = [location, ...error.instancePath.split('/').filter(Boolean)].join('.');
      return `${path} : ${explain(error)}`;
    });
  return `Requête invalide. ${[...new Set(details)].join(' ; ')}`;
}

/**
 * API Platform's 422: one violation per field (`propertyPath` as API Platform writes it,
 * `address.postalCode`, `items[0].name`), a French sentence the apps show beside the field.
 */
export function toViolations(errors: ErrorObject[]): Violation[] {
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const error of firstBranchOnly(errors)) {
    if (error.keyword === 'if') continue;
    const segments = error.instancePath.split('/').filter(Boolean).map(unescapePointer);
    const params = error.params as Record<string, unknown>;
    // A missing or unknown field is the field's own violation, not its parent's.
    const field =
      error.keyword === 'required' ||
      error.keyword === 'dependentRequired' ||
      error.keyword === 'dependencies'
        ? params.missingProperty
        : error.keyword === 'additionalProperties'
          ? params.additionalProperty
          : error.keyword === 'unevaluatedProperties'
            ? params.unevaluatedProperty
            : undefined;
    if (typeof field === 'string') segments.push(field);
    const violation = {
      propertyPath: propertyPath(segments),
      message: violationMessage(error),
      code: error.keyword,
    };
    const key = `${violation.propertyPath}\u0000${violation.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  return violations;
}

/**
 * A body matching none of an `anyOf`/`oneOf`'s shapes is told what the first shape lacks (the
 * operation's main one: a picture's `file` before the library's `folderId`), not every branch's
 * complaint and the alternative's own line besides.
 */
function firstBranchOnly(errors: ErrorObject[]): ErrorObject[] {
  const alternatives = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => error.schemaPath);
  const inBranch = (error: ErrorObject, alternative: string) =>
    error.schemaPath.startsWith(`${alternative}/`);
  return errors.filter((error) => {
    if (alternatives.includes(error.schemaPath))
      return !errors.some((other) => inBranch(other, error.schemaPath));
    return alternatives.every(
      (alternative) =>
        !inBranch(error, alternative) || error.schemaPath.startsWith(`${alternative}/0/`),
    );
  });
}

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** `['items', '0', 'name']` → `items[0].name`, as Symfony's property paths read. */
function propertyPath(segments: string[]): string {
  return segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
}

/** The sentence shown beside a field. */
function violationMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return messages.required;
    case 'dependentRequired':
    case 'dependencies':
      return `Ce champ est obligatoire avec « ${String(params.property)} ».`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return "Ce champ n'est pas autorisé.";
    case 'not':
      return "Cette valeur n'est pas acceptée.";
    case 'anyOf':
    case 'oneOf':
    case 'type':
    case 'enum':
    case 'const':
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
    case 'minProperties':
    case 'maxProperties':
    case 'pattern':
    case 'format':
      return `Cette valeur ${explain(error)}.`;
    case 'propertyNames':
      return `Le nom de champ « ${String(params.propertyName)} » n'est pas valide.`;
    default:
      return "Cette valeur n'est pas valide.";
  }
}

const TYPES: Record<string, string> = {
  string: 'un texte',
  integer: 'un entier',
  number: 'un nombre',
  boolean: 'un booléen',
  object: 'un objet',
  array: 'une liste',
  null: 'null',
};

const typeName = (type: unknown) =>
  String(type)
    .split(',')
    .map((t) => TYPES[t] ?? t)
    .join(' ou ');

/** Every keyword the contracts use, in French; anything else says only that the value is wrong. */
function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'required':
      return `le champ « ${String(params.missingProperty)} » est obligatoire`;
    case 'additionalProperties':
      return `le champ « ${String(params.additionalProperty)} » n'est pas autorisé`;
    case 'unevaluatedProperties':
      return `le champ « ${String(params.unevaluatedProperty)} » n'est pas autorisé`;
    case 'type':
      return `doit être ${typeName(params.type)}`;
    case 'enum':
      return `doit valoir l'une des valeurs ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `doit valoir ${String(params.allowedValue)}`;
    case 'minLength':
      return `doit contenir au moins ${limit} caractère(s)`;
    case 'maxLength':
      return `doit contenir au plus ${limit} caractère(s)`;
    case 'minimum':
      return `doit être supérieur ou égal à ${limit}`;
    case 'maximum':
      return `doit être inférieur ou égal à ${limit}`;
    case 'exclusiveMinimum':
      return `doit être strictement supérieur à ${limit}`;
    case 'exclusiveMaximum':
      return `doit être strictement inférieur à ${limit}`;
    case 'multipleOf':
      return `doit être un multiple de ${String(params.multipleOf)}`;
    case 'minItems':
      return `doit contenir au moins ${limit} élément(s)`;
    case 'maxItems':
      return `doit contenir au plus ${limit} élément(s)`;
    case 'uniqueItems':
      return 'ne doit pas contenir deux fois le même élément';
    case 'minProperties':
      return `doit contenir au moins ${limit} champ(s)`;
    case 'maxProperties':
      return `doit contenir au plus ${limit} champ(s)`;
    case 'pattern': {
      // A long pattern (a calendar day, an id or an IRI) would only hide the message.
      const pattern = String(params.pattern);
      return pattern.length <= 40
        ? `ne respecte pas le format attendu (${pattern})`
        : "ne respecte pas le format attendu (voir la documentation de l'API)";
    }
    case 'format':
      return `doit respecter le format ${String(params.format)}`;
    case 'anyOf':
    case 'oneOf':
      return 'ne correspond à aucune des formes acceptées';
    case 'not':
      return "n'est pas une valeur acceptée";
    case 'dependentRequired':
    case 'dependencies':
      return `le champ « ${String(params.missingProperty)} » est obligatoire avec « ${String(params.property)} »`;
    case 'propertyNames':
      return `le nom de champ « ${String(params.propertyName)} » n'est pas valide`;
    default:
      return "n'est pas une valeur valide";
  }
}
