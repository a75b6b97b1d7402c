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
