import { createHash } from 'node:crypto';
import type { Cache } from '../_kit/ports.js';
import type { FlightResult, ProviderProgress } from './flight-result.js';
import type { FlightSearchInput } from './search-input.js';

// A finished search, kept briefly so an identical search (a refresh, a second
// agent turn, another user) is answered at once. Redis shares it across processes.

export interface CachedSearch {
  storedAt: number;
  results: FlightResult[];
  providers: ProviderProgress[];
}

/** A search with a failed provider is kept only briefly, so the provider gets another chance soon. */
const PARTIAL_TTL_S = 15;

/** v2: results carry checkout_total and fx_rate, which v1 entries lack. */
export function searchCacheKey(input: FlightSearchInput): string {
  const parts = [input.origin, input.destination, input.departure_date, input.return_date ?? '', input.passengers, input.children, input.infants, input.cabin_class, input.search_type, input.max_stops ?? '', input.currency];
  return `search:v2:${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 32)}`;
}

export async function readCachedSearch(cache: Cache, key: string): Promise<CachedSearch | undefined> {
  return cache.get<CachedSearch>(key).catch(() => undefined);
}

/** Stores a completed search; a cache failure never fails the search. */
export async function storeSearch(cache: Cache, key: string, value: CachedSearch, ttlS: number): Promise<void> {
  if (ttlS <= 0 || !value.providers.some((p) => p.status === 'ok')) return;
  const ttl = value.providers.every((p) => p.status === 'ok' || p.reason === 'no_results') ? ttlS : Math.min(ttlS, PARTIAL_TTL_S);
  await cache.set(key, value, ttl).catch(() => undefined);
}

/** Ages every price and award by the time the answer spent in the cache. */
export function ageResults(results: readonly FlightResult[], seconds: number): FlightResult[] {
  return results.map((r) => ({
    ...r,
    data_age_s: r.data_age_s + seconds,
    prices: r.prices.map((p) => ({ ...p, age_s: p.age_s + seconds })),
    awards: r.awards.map((a) => ({ ...a, age_s: a.age_s + seconds })),
  }));
}
