import type { AwardOffer, CabinClass, FlightSegment, FlightSlice } from '../../../tools/_kit/providers.js';
import { minutesBetween, wallClock } from './local-time.js';
import { moneyFromMinor } from './money.js';
import type { Availability, AvailabilitySegment, AvailabilityTrip, CabinLetter, WireCabin } from './wire.js';

// seats.aero rows → AwardOffer. A row with trips gives one offer per trip in
// the requested cabin, with flight detail; a row without trips gives one
// route-and-day offer for the cabin. Only the requested cabin is returned; the
// search layer asks again when it wants others.

export const CABIN_LETTER: Record<CabinClass, CabinLetter> = { economy: 'Y', premium_economy: 'W', business: 'J', first: 'F' };
export const WIRE_CABIN: Record<CabinClass, WireCabin> = { economy: 'economy', premium_economy: 'premium', business: 'business', first: 'first' };
const FROM_WIRE_CABIN: Record<WireCabin, CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

const FLIGHT_NUMBER = /^([A-Z0-9]{2})\s*(\d{1,5}[A-Z]?)$/;

/** "UA123" → carrier "UA", number "123"; null when it does not look like a flight number. */
export function splitFlightNumber(value: string): { carrier: string; number: string } | null {
  const m = FLIGHT_NUMBER.exec(value.trim().toUpperCase());
  return m ? { carrier: m[1]!, number: m[2]! } : null;
}

/** "UA, LH" → ["UA", "LH"]. */
export function splitCarriers(value: string | null | undefined): string[] {
  if (!value) return [];
  if (!value.includes(',')) {
    const one = value.trim().toUpperCase();
    return one.length > 0 ? [one] : [];
  }
  return [...new Set(value.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s.length > 0))];
}

/** Whether the segments are already in Order (they usually are), so no sorted copy is needed. */
function inOrder(segments: readonly AvailabilitySegment[]): boolean {
  for (let i = 1; i < segments.length; i++) if (segments[i - 1]!.Order > segments[i]!.Order) return false;
  return true;
}

function seatsOrNull(n: number | undefined): number | null {
  return typeof n === 'number' && n > 0 ? n : null;
}

function mapSegment(seg: AvailabilitySegment, fallbackDuration: number | null): FlightSegment | null {
  const flight = splitFlightNumber(seg.FlightNumber ?? '');
  const departingAt = wallClock(seg.DepartsAt ?? '');
  const arrivingAt = wallClock(seg.ArrivesAt ?? '');
  if (!flight || !departingAt || !arrivingAt) return null;
  // Prefer the segment's own duration, then the zones of its airports.
  const duration =
    typeof seg.Duration === 'number' && seg.Duration > 0
      ? seg.Duration
      : (minutesBetween(departingAt, seg.OriginAirport, arrivingAt, seg.DestinationAirport) ?? fallbackDuration ?? 0);
  return {
    origin: seg.OriginAirport,
    destination: seg.DestinationAirport,
    departingAt,
    arrivingAt,
    durationMinutes: duration,
    marketingCarrier: flight.carrier,
    flightNumber: flight.number,
    ...(seg.AircraftName ? { aircraft: seg.AircraftName } : {}),
    ...(seg.ID ? { providerSegmentId: seg.ID } : {}),
  };
}

/** One slice from a trip's segments in Order; null when any segment is unreadable. */
function tripSlice(trip: AvailabilityTrip): FlightSlice | null {
  const given = trip.AvailabilitySegments ?? [];
  const ordered = inOrder(given) ? given : [...given].sort((a, b) => a.Order - b.Order);
  if (ordered.length === 0) return null;
  const single = ordered.length === 1 ? (trip.TotalDuration ?? null) : null;
  const segments: FlightSegment[] = [];
  for (const seg of ordered) {
    const mapped = mapSegment(seg, single);
    if (!mapped) return null;
    segments.push(mapped);
  }
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  return {
    origin: first.origin,
    destination: last.destination,
    durationMinutes: trip.TotalDuration > 0 ? trip.TotalDuration : segments.reduce((sum, s) => sum + s.durationMinutes, 0),
    segments,
    ...(trip.ID ? { providerSliceId: trip.ID } : {}),
  };
}

function tripOffer(row: Availability, trip: AvailabilityTrip, cabin: CabinClass): AwardOffer | null {
  if (!(trip.MileageCost > 0)) return null;
  const slice = tripSlice(trip);
  const airlines = splitCarriers(trip.Carriers);
  return {
    provider: 'seats_aero',
    program: trip.Source || row.Source,
    cabin,
    miles: trip.MileageCost,
    taxes: moneyFromMinor(trip.TotalTaxes, trip.TaxesCurrency || row.TaxesCurrency),
    seatsRemaining: seatsOrNull(trip.RemainingSeats),
    origin: slice?.origin ?? row.Route.OriginAirport,
    destination: slice?.destination ?? row.Route.DestinationAirport,
    date: row.Date,
    // The segment count is the better witness: trip-level Stops has been seen wrong.
    direct: slice ? slice.segments.length === 1 : trip.Stops === 0,
    airlines: airlines.length > 0 ? airlines : [...new Set(slice?.segments.map((s) => s.marketingCarrier) ?? [])],
    slices: slice ? [slice] : [],
    availabilityId: trip.ID,
    observedAt: trip.UpdatedAt || row.UpdatedAt,
  };
}

function rowOffer(row: Availability, cabin: CabinClass): AwardOffer | null {
  const c = CABIN_LETTER[cabin];
  if (!row[`${c}Available`]) return null;
  const miles = row[`${c}MileageCostRaw`] > 0 ? row[`${c}MileageCostRaw`] : Number(row[`${c}MileageCost`]);
  if (!Number.isFinite(miles) || miles <= 0) return null;
  return {
    provider: 'seats_aero',
    program: row.Source,
    cabin,
    miles,
    taxes: moneyFromMinor(row[`${c}TotalTaxes`], row.TaxesCurrency),
    seatsRemaining: seatsOrNull(row[`${c}RemainingSeats`]),
    origin: row.Route.OriginAirport,
    destination: row.Route.DestinationAirport,
    date: row.Date,
    direct: row[`${c}Direct`] === true,
    airlines: splitCarriers(row[`${c}Airlines`]),
    slices: [],
    availabilityId: row.ID,
    observedAt: row.UpdatedAt,
  };
}

/** Offers in one cabin from seats.aero availability rows. */
export function mapAvailability(rows: readonly Availability[], cabin: CabinClass): AwardOffer[] {
  const offers: AwardOffer[] = [];
  for (const row of rows) {
    // Straight from the parsed trips to offers: trips in other cabins are skipped, no lists in between.
    const before = offers.length;
    for (const trip of row.AvailabilityTrips ?? []) {
      if (FROM_WIRE_CABIN[trip.Cabin] !== cabin) continue;
      const offer = tripOffer(row, trip, cabin);
      if (offer) offers.push(offer);
    }
    if (offers.length > before) continue;
    // No trip detail in this cabin: the row still says the route and day have space.
    const offer = rowOffer(row, cabin);
    if (offer) offers.push(offer);
  }
  return offers;
}
