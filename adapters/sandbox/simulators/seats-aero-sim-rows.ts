import { regionOfAirport } from '../../providers/seats-aero/regions.js';
import type { Availability, AvailabilitySegment, AvailabilityTrip, CabinLetter, WireCabin } from '../../providers/seats-aero/wire.js';
import { CABIN_LETTERS } from '../../providers/seats-aero/wire.js';
import { hash32, mulberry32, timeBucket, unit } from './seeded.js';
import { distanceKm } from './world/index.js';
import type { AwardSpace } from './world/types.js';

// Turns the world's award space into seats.aero availability rows: one row per
// program, route and day with each cabin's cheapest space, and one trip per
// itinerary. Ids are hashes, so the same space always has the same ids.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KM_PER_MILE = 1.609344;
const WIRE_CABIN: Record<CabinLetter, WireCabin> = { Y: 'economy', W: 'premium', J: 'business', F: 'first' };
/** IATA type codes for the world's aircraft names, as AircraftCode carries them. */
const AIRCRAFT_CODES: Record<string, string> = {
  'Embraer E175': 'E75',
  'Bombardier CRJ900': 'CR9',
  'Embraer E190': 'E90',
  'Airbus A220-300': '223',
  'Airbus A320neo': '32N',
  'Airbus A321neo': '32Q',
  'Airbus A321LR': '32Q',
  'Airbus A321XLR': '32Q',
  'Boeing 737-800': '738',
  'Boeing 737 MAX 8': '7M8',
  'Boeing 737 MAX 9': '7M9',
  'Boeing 787-8': '788',
  'Boeing 787-9': '789',
  'Airbus A330-300': '333',
  'Airbus A350-900': '359',
  'Boeing 777-300ER': '77W',
  'Airbus A380-800': '388',
};
const SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', AUD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** A 26-character base62 id fixed by the parts. */
export function stableId(...parts: readonly (string | number)[]): string {
  const draw = mulberry32(hash32('seats.aero', ...parts));
  let id = '';
  for (let i = 0; i < 26; i++) id += BASE62[Math.floor(draw() * 62)];
  return id;
}

interface CacheTimes {
  CreatedAt: string;
  UpdatedAt: string;
}

/**
 * seats.aero serves a cache: each row was last refreshed minutes to hours ago.
 * The age holds still within a 15-minute bucket, so repeated searches agree.
 */
function cacheTimes(seed: string, rowKey: string, now: Date): CacheTimes {
  const bucket = timeBucket(now, 15);
  const bucketStart = bucket * 15 * 60_000;
  const ageMin = 5 + Math.floor(unit(seed, rowKey, bucket, 'age') * 355); // 5 min to 6 h
  const firstSeenDays = Math.floor(unit(seed, rowKey, 'created') * 21);
  const updated = bucketStart - ageMin * 60_000;
  const created = updated - firstSeenDays * 86_400_000 - Math.floor(unit(seed, rowKey, 'created-min') * 1440) * 60_000;
  return { CreatedAt: new Date(created).toISOString(), UpdatedAt: new Date(updated).toISOString() };
}

/** Local wall-clock time written the way seats.aero writes it: with a "Z" that is not UTC. */
function seatsAeroTime(local: string): string {
  return `${local.slice(0, 19)}Z`;
}

function routeDistanceMiles(origin: string, destination: string): number {
  const km = distanceKm(origin, destination);
  return Number.isFinite(km) ? Math.round(km / KM_PER_MILE) : 0;
}

export interface RowContext {
  seed: string;
  now: Date;
  origin: string;
  destination: string;
  date: string;
  program: string;
  /** Every space of this program on this route and day. */
  spaces: readonly AwardSpace[];
  includeTrips: boolean;
}

function buildTrip(ctx: RowContext, rowId: string, routeId: string, space: AwardSpace, times: CacheTimes): AvailabilityTrip {
  const tripId = stableId(ctx.seed, 'trip', rowId, space.cabin, space.itinerary.key);
  const wireCabin = WIRE_CABIN[space.cabin];
  const segs = space.itinerary.segments;
  const segments: AvailabilitySegment[] = segs.map((f, order) => ({
    ID: stableId(ctx.seed, 'segment', tripId, order),
    RouteID: routeId,
    AvailabilityID: rowId,
    AvailabilityTripID: tripId,
    FlightNumber: `${f.carrier}${f.flightNumber}`,
    Distance: Math.round(f.distanceKm / KM_PER_MILE),
    FareClass: space.cabin === 'Y' ? 'X' : space.cabin === 'W' ? 'O' : space.cabin === 'J' ? 'I' : 'O',
    AircraftName: f.aircraft,
    AircraftCode: AIRCRAFT_CODES[f.aircraft] ?? '',
    OriginAirport: f.origin,
    DestinationAirport: f.destination,
    DepartsAt: seatsAeroTime(f.departLocal),
    ArrivesAt: seatsAeroTime(f.arriveLocal),
    Cabin: wireCabin,
    Order: order,
    Source: ctx.program,
    ...times,
  }));
  const carriers = [...new Set(segs.map((f) => f.carrier))];
  return {
    ID: tripId,
    RouteID: routeId,
    AvailabilityID: rowId,
    AvailabilitySegments: segments,
    TotalDuration: space.itinerary.durationMinutes,
    Stops: segs.length - 1,
    Carriers: carriers.join(', '),
    RemainingSeats: space.remainingSeats,
    MileageCost: space.miles,
    TotalTaxes: space.taxesMinor,
    TaxesCurrency: space.taxesCurrency,
    TaxesCurrencySymbol: SYMBOLS[space.taxesCurrency] ?? space.taxesCurrency,
    AllianceCost: 0,
    TotalSegmentDistance: Math.round(space.itinerary.distanceKm / KM_PER_MILE),
    FlightNumbers: segs.map((f) => `${f.carrier}${f.flightNumber}`).join(', '),
    DepartsAt: segments[0]!.DepartsAt,
    ArrivesAt: segments[segments.length - 1]!.ArrivesAt,
    Cabin: wireCabin,
    Source: ctx.program,
    Filtered: false,
    ...times,
  };
}

type CabinColumns = Record<string, boolean | string | number>;

/** The cabin's columns: cheapest miles, that option's taxes and seats, every carrier seen. */
function cabinColumns(letter: CabinLetter, spaces: readonly AwardSpace[]): CabinColumns {
  const inCabin = spaces.filter((s) => s.cabin === letter);
  if (inCabin.length === 0) {
    return { [`${letter}Available`]: false, [`${letter}MileageCost`]: '0', [`${letter}MileageCostRaw`]: 0, [`${letter}TotalTaxes`]: 0, [`${letter}RemainingSeats`]: 0, [`${letter}Airlines`]: '', [`${letter}Direct`]: false };
  }
  const miles = Math.min(...inCabin.map((s) => s.miles));
  const cheapest = inCabin.filter((s) => s.miles === miles);
  const airlines = [...new Set(inCabin.flatMap((s) => s.itinerary.segments.map((f) => f.carrier)))];
  return {
    [`${letter}Available`]: true,
    [`${letter}MileageCost`]: String(miles),
    [`${letter}MileageCostRaw`]: miles,
    [`${letter}TotalTaxes`]: Math.min(...cheapest.map((s) => s.taxesMinor)),
    [`${letter}RemainingSeats`]: Math.max(...cheapest.map((s) => s.remainingSeats)),
    [`${letter}Airlines`]: airlines.join(', '),
    [`${letter}Direct`]: inCabin.some((s) => s.itinerary.segments.length === 1),
  };
}

/** One availability row for one program on one route and day. */
export function buildRow(ctx: RowContext): Availability {
  const routeId = stableId(ctx.seed, 'route', ctx.program, ctx.origin, ctx.destination);
  const rowId = stableId(ctx.seed, 'availability', routeId, ctx.date);
  const times = cacheTimes(ctx.seed, rowId, ctx.now);
  const columns = Object.assign({}, ...CABIN_LETTERS.map((c) => cabinColumns(c, ctx.spaces))) as CabinColumns;
  const row = {
    ID: rowId,
    RouteID: routeId,
    Route: {
      ID: routeId,
      OriginAirport: ctx.origin,
      OriginRegion: regionOfAirport(ctx.origin),
      DestinationAirport: ctx.destination,
      DestinationRegion: regionOfAirport(ctx.destination),
      NumDaysOut: [330, 337, 355, 360][hash32(ctx.program) % 4]!,
      Distance: routeDistanceMiles(ctx.origin, ctx.destination),
      Source: ctx.program,
    },
    Date: ctx.date,
    ParsedDate: `${ctx.date}T00:00:00Z`,
    ...columns,
    TaxesCurrency: ctx.spaces[0]?.taxesCurrency ?? 'USD',
    Source: ctx.program,
    ...times,
    ...(ctx.includeTrips ? { AvailabilityTrips: ctx.spaces.map((s) => buildTrip(ctx, rowId, routeId, s, times)) } : { AvailabilityTrips: null }),
  };
  return row as Availability;
}
