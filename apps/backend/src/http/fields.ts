import type { Violation } from './errors.js';
import { messages } from './messages.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredViolation(propertyPath: string, value: string): Violation | null {
  return value.trim() === '' ? { propertyPath, message: messages.required } : null;
}

export function emailViolation(propertyPath: string, value: string): Violation | null {
  return (
    requiredViolation(propertyPath, value) ??
    (EMAIL.test(value.trim()) ? null : { propertyPath, message: messages.invalidEmail })
  );
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

export { INVALID_DATE, INVALID_URL } from '@portal/api/generated/field-messages';

/** An absolute http(s) URL, or a path of the apps (`/news/12`). */
export function isValidLink(value: string): boolean {
  const text = value.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(text)) return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(text);
  } catch {
    return false;
  }
}
