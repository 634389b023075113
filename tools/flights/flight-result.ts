import { z } from 'zod';
import { cabinClass } from './search-input.js';

// One flight as search returns it: the same flight from several providers is one
// result carrying every cash price and award option found for it.

export const SOURCE_NAMES = ['duffel', 'serpapi', 'seats_aero'] as const;
export const SourceName = z.enum(SOURCE_NAMES);
export type SourceName = z.output<typeof SourceName>;

export const SegmentView = z.object({
  flight: z.string().describe('Marketing carrier and number, e.g. "BA117".'),
  carrier: z.string().describe('Marketing carrier IATA code.'),
  operating_carrier: z.string().nullable().describe('Operating carrier when it differs or is known.'),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string().describe('Local time at the origin, YYYY-MM-DDTHH:MM:SS.'),
  arriving_at: z.string().describe('Local time at the destination, YYYY-MM-DDTHH:MM:SS.'),
  duration_minutes: z.number().int(),
  aircraft: z.string().nullable(),
});

export const SliceView = z.object({
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration_minutes: z.number().int(),
  stops: z.number().int(),
  segments: z.array(SegmentView),
});

export const MoneyView = z.object({ amount: z.number().describe('Major units.'), currency: z.string().describe('ISO 4217.') });

export const CashPriceView = z.object({
  source: z.enum(['duffel', 'serpapi']),
  amount: z.number().describe('The provider\'s total for all passengers, in major units of `currency`, as it quoted it. For a bookable offer this is the fare before our service fee, which checkout adds (see the result\'s checkout_total).'),
  currency: z.string().describe('The currency the provider quoted in; it can differ from the asked one.'),
  fare_brand: z.string().nullable(),
  bookable: z.boolean().describe('True when this service can book it; pass offer_id to the booking routes.'),
  offer_id: z.string().nullable().describe('Provider-prefixed offer id, e.g. "duffel:off_...", when bookable.'),
  expires_at: z.string().nullable(),
  refundable: z.boolean().nullable(),
  changeable: z.boolean().nullable(),
  checked_bags: z.number().int().nullable(),
  age_s: z.number().int().describe('Seconds since the provider produced this price.'),
});

export const AwardView = z.object({
  source: z.literal('seats_aero'),
  program: z.string().describe('Loyalty program (seats.aero source), e.g. "aeroplan".'),
  direction: z.enum(['outbound', 'return']),
  cabin: cabinClass,
  miles: z.number().int(),
  taxes: z.number(),
  taxes_currency: z.string(),
  seats_remaining: z.number().int().nullable().describe('null when the program does not report seat counts.'),
  age_s: z.number().int().describe('Seconds since the availability was last seen upstream.'),
});

export const BagsView = z.object({
  per_passenger: z.number().int().describe('Checked bags per seated passenger, as asked.'),
  total: z.number().nullable().describe('price with those bags for every seated passenger, in `currency`; null when unknown.'),
  basis: z.enum(['included', 'priced', 'unknown']).describe('included: the fare already includes them; priced: the booking provider\'s bag prices added; unknown: the source states no allowance or bag price, so no total is given.'),
}).describe('Only when the request gave bags.');

export const FlightResult = z.object({
  id: z.string().describe('Stable id of this flight in this search. The stream sends a flight once as a result event; what later providers change in it comes as update events with this id.'),
  price: z.number().nullable().describe(
    'The one price of this result, for all passengers. Bookable (bookable true): what checkout charges for offer_id with no extras (the fare plus our service fee), in `currency`; ' +
    'when the offer is priced in another currency than the asked one it is checkout_total converted at the reference rate fx_rate (an estimate: the card is charged checkout_total). ' +
    'Not bookable here (bookable false): the cheapest reference price (e.g. Google Flights), which no one can book through this service. null for award-only results.',
  ),
  currency: z.string().nullable().describe('The asked currency; the source\'s own currency only when no reference rate exists for it.'),
  fx_rate: z.number().nullable().describe('Units of `currency` per unit of the source currency used to convert `price`; null when price is in its source\'s own currency.'),
  checkout_total: MoneyView.nullable().describe(
    'Bookable results: exactly what checkout charges for offer_id for these passengers with no extras or seats (fare plus service fee), in the offer\'s own currency, which the card is charged in: ' +
    'the amount POST /api/booking/payment-intent asks for offer_id without services, while the offer\'s price holds. null when not bookable.',
  ),
  carrier: z.string().describe('IATA code of the main (first) marketing carrier.'),
  route: z.string().describe('Airports flown, e.g. "JFK-LHR" or "JFK-LHR-JFK".'),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string().nullable(),
  arriving_at: z.string().nullable(),
  duration_minutes: z.number().int().nullable().describe('Total time of all slices.'),
  stops: z.number().int().nullable().describe('Most stops in any slice.'),
  cabin: cabinClass,
  fare_brand: z.string().nullable().describe('Fare brand of the price shown.'),
  bookable: z.boolean().describe('True when this service can book the flight: `price` is then the price of offer_id. False: `price` is a reference only.'),
  offer_id: z.string().nullable().describe('The offer this result books and prices: the cheapest bookable one, provider-prefixed.'),
  expires_at: z.string().nullable().describe('When offer_id expires (about 30 minutes after search).'),
  slices: z.array(SliceView),
  dates: z.array(z.string()).describe('Local departure date of each slice (YYYY-MM-DD): on a flexible search, the dates this result is for.'),
  bags: BagsView.nullable(),
  prices: z.array(CashPriceView).describe('Every cash price found for this flight, cheapest first, each with its source and its own currency: other fare brands of the booking provider, and reference prices from other sources.'),
  awards: z.array(AwardView),
  sources: z.array(SourceName),
  data_age_s: z.number().int().describe('Age of the oldest data in this result, in seconds.'),
}).describe(
  'One flight a search found, whole: every price and award option for it, and its slices. MCP search_flights answers with these; ' +
  'the search stream sends the same flight as a StreamedFlight (slices by id, in slice events), which the SDKs\' FlightBoard turns back into this.',
);
export type FlightResult = z.output<typeof FlightResult>;

export const PROGRESS_REASONS = ['no_results', 'timeout', 'rate_limited', 'unavailable', 'bad_response', 'rejected', 'not_found', 'auth', 'network', 'circuit_open', 'overloaded', 'error'] as const;

export const ProviderProgress = z.object({
  provider: SourceName,
  status: z.enum(['ok', 'error']).describe('error also when the provider answered with nothing.'),
  reason: z.enum(PROGRESS_REASONS).nullable(),
  count: z.number().int().describe('Itineraries this provider returned.'),
  elapsed_ms: z.number().int(),
  mode: z.enum(['live', 'simulator']),
  cached: z.boolean(),
});
export type ProviderProgress = z.output<typeof ProviderProgress>;

export const DateSummary = z.object({
  departure_date: z.string(),
  return_date: z.string().nullable(),
  slice_dates: z.array(z.string()).optional().describe('Multi-city: every slice\'s date in this shift of the trip.'),
  status: z.enum(['searched', 'past', 'too_far']).describe('past or too_far: skipped, as no one sells that date.'),
  count: z.number().int().describe('Flights shown for these dates.'),
  cheapest: z.object({ id: z.string(), price: z.number(), currency: z.string(), bookable: z.boolean() }).nullable()
    .describe('The cheapest priced result for these dates (bookable or a reference); null when none.'),
}).describe('One date (pair) of a flexible search: sent as a `dates` event when it is done, and listed in the complete event.');
export type DateSummary = z.output<typeof DateSummary>;

export const SearchSummary = z.object({
  search_id: z.string(),
  count: z.number().int().describe('Distinct flights found.'),
  cheapest: z.object({ id: z.string(), price: z.number(), currency: z.string(), checkout_total: MoneyView.describe('What checkout charges for it, in the offer\'s own currency.') }).nullable()
    .describe('The cheapest bookable result (its price and currency as in the result); null when nothing shown can be booked.'),
  cheapest_reference: z.object({ id: z.string(), price: z.number(), currency: z.string() }).nullable()
    .describe('The cheapest result that cannot be booked here (a Google Flights price), for comparison only; null when there is none.'),
  providers: z.array(ProviderProgress),
  elapsed_ms: z.number().int(),
  cached: z.boolean().describe('True when the whole answer came from the search cache.'),
  cache_age_s: z.number().int().nullable(),
  cabin_source: z.enum(['request', 'playbook', 'default']).describe('Where the cabin came from: the request, the caller\'s saved playbook, or the economy default.'),
  hidden_avoided: z.number().int().describe('Flights found but not shown because their main carrier is avoided (the request\'s avoided_airlines, else the playbook\'s).'),
  preferred: z.object({
    airlines: z.array(z.string()).describe('The saved playbook\'s preferred airlines.'),
    count: z.number().int().describe('Shown flights whose main carrier is one of them.'),
    cheapest: z.object({ id: z.string(), carrier: z.string(), price: z.number(), currency: z.string(), bookable: z.boolean().describe('False: a reference price that cannot be booked here.') }).nullable()
      .describe('The cheapest of those with a cash price.'),
  }).nullable().describe('For a signed-in caller whose saved playbook names preferred airlines; null otherwise. Nothing is hidden or reordered for them.'),
  dates: z.array(DateSummary).nullable().describe('Flexible searches: every date (pair) in the window, in date order, with its cheapest result; null otherwise. providers then lists each provider once per searched date.'),
});
export type SearchSummary = z.output<typeof SearchSummary>;

/** The fields of a result a later provider answer can change; the flight itself (slices, times, route) never does. */
export const FLIGHT_CHANGING_FIELDS = ['price', 'currency', 'fx_rate', 'checkout_total', 'fare_brand', 'bookable', 'offer_id', 'expires_at', 'prices', 'awards', 'sources', 'data_age_s', 'bags'] as const;
type ChangingField = (typeof FLIGHT_CHANGING_FIELDS)[number];

export const FlightUpdate = FlightResult.pick({ id: true })
  .extend(FlightResult.pick(Object.fromEntries(FLIGHT_CHANGING_FIELDS.map((f) => [f, true])) as Record<ChangingField, true>).partial().shape)
  .describe(
    'What changed in a flight already sent in a `result` event of this stream, when a later provider answered for it: its id and only the fields whose value changed. ' +
    'Apply it over the earlier result: each field present replaces the old value whole (prices, awards and sources are complete lists, not additions); fields left out are unchanged.',
  );
export type FlightUpdate = z.output<typeof FlightUpdate>;

export const StreamedSlice = SliceView.extend({
  id: z.string().describe('Names this slice\'s content: the same id always means the same slice, in any search stream.'),
}).describe(
  'One slice (an outbound, return or multi-city leg) that a `result` event of this stream names in its slice_ids. ' +
  'It is sent as a `slice` event before the first result that uses it; results that share a slice (the same outbound with several returns) name it without repeating it.',
);
export type StreamedSlice = z.output<typeof StreamedSlice>;

export const StreamedFlight = FlightResult.omit({ slices: true }).extend({
  slice_ids: z.array(z.string()).describe('The flight\'s slices, in order, as ids of `slice` events sent earlier in this stream. Replace them with those slices to get the slices list of a full FlightResult.'),
}).describe('A flight as the search stream sends it: a FlightResult whose slices are given by id (slice_ids) instead of whole.');
export type StreamedFlight = z.output<typeof StreamedFlight>;

export const SearchEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('slice'), data: StreamedSlice }),
  z.object({ type: z.literal('result'), data: StreamedFlight }),
  z.object({ type: z.literal('update'), data: FlightUpdate }),
  z.object({ type: z.literal('progress'), data: ProviderProgress }),
  z.object({ type: z.literal('dates'), data: DateSummary }),
  z.object({ type: z.literal('complete'), data: SearchSummary }),
]);
export type SearchEvent = z.output<typeof SearchEvent>;

export const SearchOutput = z.object({
  results: z.array(FlightResult),
  summary: SearchSummary.nullable(),
});
