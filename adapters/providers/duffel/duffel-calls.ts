import type { ProviderPolicy } from '../http/resilience.js';
import type { QueryValue } from '../http/transport.js';
import type { DuffelClient, DuffelResult } from './client.js';

// The two kinds of Duffel call the order life cycle makes. A read may be retried
// on a transient failure; a write never is: it could book, pay or cancel twice.
// Mapping runs inside the policy, so a malformed body counts as the provider's failure.

type Query = Record<string, QueryValue>;

export interface DuffelCalls {
  /** GET, retried on transient failures. */
  read<T, R>(path: string, query: Query | undefined, map: (res: DuffelResult<T>) => R, signal: AbortSignal): Promise<R>;
  /** POST that must answer with `data`; never retried. */
  write<T, R>(path: string, body: unknown, map: (res: DuffelResult<T>) => R, signal: AbortSignal): Promise<R>;
  /** POST whose success may carry no `data` (a 202, or an answer we re-read instead); never retried. */
  writeAllowingNoData<T, R>(path: string, body: unknown, map: (res: DuffelResult<T | null>) => R, signal: AbortSignal): Promise<R>;
}

export function duffelCalls(client: DuffelClient, policy: ProviderPolicy): DuffelCalls {
  return {
    read: (path, query, map, signal) => policy.run(async (inner) => map(await client.request({ method: 'GET', path, query, signal: inner })), { idempotent: true, signal }),
    write: (path, body, map, signal) => policy.run(async (inner) => map(await client.request({ method: 'POST', path, body, signal: inner })), { idempotent: false, signal }),
    writeAllowingNoData: (path, body, map, signal) =>
      policy.run(async (inner) => map(await client.requestAllowingNoData({ method: 'POST', path, body, signal: inner })), { idempotent: false, signal }),
  };
}

/** One path segment from an id we were given; an id can never climb out of its collection. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}
