import { z } from 'zod';

// SerpApi's Google Flights engine wire format, field names exactly as sent.
// Sources: SerpApi's engine-parameter JSON (serpapi/serpapi-mcp
// engines/google_flights.json), its docs on search errors and status codes, and
// recorded responses; see /work/shared/design/providers.md §4.

/** `travel_class`: 1 economy, 2 premium economy, 3 business, 4 first. */
export type WireTravelClass = 1 | 2 | 3 | 4;
/** `type`: 1 round trip (SerpApi's default), 2 one way, 3 multi-city. */
export type WireTripType = 1 | 2 | 3;
/** `stops`: 0 any, 1 nonstop only, 2 one stop or fewer, 3 two stops or fewer. */
export type WireStops = 0 | 1 | 2 | 3;

/** Query parameters of GET /search for engine=google_flights (the client adds engine, api_key and output). */
export interface SerpApiFlightsParams {
  /** IATA code(s) or kgmid, comma-separated for several. Not sent on a multi-city search (type 3). */
  departure_id?: string;
  arrival_id?: string;
  /** YYYY-MM-DD; not sent on a multi-city search. */
  outbound_date?: string;
  /** Type 3 only: a JSON array of the legs, each {departure_id, arrival_id, date}, in travel order. */
  multi_city_json?: string;
  /** YYYY-MM-DD; required when type is 1. */
  return_date?: string;
  type: WireTripType;
  travel_class: WireTravelClass;
  adults: number;
  children: number;
  infants_in_seat?: number;
  infants_on_lap: number;
  /** ISO 4217; SerpApi defaults to USD. */
  currency: string;
  /** Interface language, e.g. "en". */
  hl: string;
  gl?: string;
  stops?: WireStops;
  deep_search?: boolean;
  /** Fetches the return (next-leg) options for one outbound option. */
  departure_token?: string;
  /** Fetches booking options for a complete itinerary; exclusive with departure_token. */
  booking_token?: string;
}

export interface SerpApiSearchMetadata {
  id: string;
  /** Processing and Queued only appear for async searches. */
  status: 'Success' | 'Processing' | 'Queued' | 'Error';
  json_endpoint?: string;
  /** "2026-11-21 10:00:00 UTC" */
  created_at?: string;
  processed_at?: string;
  google_flights_url?: string;
  raw_html_file?: string;
  prettify_html_file?: string;
  /** Seconds. */
  total_time_taken?: number;
}

export interface SerpApiAirportTime {
  name: string;
  /** IATA code. */
  id: string;
  /** Local time at the airport, "YYYY-MM-DD HH:MM". */
  time: string;
}

/** One flight (leg) of an option. */
export interface SerpApiLeg {
  departure_airport: SerpApiAirportTime;
  arrival_airport: SerpApiAirportTime;
  /** Minutes. */
  duration: number;
  airplane?: string;
  /** Airline name, e.g. "United". */
  airline: string;
  airline_logo?: string;
  /** "Economy", "Premium Economy", "Business", "First". */
  travel_class: string;
  /** Carrier code and number with a space, e.g. "UA 56". */
  flight_number: string;
  /** e.g. "31 in" */
  legroom?: string;
  extensions?: string[];
  ticket_also_sold_by?: string[];
  often_delayed_by_over_30_min?: boolean;
  overnight?: boolean;
  plane_and_crew_by?: string;
}

export interface SerpApiLayover {
  /** Minutes. */
  duration: number;
  name: string;
  /** IATA code. */
  id: string;
  overnight?: boolean;
}

export interface SerpApiCarbonEmissions {
  /** Grams. */
  this_flight: number;
  typical_for_this_route: number;
  difference_percent: number;
}

/** One entry of best_flights or other_flights. */
export interface SerpApiFlightOption {
  flights: SerpApiLeg[];
  layovers?: SerpApiLayover[];
  /** Minutes, first departure to last arrival. */
  total_duration: number;
  carbon_emissions?: SerpApiCarbonEmissions;
  /** Whole units of the requested currency; for a round trip, the round-trip total. Sometimes absent upstream. */
  price?: number;
  /** "Round trip", "One way" or "Multi-city". */
  type: string;
  airline_logo?: string;
  extensions?: string[];
  /** On the first leg of a round trip or multi-city search. */
  departure_token?: string;
  /** On a complete itinerary. */
  booking_token?: string;
}

export interface SerpApiPriceInsights {
  lowest_price: number;
  price_level: 'low' | 'typical' | 'high';
  typical_price_range: [number, number];
  /** [unix seconds, price] pairs, oldest first. */
  price_history: [number, number][];
}

export interface SerpApiAirportInfo {
  airport: { id: string; name: string };
  city: string;
  /** Country name, e.g. "United States". */
  country: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  image?: string;
  thumbnail?: string;
}

/** One entry per searched leg: where it leaves from and arrives at. */
export interface SerpApiAirportsEntry {
  departure: SerpApiAirportInfo[];
  arrival: SerpApiAirportInfo[];
}

export interface SerpApiFlightsResponse {
  search_metadata: SerpApiSearchMetadata;
  /** The request's parameters echoed back (strings or numbers as given), never the api_key. */
  search_parameters: Record<string, string | number | boolean>;
  best_flights?: SerpApiFlightOption[];
  other_flights?: SerpApiFlightOption[];
  price_insights?: SerpApiPriceInsights;
  airports?: SerpApiAirportsEntry[];
  /** Present on failed searches, and on successful ones that found nothing. */
  error?: string;
}

/** Body of every non-200 answer. */
export interface SerpApiErrorBody {
  error: string;
}

/** One leg of `multi_city_json`. */
export interface SerpApiMultiCityLeg {
  departure_id: string;
  arrival_id: string;
  /** YYYY-MM-DD */
  date: string;
}

/** The message a successful search carries when Google Flights found nothing. */
export const NO_RESULTS_MESSAGE = "Google Flights hasn't returned any results for this query.";

// Validators for the parts the adapter reads. Unknown fields are left out, not
// rejected: SerpApi adds fields over time and must not break the mapping. (Passing
// them through copied every option's layovers, extensions and logos: ~7 % of what a
// search allocated, for fields nothing reads.)

const airportTimeSchema = z.object({
  name: z.string().optional(),
  id: z.string().regex(/^[A-Z0-9]{3}$/),
  time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
});

const legSchema = z.object({
  departure_airport: airportTimeSchema,
  arrival_airport: airportTimeSchema,
  duration: z.number().int().nonnegative(),
  airplane: z.string().optional(),
  airline: z.string().optional(),
  travel_class: z.string().optional(),
  flight_number: z.string(),
});

export const flightOptionSchema = z.object({
  flights: z.array(legSchema).min(1),
  total_duration: z.number().int().nonnegative(),
  carbon_emissions: z.object({ this_flight: z.number().nonnegative() }).optional(),
  price: z.number().nonnegative().optional(),
  departure_token: z.string().min(1).optional(),
  booking_token: z.string().min(1).optional(),
});

/** The envelope of a 200 answer: options are validated one by one, so one odd option does not sink the rest. */
export const flightsResponseSchema = z.looseObject({
  search_metadata: z.looseObject({ status: z.string(), created_at: z.string().optional() }),
  best_flights: z.array(z.unknown()).optional(),
  other_flights: z.array(z.unknown()).optional(),
  error: z.string().optional(),
});
