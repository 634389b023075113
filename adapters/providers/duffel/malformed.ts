import { ProviderError } from '../../../tools/_kit/provider-error.js';

// One wording for every Duffel body we cannot use: a bad_response, so the
// breaker counts it and no half-read booking reaches a customer.

export function malformed(what: string, status?: number): ProviderError {
  return new ProviderError('duffel', 'bad_response', `Duffel sent a malformed body: ${what}`, status === undefined ? {} : { status });
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-empty string field, or a bad_response naming it. */
export function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw malformed(`${what} is missing`);
  return value;
}

/** One of the allowed values, or a bad_response: a status we do not know must not be guessed at. */
export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw malformed(`${what} "${String(value)}" is not one Duffel documents`);
  return value as T;
}
