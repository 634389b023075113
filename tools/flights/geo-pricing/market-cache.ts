// Each market's offers are kept as long as a flight search is (SEARCH_CACHE_TTL_S):
// with live SerpApi credentials a comparison costs one paid call per market, and
// people re-run it while they decide. Redis shares the entries across processes.
import { createHash } from 'node:crypto';
import type { ToolContext } from '../../_kit/context.js';
import type { CashOffer, FlightQuery } from '../../_kit/providers.js';
import type { Market } from './markets.js';

function keyOf(query: FlightQuery, market: Market): string {
  const parts = [query.origin, query.destination, query.departureDate, query.returnDate ?? '', query.cabin, market.country, market.currency];
  return `geo:v1:${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 32)}`;
}

/** The market's offers from the cache, or from `fetch` (then kept); a cache failure never fails the comparison. */
export async function cachedMarketOffers(ctx: ToolContext, query: FlightQuery, market: Market, fetch: () => Promise<CashOffer[]>): Promise<CashOffer[]> {
  const ttl = ctx.services.settings.searchCacheTtlS;
  if (ttl <= 0) return fetch();
  const key = keyOf(query, market);
  const hit = await ctx.services.cache.get<CashOffer[]>(key).catch(() => undefined);
  if (hit) return hit;
  const offers = await fetch();
  await ctx.services.cache.set(key, offers, ttl).catch(() => undefined);
  return offers;
}
