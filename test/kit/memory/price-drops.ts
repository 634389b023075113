import type { PriceObservationInput } from '../../../tools/fares/history-store.js';
import type { PriceDrop } from '../../../tools/stats/stats-store.js';

/** Text order as PostgreSQL's C collation compares ids. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
function median(sorted: readonly number[]): number {
  const at = (sorted.length - 1) / 2;
  const lo = sorted[Math.floor(at)]!;
  const hi = sorted[Math.ceil(at)]!;
  return lo + (hi - lo) * (at - Math.floor(at));
}

interface SearchLow {
  route: string;
  o: PriceObservationInput;
  searchId: string;
  price: number;
  at: number;
  departureDate: string;
}

/**
 * stats.priceDrops as adapters/db/stats-store.ts computes it: per search (and route,
 * cabin, currency, trip kind) its cheapest price since `since`, latest observation
 * and earliest departure; per route the latest search (ties: lower search id)
 * against the median of the earlier ones; drops only, the biggest share first.
 */
export function priceDrops(observations: readonly PriceObservationInput[], since: Date, minEarlier: number, limit: number): PriceDrop[] {
  const searches = new Map<string, SearchLow>();
  for (const o of observations) {
    const at = Date.parse(o.observedAt);
    if (at < since.getTime()) continue;
    const route = [o.origin, o.destination, o.cabin, o.currency, o.returnDate !== null].join('|');
    const key = `${route}|${o.searchId}`;
    const s = searches.get(key);
    if (!s) searches.set(key, { route, o, searchId: o.searchId, price: o.priceMinor, at, departureDate: o.departureDate });
    else Object.assign(s, { price: Math.min(s.price, o.priceMinor), at: Math.max(s.at, at), departureDate: o.departureDate < s.departureDate ? o.departureDate : s.departureDate });
  }
  const routes = new Map<string, SearchLow[]>();
  for (const s of searches.values()) routes.set(s.route, [...(routes.get(s.route) ?? []), s]);
  const drops: (PriceDrop & { median: number })[] = [];
  for (const list of routes.values()) {
    const [latest, ...earlier] = list.sort((a, b) => b.at - a.at || byText(a.searchId, b.searchId));
    if (!latest || earlier.length < minEarlier || earlier.length === 0) continue;
    const mid = median(earlier.map((s) => s.price).sort((a, b) => a - b));
    if (latest.price >= mid) continue;
    const { o } = latest;
    drops.push({
      origin: o.origin, destination: o.destination, cabin: o.cabin, roundTrip: o.returnDate !== null, currency: o.currency,
      latestMinor: latest.price, departureDate: latest.departureDate, observedAt: new Date(latest.at), medianMinor: Math.round(mid), earlierSearches: earlier.length, median: mid,
    });
  }
  return drops
    .sort((a, b) => (b.median - b.latestMinor) / b.median - (a.median - a.latestMinor) / a.median || byText(a.origin, b.origin) || byText(a.destination, b.destination) || byText(a.cabin, b.cabin))
    .slice(0, limit)
    .map(({ median: _m, ...d }) => d);
}
