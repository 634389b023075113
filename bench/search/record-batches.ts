// `npx tsx bench/search/record-batches.ts`: CPU of writing search records on the
// embedded database (PGlite, in process) per search, for batches of the sizes a
// flush sees at a given search rate, so the flush interval can be weighed.
// Each batch: SEARCHES_PER_BATCH searches over the bench's 16 routes, each with
// a route count and three observations (one per provider), as a search leaves.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { openDatabase } from '../../adapters/db/open-database.js';
import { createFareHistoryStore } from '../../adapters/db/fare-history-store.js';
import { createMistakeFareStore } from '../../adapters/db/mistake-fare-store.js';
import { RouteFareSamples } from '../../adapters/db/route-fare-samples.js';
import { writeSearchRecords } from '../../tools/fares/record-searches.js';
import type { SearchRecord } from '../../tools/fares/search-records.js';

const ROUTES = [['JFK', 'LHR'], ['LAX', 'NRT'], ['SFO', 'CDG'], ['ORD', 'FRA'], ['BOS', 'DUB'], ['ATL', 'MEX'], ['DFW', 'LHR'], ['SEA', 'ICN'],
  ['MIA', 'MAD'], ['YYZ', 'LHR'], ['LHR', 'DXB'], ['SIN', 'SYD'], ['HKG', 'LAX'], ['FRA', 'JFK'], ['CDG', 'JFK'], ['EWR', 'AMS']] as const;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 960);
const sizes = (process.env.BENCH_BATCHES ?? '6,24,96').split(',').map(Number);

const log = pino({ level: 'silent' });
const db = await openDatabase({ dataDir: 'memory://', log });
const samples = new RouteFareSamples(db.prisma);
const deps = { services: { fares: createFareHistoryStore(db.prisma, samples), mistakeFares: createMistakeFareStore(db.prisma, samples), clock: () => new Date() }, log };

let n = 0;
function record(): SearchRecord {
  const [origin, destination] = ROUTES[n % ROUTES.length]!;
  const departureDate = new Date(Date.now() + (20 + (n++ % 200)) * 86_400_000).toISOString().slice(0, 10);
  const searchId = `srch_${randomUUID().slice(0, 20)}`;
  const observedAt = new Date().toISOString();
  const base = { searchId, origin, destination, departureDate, returnDate: null, cabin: 'economy', currency: 'USD', observedAt };
  return {
    counted: { day: observedAt.slice(0, 10), origin, destination },
    observations: ['duffel', 'serpapi', 'seats_aero'].map((source, i) => ({ ...base, source, priceMinor: 40_000 + ((n * 37 + i * 911) % 30_000) })),
  };
}

// Where the CPU goes: each store call's CPU, summed per kind (BENCH_PARTS=1).
const parts = new Map<string, number>();
if (process.env.BENCH_PARTS === '1') {
  const wrap = <O extends object>(name: string, obj: O) => {
    for (const k of Object.keys(obj) as (keyof O)[]) {
      const f = obj[k];
      if (typeof f !== 'function') continue;
      obj[k] = (async (...a: unknown[]) => { const c0 = cpuMs(); try { return await (f as (...x: unknown[]) => unknown).apply(obj, a); } finally { parts.set(`${name}.${String(k)}`, (parts.get(`${name}.${String(k)}`) ?? 0) + cpuMs() - c0); } }) as O[keyof O];
    }
  };
  wrap('fares', deps.services.fares);
  wrap('mistakeFares', deps.services.mistakeFares);
  wrap('stats', deps.services.mistakeFares.stats);
}
function cpuMs() { const c = process.cpuUsage(); return (c.user + c.system) / 1_000; }
// Warm-up: every route's samples loaded, Prisma's statements compiled once.
for (let i = 0; i < 4; i++) await writeSearchRecords(deps, Array.from({ length: 16 }, record));
for (let round = 0; round < 3; round++) {
  for (const size of sizes) {
    const c0 = cpuMs();
    for (let done = 0; done < SEARCHES; done += size) await writeSearchRecords(deps, Array.from({ length: size }, record));
    console.log(`round ${round}: batches of ${String(size).padStart(3)} searches: ${((cpuMs() - c0) / SEARCHES).toFixed(3)} ms CPU per search`);
  }
}
for (const [k, ms] of parts) console.log(`${k}: ${ms.toFixed(0)} ms`);
await db.close();
