import type { HttpRequest } from '../../providers/http/transport.js';
import { rateLimitHeaders } from './duffel-sim-errors.js';
import { simId } from './duffel-sim-ids.js';

// What every Duffel look-alike (flights, stays) reads from a request and writes
// on each response: a fresh request id and the rate-limit window, reported as
// Duffel does but not enforced.

const RATE_LIMIT = 60;
const RATE_WINDOW_MS = 60_000;

export type SimHeaders = Record<string, string>;

/** A request header, matched without regard to case. */
export function requestHeader(req: HttpRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(req.headers ?? {})) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

/** Per-response headers for one simulator instance; `label` keeps request ids of several simulators apart. */
export function duffelResponseHeaders(seed: string, label?: string): (now: Date) => SimHeaders {
  let served = 0;
  let windowStart = 0;
  let windowCount = 0;
  return (now) => {
    served++;
    if (now.getTime() - windowStart >= RATE_WINDOW_MS) {
      windowStart = now.getTime();
      windowCount = 0;
    }
    windowCount++;
    const parts = label === undefined ? [seed, served, now.getTime()] : [seed, label, served, now.getTime()];
    const requestId = simId('req', ...parts).slice(4, 24);
    return { 'x-request-id': requestId, ...rateLimitHeaders(RATE_LIMIT, RATE_LIMIT - windowCount, new Date(windowStart + RATE_WINDOW_MS)) };
  };
}
