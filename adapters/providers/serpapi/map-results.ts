import type { CabinClass, CashOffer, FlightSegment, FlightSlice } from '../../../tools/_kit/providers.js';
import { flightOptionSchema } from './wire.js';

// Google Flights options (SerpApi wire format) → CashOffers. These are search
// results, not bookable offers: the id is SerpApi's token, prices are whole
// units of the requested currency, and there is no fare breakdown or expiry.

export type FlightOption = ReturnType<typeof flightOptionSchema.parse>;
type Leg = FlightOption['flights'][number];

export interface MapContext {
  /** ISO 4217 the search asked for; SerpApi prices in it. */
  currency: string;
  /** The cabin searched, used when a leg's class is missing or unknown. */
  cabin: CabinClass;
  /** ISO timestamp. */
  observedAt: string;
}

const CABIN_BY_LABEL: Record<string, CabinClass> = {
  economy: 'economy',
  'premium economy': 'premium_economy',
  business: 'business',
  first: 'first',
};

/** Options that do not match the wire format are dropped, not fatal: one odd row should not cost the search. */
export function parseOptions(raw: readonly unknown[]): FlightOption[] {
  const out: FlightOption[] = [];
  for (const item of raw) {
    const parsed = flightOptionSchema.safeParse(item);
    if (parsed.success && parsed.data.flights.every((leg) => splitFlightNumber(leg.flight_number))) out.push(parsed.data);
  }
  return out;
}

/** "UA 56" → { carrier: "UA", number: "56" }; undefined when it does not look like a flight number. */
export function splitFlightNumber(value: string): { carrier: string; number: string } | undefined {
  const match = /^([A-Z0-9]{2}[A-Z]?)\s*(\d{1,4}[A-Z]?)$/.exec(value.trim());
  return match ? { carrier: match[1]!, number: match[2]! } : undefined;
}

/** "2026-12-01 18:25" → "2026-12-01T18:25:00" (local time, no offset). */
export function toLocalIso(time: string): string {
  return `${time.replace(' ', 'T')}:00`;
}

/** SerpApi's "2026-11-21 10:00:00 UTC" → ISO; undefined when absent or unreadable. */
export function parseCreatedAt(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(value.trim());
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function cabinFromLabel(label: string | undefined): CabinClass | undefined {
  return label ? CABIN_BY_LABEL[label.trim().toLowerCase()] : undefined;
}

function toSegment(leg: Leg): FlightSegment {
  const { carrier, number } = splitFlightNumber(leg.flight_number)!;
  return {
    origin: leg.departure_airport.id,
    destination: leg.arrival_airport.id,
    departingAt: toLocalIso(leg.departure_airport.time),
    arrivingAt: toLocalIso(leg.arrival_airport.time),
    durationMinutes: leg.duration,
    marketingCarrier: carrier,
    ...(leg.airline ? { marketingCarrierName: leg.airline } : {}),
    flightNumber: number,
    ...(leg.airplane ? { aircraft: leg.airplane } : {}),
  };
}

export function toSlice(option: FlightOption): FlightSlice {
  const segments = option.flights.map(toSegment);
  return {
    origin: segments[0]!.origin,
    destination: segments[segments.length - 1]!.destination,
    durationMinutes: option.total_duration,
    segments,
  };
}

/** Mixed-cabin itineraries are labelled by their longest leg, as the fare mostly pays for that one. */
function offerCabin(options: readonly FlightOption[], fallback: CabinClass): CabinClass {
  let longest: Leg | undefined;
  for (const leg of options.flatMap((o) => o.flights)) {
    if (!longest || leg.duration > longest.duration) longest = leg;
  }
  return cabinFromLabel(longest?.travel_class) ?? fallback;
}

function emissionsKg(options: readonly FlightOption[]): number | undefined {
  let grams = 0;
  for (const option of options) {
    if (!option.carbon_emissions) return undefined;
    grams += option.carbon_emissions.this_flight;
  }
  return Math.round(grams / 1000);
}

/**
 * One offer from the options making up its slices (one for one way, outbound
 * then return for a round trip). `priced` carries the price and token: the
 * option itself one way, the return option (round-trip total) otherwise.
 * Null when SerpApi gave no price or token for it.
 */
export function toCashOffer(sliceOptions: readonly FlightOption[], priced: FlightOption, ctx: MapContext): CashOffer | null {
  const token = priced.booking_token ?? priced.departure_token;
  if (priced.price === undefined || !token) return null;
  const first = sliceOptions[0]!.flights[0]!;
  const owner = splitFlightNumber(first.flight_number)!.carrier;
  const emissions = emissionsKg(sliceOptions);
  return {
    provider: 'serpapi',
    providerOfferId: token,
    bookable: false,
    total: { amount: priced.price, currency: ctx.currency.toUpperCase() },
    cabin: offerCabin(sliceOptions, ctx.cabin),
    fareBrand: null,
    slices: sliceOptions.map(toSlice),
    owner,
    ...(first.airline ? { ownerName: first.airline } : {}),
    expiresAt: null,
    observedAt: ctx.observedAt,
    ...(emissions !== undefined ? { emissionsKg: emissions } : {}),
  };
}

/** One-way results: every priced option becomes an offer. */
export function mapOneWay(options: readonly FlightOption[], ctx: MapContext): CashOffer[] {
  return options.map((o) => toCashOffer([o], o, ctx)).filter((o): o is CashOffer => o !== null);
}

/** Return options fetched for one outbound: each becomes a two-slice offer priced at its round-trip total. */
export function mapRoundTrip(outbound: FlightOption, returns: readonly FlightOption[], ctx: MapContext): CashOffer[] {
  return mapItineraries([outbound], returns, ctx);
}

/** Last-leg options fetched after the legs chosen before it: each completes one itinerary, priced at its whole-trip total. */
export function mapItineraries(chosen: readonly FlightOption[], lastLeg: readonly FlightOption[], ctx: MapContext): CashOffer[] {
  return lastLeg.map((o) => toCashOffer([...chosen, o], o, ctx)).filter((o): o is CashOffer => o !== null);
}
