import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { FlightResult, SearchOutput } from './flight-result.js';
import { MAX_BAGS, MAX_FLEXIBLE_DAYS, MAX_SLICES, cabinClass, isoDate, placeCode, shapeProblems, type FlightSearchRequest } from './search-input.js';

// search_flights keeps the documented camelCase arguments and answers
// {results, source, count}. Results are trimmed to what a model needs to compare
// and act, so 20 of them stay well under 8k tokens.

/** Most results an MCP answer carries; the REST stream has them all. */
export const MCP_RESULT_LIMIT = 20;
/** Award options kept per result: the cheapest few. */
const MCP_AWARDS_PER_RESULT = 3;

const McpSlice = z.object({ origin: placeCode, destination: placeCode, date: isoDate }).strict();

const McpArgs = z
  .object({
    origin: placeCode.optional().describe('Departure airport or city IATA code, e.g. "JFK".'),
    destination: placeCode.optional().describe('Arrival airport or city IATA code, e.g. "LHR".'),
    date: isoDate.optional().describe('Departure date, YYYY-MM-DD.'),
    returnDate: isoDate.optional().describe('Return date for a round trip, YYYY-MM-DD.'),
    slices: z.array(McpSlice).min(2).max(MAX_SLICES).optional().describe('Multi-city: 2-6 legs in order instead of origin/destination/date; cash only.'),
    flexibleDays: z.number().int().min(0).max(MAX_FLEXIBLE_DAYS).optional().describe('Also search ±N days (0-3); see byDate.'),
    bags: z.number().int().min(0).max(MAX_BAGS).optional().describe('Checked bags per passenger; sets bagsTotal.'),
    cabinClass: cabinClass.optional().describe('economy (default), premium_economy, business or first.'),
    searchType: z.enum(['cash', 'points', 'all']).optional().describe('cash fares, points (award seats), or all (default).'),
  })
  .superRefine((a, ctx) => {
    const problems = shapeProblems(
      { origin: a.origin, destination: a.destination, departure: a.date, ret: a.returnDate, slices: a.slices, flexible: a.flexibleDays, searchType: a.searchType === 'points' ? 'points' : undefined },
      { origin: 'origin', destination: 'destination', departure: 'date', ret: 'returnDate', slices: 'slices', sliceDate: 'date', flexible: 'flexibleDays', searchType: 'searchType' },
    );
    for (const p of problems) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

/** A leg in one line, e.g. "BA117 JFK 2026-03-01T18:30 LHR 2026-03-02T06:40": compact, since a result may have eight. */
const legLine = (g: { flight: string; origin: string; destination: string; departing_at: string; arriving_at: string }) =>
  `${g.flight} ${g.origin} ${g.departing_at.slice(0, 16)} ${g.destination} ${g.arriving_at.slice(0, 16)}`;

/** One slice of the trip: the outbound, the return of a round trip, or a later flight of a multi-city one. */
const Slice = z.object({
  direction: z.enum(['outbound', 'return', 'onward']).describe('onward: a later flight of a multi-city trip.'),
  from: z.string(),
  to: z.string(),
  depart: z.string().describe('Local time at from.'),
  arrive: z.string().describe('Local time at to.'),
  durationMin: z.number().int(),
  stops: z.number().int(),
  via: z.array(z.string()).describe('Connection airports, in order.'),
  legs: z.array(z.string()).describe('"flight from departure to arrival", local times.'),
});

const CompactFlight = z.object({
  id: z.string(),
  price: z.number().nullable().describe('bookable: what booking offerId costs, fare plus service fee, no extras (converted at the reference rate when checkoutTotal is in another currency). Not bookable: a reference price only.'),
  currency: z.string().nullable(),
  checkoutTotal: z.object({ amount: z.number(), currency: z.string() }).nullable().describe('bookable: exactly what the card is charged, in the offer\'s own currency.'),
  carrier: z.string(),
  durationMin: z.number().int().nullable(),
  stops: z.number().int().nullable(),
  flights: z.string().describe('Flight numbers, e.g. "BA117" or "UA901 LH400 / LH401 UA902".'),
  itinerary: z.array(Slice).describe('Outbound, then the return of a round trip, each with its legs.'),
  cabin: z.string(),
  fareBrand: z.string().nullable(),
  bookable: z.boolean(),
  offerId: z.string().nullable().describe('Pass to the booking tools to book this fare.'),
  expiresAt: z.string().nullable(),
  awards: z.array(
    z.object({ program: z.string(), direction: z.enum(['outbound', 'return']), cabin: z.string(), miles: z.number().int(), taxes: z.number(), currency: z.string(), seats: z.number().int().nullable() }),
  ),
  sources: z.array(z.string()),
  dates: z.array(z.string()).describe('Departure date of each slice.'),
  bagsTotal: z.number().nullable().optional().describe('price with the asked bags; null when unknown.'),
});

const McpOutput = z.object({
  results: z.array(CompactFlight),
  source: z.string().describe('Providers that answered, comma-separated; "(cached)" when served from the search cache.'),
  count: z.number().int().describe('Results returned here (at most 20).'),
  totalFound: z.number().int().describe('Distinct flights found in all.'),
  preferred: z.object({
    airlines: z.array(z.string()),
    count: z.number().int().describe('Flights found on these airlines.'),
    cheapest: CompactFlight.nullable().describe('The cheapest of them, even when it is not among the 20 results.'),
  }).nullable().describe('The caller\'s saved preferred airlines (playbook) and how they fare here; null without any.'),
  cheapestBookable: z
    .object({ id: z.string(), offerId: z.string(), price: z.number().nullable(), currency: z.string() })
    .nullable()
    .describe('The cheapest result with an offerId, even when not listed (mixed multi-city legs are often cheaper but unbookable).'),
  byDate: z.array(z.object({ date: z.string(), returnDate: z.string().nullable(), skipped: z.boolean(), count: z.number().int(), cheapest: z.number().nullable(), currency: z.string().nullable() }))
    .optional().describe('With flexibleDays: each date\'s cheapest price.'),
});

function compact(r: FlightResult): z.output<typeof CompactFlight> {
  return {
    id: r.id,
    price: r.price,
    currency: r.currency,
    checkoutTotal: r.checkout_total,
    carrier: r.carrier,
    durationMin: r.duration_minutes,
    stops: r.stops,
    flights: r.slices.map((s) => s.segments.map((g) => g.flight).join(' ')).join(' / '),
    itinerary: r.slices.map((s, i, all) => ({
      direction: i === 0 ? 'outbound' : all.length === 2 ? 'return' : 'onward',
      from: s.origin,
      to: s.destination,
      depart: s.departing_at,
      arrive: s.arriving_at,
      durationMin: s.duration_minutes,
      stops: s.stops,
      via: s.segments.slice(1).map((g) => g.origin),
      legs: s.segments.map(legLine),
    })),
    cabin: r.cabin,
    fareBrand: r.fare_brand,
    bookable: r.bookable,
    offerId: r.offer_id,
    expiresAt: r.expires_at,
    awards: r.awards
      .slice(0, MCP_AWARDS_PER_RESULT)
      .map((a) => ({ program: a.program, direction: a.direction, cabin: a.cabin, miles: a.miles, taxes: a.taxes, currency: a.taxes_currency, seats: a.seats_remaining })),
    sources: r.sources,
    dates: r.dates,
    ...(r.bags ? { bagsTotal: r.bags.total } : {}),
  };
}

export const searchFlightsMcp: McpExposure<typeof FlightSearchRequest, typeof SearchOutput> = {
  name: 'search_flights',
  description:
    'Searches cash fares and award seats, one result per flight. Resolve place names with suggest_places first. Pass origin, destination (IATA codes), date and returnDate ' +
    'for a round trip, or slices for a multi-city trip; flexibleDays also searches nearby dates, bags prices checked bags. Answers within about 30 s (progress per provider ' +
    'with a progressToken), cheapest first (totalFound counts all). Each result: price, carrier, itinerary (per slice: times, stops, via airports, legs with flight numbers), ' +
    'cabin, fareBrand, bookable, offerId, awards (program, direction, cabin, miles, taxes); cheapestBookable. bookable: price is what offerId costs and checkoutTotal what the card is charged; ' +
    'otherwise a reference. A saved playbook fills cabinClass and hides avoided airlines; preferred shows its preferred ones. ' +
    'Next: quote_booking with offerId (get_seat_map for seats; search_offers for a party with children).',
  annotations: { title: 'Search flights', readOnlyHint: true, openWorldHint: true },
  input: McpArgs,
  toInput: (args) => {
    const a = args as z.output<typeof McpArgs>;
    return {
      ...(a.slices ? { slices: a.slices.map((x) => ({ origin: x.origin, destination: x.destination, departure_date: x.date })) } : {}),
      ...(a.origin ? { origin: a.origin } : {}),
      ...(a.destination ? { destination: a.destination } : {}),
      ...(a.date ? { departure_date: a.date } : {}),
      ...(a.returnDate ? { return_date: a.returnDate } : {}),
      ...(a.flexibleDays !== undefined ? { flexible_days: a.flexibleDays } : {}),
      ...(a.bags !== undefined ? { bags: a.bags } : {}),
      ...(a.cabinClass ? { cabin_class: a.cabinClass } : {}),
      search_type: a.searchType === 'all' || a.searchType === undefined ? 'both' : a.searchType,
    };
  },
  output: McpOutput,
  fromOutput: (out) => {
    const answered = out.summary?.providers.filter((p) => p.status === 'ok').map((p) => p.provider) ?? [];
    const source = `${answered.join(',') || 'none'}${out.summary?.cached ? ' (cached)' : ''}`;
    const results = out.results.slice(0, MCP_RESULT_LIMIT).map(compact);
    const p = out.summary?.preferred ?? null;
    const cheapestPreferred = p?.cheapest ? out.results.find((r) => r.id === p.cheapest?.id) : undefined;
    const preferred = p ? { airlines: p.airlines, count: p.count, cheapest: cheapestPreferred ? compact(cheapestPreferred) : null } : null;
    const dates = out.summary?.dates;
    // Listed results may all be reference prices (Google Flights' cheapest legs): name the cheapest one a model can book.
    const bookable = out.results.find((r) => r.bookable && r.offer_id !== null);
    const shown = bookable ? compact(bookable) : null;
    const cheapestBookable = bookable?.offer_id && shown ? { id: bookable.id, offerId: bookable.offer_id, price: shown.price, currency: shown.currency } : null;
    const byDate = dates?.map((d) => ({ date: d.departure_date, returnDate: d.return_date, skipped: d.status !== 'searched', count: d.count, cheapest: d.cheapest?.price ?? null, currency: d.cheapest?.currency ?? null }));
    return { results, source, count: results.length, totalFound: out.results.length, preferred, cheapestBookable, ...(byDate ? { byDate } : {}) };
  },
  list: { field: 'results', defaultLimit: 10, maxLimit: MCP_RESULT_LIMIT, totalField: 'totalFound' },
};
