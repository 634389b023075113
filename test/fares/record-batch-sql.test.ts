import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import { createFareHistoryStore } from '../../adapters/db/fare-history-store.js';
import { openDatabase } from '../../adapters/db/open-database.js';
import { createStatsStore } from '../../adapters/db/stats-store.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';

// The search-record batch writes observations and route counts with one
// statement each (arrays unnested in SQL) instead of Prisma's per-row createMany
// and one upsert per route. Read back through Prisma, the rows must be what
// createMany wrote: dates as dates, a missing return date as NULL, the
// observation instant to the millisecond, and counts added to earlier ones.

let db: AppDatabase;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://', log: pino({ level: 'silent' }) });
}, 60_000);
afterAll(() => db.close());

const base = { origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD' } as const;

describe('search-record batch statements', () => {
  it('inserts every observation of a batch with its exact values', async () => {
    const batch: PriceObservationInput[] = [
      { ...base, searchId: 'srch_a', departureDate: '2027-03-01', returnDate: null, source: 'duffel', priceMinor: 41_250, observedAt: '2026-11-26T23:59:58.123Z' },
      { ...base, searchId: 'srch_a', departureDate: '2027-03-01', returnDate: null, source: 'serpapi', priceMinor: 39_900, currency: 'EUR', observedAt: '2026-11-26T23:59:58.123Z' },
      { ...base, searchId: 'srch_b', departureDate: '2027-03-02', returnDate: '2027-03-09', source: 'duffel', priceMinor: 88_001, observedAt: '2026-11-27T00:00:01.007Z' },
    ];
    await createFareHistoryStore(db.prisma).record(batch);
    const rows = await db.prisma.priceObservation.findMany({ orderBy: { id: 'asc' } });
    expect(rows.map((r) => ({
      searchId: r.searchId, origin: r.origin, destination: r.destination, cabin: r.cabin, source: r.source, priceMinor: r.priceMinor, currency: r.currency,
      departureDate: r.departureDate.toISOString().slice(0, 10), returnDate: r.returnDate?.toISOString().slice(0, 10) ?? null, observedAt: r.observedAt.toISOString(),
    }))).toEqual(batch.map((o) => ({ ...o })));
  });

  it('adds a batch of route counts to the counts already there, one row per day and route', async () => {
    const stats = createStatsStore(db.prisma);
    await stats.countSearch('2026-11-26', 'JFK', 'LHR', 2);
    await stats.countSearches([
      { day: '2026-11-26', origin: 'JFK', destination: 'LHR', searches: 3 },
      { day: '2026-11-26', origin: 'SFO', destination: 'NRT', searches: 1 },
      { day: '2026-11-27', origin: 'JFK', destination: 'LHR', searches: 4 },
    ]);
    await stats.countSearches([]);
    const rows = await db.prisma.routeSearchCount.findMany({ orderBy: [{ day: 'asc' }, { origin: 'asc' }] });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.origin, r.destination, r.count])).toEqual([
      ['2026-11-26', 'JFK', 'LHR', 5],
      ['2026-11-26', 'SFO', 'NRT', 1],
      ['2026-11-27', 'JFK', 'LHR', 4],
    ]);
  });
});
