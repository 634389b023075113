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

export const CashPriceView = z.object({
  source: z.enum(['duffel', 'serpapi']),
  amount: z.number().describe('Total for all passengers, in major units.'),
  currency: z.string(),
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

export const FlightResult = z.object({
  id: z.string().describe('Stable id of this flight in this search; a later result event with the same id replaces the earlier one.'),
  price: z.number().nullable().describe('Cheapest cash total for all passengers; null for award-only results.'),
  currency: z.string().nullable(),
  carrier: z.string().describe('IATA code of the main (first) marketing carrier.'),
  route: z.string().describe('Airports flown, e.g. "JFK-LHR" or "JFK-LHR-JFK".'),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string().nullable(),
  arriving_at: z.string().nullable(),
  duration_minutes: z.number().int().nullable().describe('Total time of all slices.'),
  stops: z.number().int().nullable().describe('Most stops in any slice.'),
  cabin: cabinClass,
  fare_brand: z.string().nullable().describe('Fare brand of the cheapest price.'),
  bookable: z.boolean(),
  offer_id: z.string().nullable().describe('Cheapest bookable offer, provider-prefixed.'),
  expires_at: z.string().nullable().describe('When the cheapest bookable offer expires (about 30 minutes after search).'),
  slices: z.array(SliceView),
  prices: z.array(CashPriceView),
  awards: z.array(AwardView),
  sources: z.array(SourceName),
  data_age_s: z.number().int().describe('Age of the oldest data in this result, in seconds.'),
});
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

export const SearchSummary = z.object({
  search_id: z.string(),
  count: z.number().int().describe('Distinct flights found.'),
  cheapest: z.object({ id: z.string(), price: z.number(), currency: z.string() }).nullable(),
  providers: z.array(ProviderProgress),
  elapsed_ms: z.number().int(),
  cached: z.boolean().describe('True when the whole answer came from the search cache.'),
  cache_age_s: z.number().int().nullable(),
  cabin_source: z.enum(['request', 'playbook', 'default']).describe('Where the cabin came from: the request, the caller\'s saved playbook, or the economy default.'),
  hidden_avoided: z.number().int().describe('Flights found but not shown because their main carrier is avoided (the request\'s avoided_airlines, else the playbook\'s).'),
  preferred: z.object({
    airlines: z.array(z.string()).describe('The saved playbook\'s preferred airlines.'),
    count: z.number().int().describe('Shown flights whose main carrier is one of them.'),
    cheapest: z.object({ id: z.string(), carrier: z.string(), price: z.number(), currency: z.string() }).nullable().describe('The cheapest of those with a cash price.'),
  }).nullable().describe('For a signed-in caller whose saved playbook names preferred airlines; null otherwise. Nothing is hidden or reordered for them.'),
});
export type SearchSummary = z.output<typeof SearchSummary>;

export const SearchEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), data: FlightResult }),
  z.object({ type: z.literal('progress'), data: ProviderProgress }),
  z.object({ type: z.literal('complete'), data: SearchSummary }),
]);
export type SearchEvent = z.output<typeof SearchEvent>;

export const SearchOutput = z.object({
  results: z.array(FlightResult),
  summary: SearchSummary.nullable(),
});
