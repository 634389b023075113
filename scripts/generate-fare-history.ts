// Writes tools/fares/history/simulated.csv: the cheapest one-adult fare the
// simulated world quotes for a few dozen real routes, several cabins and
// departures spread over a year, looked at every other day from 120 days out.
// Deterministic (fixed dates, seeded simulator), so re-running it gives the same file.
//   npx tsx scripts/generate-fare-history.ts [--out path]
import { writeFileSync } from 'node:fs';
import { cashPrice, itineraries } from '../adapters/sandbox/simulators/world/index.js';
import type { CabinClass } from '../tools/_kit/providers.js';
import { addDays } from '../tools/_kit/calendar-dates.js';
import { formatHistoryCsv } from '../tools/fares/history/csv.js';

const ROUTES: readonly (readonly [string, string])[] = [
  ['JFK', 'LHR'], ['LHR', 'JFK'], ['JFK', 'LAX'], ['LAX', 'JFK'], ['SFO', 'NRT'], ['LAX', 'HND'], ['ORD', 'CDG'], ['BOS', 'DUB'],
  ['MIA', 'MAD'], ['ATL', 'AMS'], ['SEA', 'ANC'], ['DFW', 'DEN'], ['JFK', 'MIA'], ['SFO', 'SEA'], ['LHR', 'DXB'], ['LHR', 'SIN'],
  ['CDG', 'JFK'], ['FRA', 'ORD'], ['DXB', 'BOM'], ['SIN', 'SYD'], ['HND', 'SIN'], ['SYD', 'LAX'], ['YYZ', 'LHR'], ['EWR', 'FCO'],
  ['IAD', 'FRA'], ['LAX', 'SYD'], ['MEX', 'MAD'], ['GRU', 'LIS'], ['HKG', 'LHR'], ['ICN', 'SFO'],
];
const FIRST_DEPARTURE = '2026-02-03';
const DEPARTURES = 11;
const DEPARTURE_SPACING_DAYS = 33;
const FIRST_LOOK_DAYS = 120;
const LOOK_EVERY_DAYS = 2;

function cabinsFor(index: number): CabinClass[] {
  return index % 3 === 0 ? ['economy', 'premium_economy', 'business'] : ['economy', 'business'];
}

/** The cheapest fare over both channels, or null when nothing is for sale. */
function cheapest(origin: string, destination: string, date: string, cabin: CabinClass, searchedAt: Date): number | null {
  let best: number | null = null;
  for (const itin of itineraries(origin, destination, date)) {
    for (const channel of ['duffel', 'serpapi'] as const) {
      const price = cashPrice(itin, cabin, { searchedAt, channel });
      if (price && (best === null || price.total < best)) best = price.total;
    }
  }
  return best;
}

function main(): void {
  const outArg = process.argv.indexOf('--out');
  const out = outArg > 0 ? process.argv[outArg + 1]! : 'tools/fares/history/simulated.csv';
  const rows: Parameters<typeof formatHistoryCsv>[0][number][] = [];
  ROUTES.forEach(([origin, destination], r) => {
    for (let d = 0; d < DEPARTURES; d++) {
      // A per-route offset spreads departures over every weekday.
      const departureDate = addDays(FIRST_DEPARTURE, d * DEPARTURE_SPACING_DAYS + (r % 7));
      for (const cabin of cabinsFor(r)) {
        for (let daysOut = FIRST_LOOK_DAYS; daysOut >= 1; daysOut -= LOOK_EVERY_DAYS) {
          // A different hour each look, so the simulator's hourly drift shows.
          const hour = (r * 5 + d * 3 + daysOut * 7) % 24;
          const searchedAt = new Date(`${addDays(departureDate, -daysOut)}T${String(hour).padStart(2, '0')}:00:00Z`);
          const price = cheapest(origin, destination, departureDate, cabin, searchedAt);
          if (price === null) continue;
          rows.push({ origin, destination, cabin, departureDate, observedAt: searchedAt.toISOString().replace('.000Z', 'Z'), price: price.toFixed(2), currency: 'USD' });
        }
      }
    }
  });
  writeFileSync(out, formatHistoryCsv(rows));
  console.log(`wrote ${rows.length} observations for ${ROUTES.length} routes to ${out}`);
}

main();
