import { findAirport } from '../../../tools/_kit/reference/airports.js';
import type { HttpRequest, QueryValue } from '../../providers/http/transport.js';
import type { Availability, CabinLetter, ListResponse, TripsResponse, WireCabin } from '../../providers/seats-aero/wire.js';
import { buildRow, type RowContext } from './seats-aero-sim-rows.js';
import type { SimResponse, WireSimulator } from './sim-transport.js';
import { awardSpace } from './world/index.js';
import type { AwardSpace } from './world/types.js';

// A wire-level seats.aero Partner API: GET /search (cached search) and
// GET /trips/{id}, answering from the simulated world's award space in the
// same envelope, field names and paging as the real service.

const LETTER: Record<WireCabin, CabinLetter> = { economy: 'Y', premium: 'W', business: 'J', first: 'F' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT_LIST = /^[A-Z]{3}(,[A-Z]{3})*$/;
/** Bounds the work one request can ask for (airports × airports × days). */
const MAX_ROUTE_DAYS = 400;
/** Rows whose trips /trips/{id} can still answer for. */
const TRIPS_MEMORY = 2_000;

function fail(status: number, message: string): SimResponse {
  return { status, body: { message } };
}

function text(query: Record<string, QueryValue> | undefined, name: string): string | undefined {
  const value = query?.[name];
  return value === undefined || value === '' ? undefined : String(value);
}

function flag(query: Record<string, QueryValue> | undefined, name: string): boolean {
  const value = query?.[name];
  return value === true || value === 'true' || value === '1';
}

function int(query: Record<string, QueryValue> | undefined, name: string): number | undefined | null {
  const raw = text(query, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function cheapestMiles(row: Availability, letters: readonly CabinLetter[]): number {
  const costs = letters.filter((c) => row[`${c}Available`]).map((c) => row[`${c}MileageCostRaw`]);
  return costs.length > 0 ? Math.min(...costs) : Number.MAX_SAFE_INTEGER;
}

interface SearchFilters {
  letters: CabinLetter[];
  sources: string[] | undefined;
  carriers: string[] | undefined;
  onlyDirect: boolean;
}

/** The space one row may draw on, after the carrier and nonstop filters. */
function filterSpace(spaces: readonly AwardSpace[], f: SearchFilters): AwardSpace[] {
  return spaces.filter(
    (s) =>
      (!f.onlyDirect || s.itinerary.segments.length === 1) &&
      (!f.carriers || s.itinerary.segments.some((seg) => f.carriers!.includes(seg.carrier))),
  );
}

export function createSeatsAeroSimulator(opts: { seed: string }): WireSimulator {
  const seed = opts.seed;
  // What each row served with its trips was built from, so /trips/{id} builds the
  // same trips again. Rows are a pure function of this context; keeping the
  // context instead of a deep copy of every row served spared a structuredClone
  // per row (a sixth of the simulator's CPU per search).
  const rowsServed = new Map<string, RowContext>();

  function remember(id: string, ctx: RowContext): void {
    if (!ctx.includeTrips) return;
    rowsServed.delete(id);
    rowsServed.set(id, ctx);
    if (rowsServed.size > TRIPS_MEMORY) rowsServed.delete(rowsServed.keys().next().value!);
  }

  function search(req: HttpRequest, now: Date): SimResponse {
    const q = req.query;
    const origins = text(q, 'origin_airport')?.toUpperCase();
    const destinations = text(q, 'destination_airport')?.toUpperCase();
    if (!origins || !destinations) return fail(400, 'origin_airport and destination_airport are required');
    if (!AIRPORT_LIST.test(origins) || !AIRPORT_LIST.test(destinations)) return fail(400, 'airports must be comma-separated 3-letter codes');
    const start = text(q, 'start_date') ?? now.toISOString().slice(0, 10);
    const end = text(q, 'end_date') ?? start;
    if (!DATE.test(start) || !DATE.test(end) || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
      return fail(400, 'start_date and end_date must be YYYY-MM-DD');
    }
    const cabinNames = (text(q, 'cabins') ?? text(q, 'cabin'))?.split(',') ?? ['economy', 'premium', 'business', 'first'];
    if (!cabinNames.every((c): c is WireCabin => Object.hasOwn(LETTER, c))) return fail(400, 'cabins must be economy, premium, business or first');
    const take = int(q, 'take') ?? 500;
    const skip = int(q, 'skip') ?? 0;
    const cursor = int(q, 'cursor');
    if (take === null || skip === null || cursor === null) return fail(400, 'take, skip and cursor must be non-negative integers');

    const filters: SearchFilters = {
      letters: cabinNames.map((c) => LETTER[c]),
      sources: text(q, 'sources')?.split(','),
      carriers: text(q, 'carriers')?.toUpperCase().split(','),
      onlyDirect: flag(q, 'only_direct_flights'),
    };
    const days = daysBetween(start, end);
    const routes = origins.split(',').flatMap((o) => destinations.split(',').filter((d) => d !== o).map((d) => [o, d] as const));
    if (days.length === 0) return fail(400, 'end_date is before start_date');
    if (days.length * routes.length > MAX_ROUTE_DAYS) return fail(400, 'search covers too many airports and days; narrow it');

    // The cursor pins the snapshot, so later pages read the same cache state as the first.
    // Whole seconds, as the cursor carries them, so the first page reads the same state too.
    const snapshot = new Date((cursor !== undefined && cursor > 0 ? cursor : Math.floor(now.getTime() / 1000)) * 1000);
    const includeTrips = flag(q, 'include_trips');
    const rows: Availability[] = [];
    const contexts = new Map<Availability, RowContext>();
    for (const [origin, destination] of routes) {
      if (!findAirport(origin) || !findAirport(destination)) continue;
      for (const date of days) {
        const space = filterSpace(awardSpace(origin, destination, date, { searchedAt: snapshot, ...(filters.sources ? { programs: filters.sources } : {}) }), filters);
        const byProgram = new Map<string, AwardSpace[]>();
        for (const s of space) {
          const spaces = byProgram.get(s.program);
          if (spaces) spaces.push(s);
          else byProgram.set(s.program, [s]);
        }
        for (const [program, spaces] of byProgram) {
          const ctx: RowContext = { seed, now: snapshot, origin, destination, date, program, spaces, includeTrips };
          const row = buildRow(ctx);
          // "cabins" means the row must have space in at least one of them.
          if (filters.letters.some((c) => row[`${c}Available`])) {
            rows.push(row);
            contexts.set(row, ctx);
          }
        }
      }
    }
    const byMileage = text(q, 'order_by') === 'lowest_mileage';
    rows.sort((a, b) => (byMileage ? cheapestMiles(a, filters.letters) - cheapestMiles(b, filters.letters) : a.Date.localeCompare(b.Date)) || a.ID.localeCompare(b.ID));

    const page = rows.slice(skip, skip + Math.min(Math.max(take, 1), 1000));
    for (const row of page) remember(row.ID, contexts.get(row)!);
    const body: ListResponse<Availability> = {
      data: page,
      count: page.length,
      hasMore: skip + page.length < rows.length,
      cursor: Math.floor(snapshot.getTime() / 1000),
    };
    return { status: 200, body };
  }

  function trips(id: string): SimResponse {
    const ctx = rowsServed.get(id);
    if (!ctx) return fail(404, 'availability not found');
    // Built afresh: nothing the caller of an earlier answer did to it can show here.
    const row = buildRow(ctx);
    const coords = (iata: string) => {
      const a = findAirport(iata);
      return { Lat: a?.lat ?? 0, Lon: a?.lon ?? 0 };
    };
    const body: TripsResponse = {
      data: row.AvailabilityTrips ?? [],
      origin_coordinates: coords(row.Route.OriginAirport),
      destination_coordinates: coords(row.Route.DestinationAirport),
      booking_links: [{ label: `Book on ${row.Source}`, link: `https://example.invalid/${row.Source}`, primary: true }],
      revalidation_id: `${id}-rv`,
    };
    return { status: 200, body };
  }

  return {
    handle(req, now) {
      if (req.method === 'GET' && req.path === '/search') return search(req, now);
      const tripMatch = /^\/trips\/([A-Za-z0-9]+)$/.exec(req.path);
      if (req.method === 'GET' && tripMatch) return trips(tripMatch[1]!);
      return fail(404, `no route for ${req.method} ${req.path}`);
    },
    outage() {
      return fail(503, 'seats.aero is temporarily unavailable');
    },
  };
}
