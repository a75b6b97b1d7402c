import type { ErrorObject } from 'ajv';

/** A readable French description of schema violations, e.g. « body.email : doit être de type string ». */
export function describeErrors(errors: ErrorObject[], location: string): string {
  const details = errors.map((error) => {
    const path = [location, ...error.instancePath.split('/').filter(Boolean)].join('.');
    return `${path} : ${explain(error)}`;
  });
  return `Requête invalide. ${[...new Set(details)].join(' ; ')}`;
}

function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `le champ « ${String(params.missingProperty)} » est obligatoire`;
    case 'additionalProperties':
      return `le champ « ${String(params.additionalProperty)} » n'est pas autorisé`;
    case 'type':
      return `doit être de type ${String(params.type)}`;
    case 'enum':
      return `doit valoir l'une des valeurs ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'minLength':
      return `doit contenir au moins ${String(params.limit)} caractère(s)`;
    case 'maxLength':
      return `doit contenir au plus ${String(params.limit)} caractère(s)`;
    case 'format':
      return `doit respecter le format ${String(params.format)}`;
    default:
      return error.message ?? 'valeur invalide';
  }
}
