import type { components } from './generated/main';

export type HydraError = components['schemas']['HydraError'];
export type ConstraintViolation = components['schemas']['ConstraintViolation'];
export type HydraCollection<T> = Omit<components['schemas']['HydraCollection'], 'hydra:member'> & {
  'hydra:member': T[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The human message of an API error body (Hydra error, violation list or plain message). A
 * violation list gives its messages without API Platform's `propertyPath: ` prefixes.
 */
export function errorMessage(body: unknown, fallback = 'Erreur inconnue'): string {
  if (!isRecord(body)) return fallback;
  const violations = Array.isArray(body['violations'])
    ? (body['violations'] as unknown[]).flatMap((violation) =>
        isRecord(violation) && typeof violation['message'] === 'string' && violation['message']
          ? [violation['message']]
          : [],
      )
    : [];
  if (violations.length > 0) return [...new Set(violations)].join(' ');
  const description = body['hydra:description'] ?? body['detail'] ?? body['message'];
  return typeof description === 'string' && description.length > 0 ? description : fallback;
}

/** Violations keyed by property path, for showing each message next to its field. */
export function violationsByField(body: unknown): Record<string, string> {
  if (!isRecord(body) || !Array.isArray(body['violations'])) return {};
  const result: Record<string, string> = {};
  for (const violation of body['violations'] as unknown[]) {
    if (isRecord(violation) && typeof violation['propertyPath'] === 'string') {
      result[violation['propertyPath']] ??= String(violation['message'] ?? '');
    }
  }
  return result;
}

/** Thrown by query functions so React Query and screens see the status and the message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(errorMessage(body, `Erreur ${status}`));
    this.name = 'ApiError';
  }
}

/** Unwraps an openapi-fetch result: the data, or an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response.status, result.error);
  }
  return result.data as T;
}
