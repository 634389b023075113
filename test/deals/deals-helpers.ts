import { cashPrice, fareBrands, itineraries } from '../../adapters/sandbox/simulators/world/index.js';
import type { CabinClass } from '../../tools/_kit/providers.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Shared steps of the deals and stats tests: a server whose simulators glitch
// every fare, a route history built from the simulated world's normal prices,
// keys, JSON reads and the outbox's mistake-fare events.

/** A test server whose simulators sell every fare as a mistake fare (SIM_MISTAKE_FARE_RATE = 1). */
export function startGlitchServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ env: { SIM_MISTAKE_FARE_RATE: '1', ...env } });
}

export { bearer, json, prismaOf } from '../helpers/api.js';
import { prismaOf } from '../helpers/api.js';

export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The simulated world's cheapest normal (unglitched) one-adult fare on a day, in cents. */
export function normalCheapestCents(origin: string, destination: string, date: string, cabin: CabinClass, at: Date): number {
  let best = Infinity;
  for (const itin of itineraries(origin, destination, date)) {
    for (const brand of [undefined, ...fareBrands(itin.owner, cabin)]) {
      const p = cashPrice(itin, cabin, { searchedAt: at, channel: 'duffel', ...(brand ? { brand } : {}) });
      if (p) best = Math.min(best, Math.round(p.total * 100));
    }
  }
  if (!Number.isFinite(best)) throw new Error(`the world sells no ${cabin} fare ${origin}-${destination} on ${date}`);
  return best;
}

/**
 * `count` earlier one-way searches of the route around `date` (±12 days), each
 * at the world's normal price for its day give or take 3 %, observed over the
 * last ten days.
 */
export function routeHistory(origin: string, destination: string, date: string, cabin: CabinClass, count = 25, now = new Date()): PriceObservationInput[] {
  return Array.from({ length: count }, (_, i) => {
    const day = shiftDay(date, (i % 25) - 12);
    const wiggle = 0.97 + 0.06 * ((i * 7919) % 101) / 100;
    return {
      searchId: `seed_${origin}${destination}_${i}`,
      origin, destination, departureDate: day, returnDate: null, cabin, source: i % 2 ? 'duffel' : 'serpapi',
      priceMinor: Math.round(normalCheapestCents(origin, destination, day, cabin, now) * wiggle),
      currency: 'USD',
      observedAt: new Date(now.getTime() - ((i % 10) + 1) * 86_400_000).toISOString(),
    };
  });
}

export interface OutboxRow { type: string; aggregateId: string; userId: string | null; dedupeKey: string; payload: Record<string, unknown> }

export async function mistakeEvents(server: TestServer): Promise<OutboxRow[]> {
  const rows = await prismaOf(server).outboxEvent.findMany({ where: { type: 'alert.mistake_fare' }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ type: r.type, aggregateId: r.aggregateId, userId: r.userId, dedupeKey: r.dedupeKey, payload: r.payload as Record<string, unknown> }));
}
