import { airportOf, DAY_MS, distanceKm, offsetOnDay, weekdayOfDay } from './geo.js';
import { ALL_HUBS } from './airlines.js';
import { routeFlights, type RouteFlight } from './network.js';
import type { ScheduledFlight } from './types.js';

// The timetable of each directed airport pair as dated legs, kept per pair and
// day for the schedule's search, and per pair the hubs a one-stop trip can go
// through. One itinerary search looks up some 200 pairs and days; keyed by a
// string built per lookup (origin + destination + day), hashing those keys was
// most of the search's cost. Pairs are found by their airport codes in nested
// maps (strings that already exist, whose hashes V8 keeps) and days by number.

/** One dated flight, times in ms: local ones as wall clock, plus UTC. */
export interface Leg {
  route: RouteFlight;
  departWall: number;
  arriveWall: number;
  departUtc: number;
  arriveUtc: number;
  flight?: ScheduledFlight;
}

/** A directed pair: its weekly flights, their legs per day, and (from the origin's side) the hubs between. */
export interface PairLegs {
  readonly origin: string;
  readonly destination: string;
  readonly flights: readonly RouteFlight[];
  readonly byDay: Map<number, readonly Leg[]>;
  via?: readonly Via[];
}

/** A hub a one-stop trip can connect at: on the detour ellipse, with flights on both legs. */
export interface Via {
  hub: string;
  first: PairLegs;
  second: PairLegs;
}

/** A connection may fly at most this many times the direct distance. */
export const MAX_DETOUR = 1.6;
/** Dated leg lists kept before they are all dropped and rebuilt (the string-keyed memo kept 30,000). */
const MAX_LEG_DAYS = 60_000;
/** Pairs kept before the store starts over: a search touches a few hundred. */
const MAX_PAIRS = 100_000;
const NO_LEGS: readonly Leg[] = Object.freeze([]);

const pairs = new Map<string, Map<string, PairLegs>>();
let pairCount = 0;
let legDays = 0;

function makeLeg(route: RouteFlight, day: number): Leg {
  const departWall = day * DAY_MS + route.departMinutes * 60_000;
  const departUtc = departWall - offsetOnDay(airportOf(route.origin)?.timezone, day) * 60_000;
  const arriveUtc = departUtc + route.blockMinutes * 60_000;
  const arriveWall = arriveUtc + offsetOnDay(airportOf(route.destination)?.timezone, Math.floor(arriveUtc / DAY_MS)) * 60_000;
  return { route, departWall, arriveWall, departUtc, arriveUtc };
}

/** The pair's entry (airport codes upper case, as the schedule uses them). */
export function pairLegs(origin: string, destination: string): PairLegs {
  let pair = pairs.get(origin)?.get(destination);
  if (pair) return pair;
  if (pairCount >= MAX_PAIRS) forgetAll();
  let from = pairs.get(origin);
  if (!from) pairs.set(origin, (from = new Map()));
  from.set(destination, (pair = { origin, destination, flights: routeFlights(origin, destination), byDay: new Map() }));
  pairCount++;
  return pair;
}

function forgetAll(): void {
  pairs.clear();
  pairCount = 0;
  legDays = 0;
}

/** The pair's flights operating on the day (days since 1970-01-01, local at the origin), by departure. */
export function legsOf(pair: PairLegs, day: number): readonly Leg[] {
  if (pair.flights.length === 0) return NO_LEGS;
  let legs = pair.byDay.get(day);
  if (!legs) {
    if (legDays >= MAX_LEG_DAYS) {
      for (const from of pairs.values()) for (const p of from.values()) p.byDay.clear();
      legDays = 0;
    }
    const bit = 1 << weekdayOfDay(day);
    legs = pair.flights.filter((r) => r.days & bit).map((r) => makeLeg(r, day));
    pair.byDay.set(day, legs);
    legDays++;
  }
  return legs;
}

export function legsOn(origin: string, destination: string, day: number): readonly Leg[] {
  return legsOf(pairLegs(origin, destination), day);
}

/**
 * The hubs a one-stop trip from origin to destination can connect at, in
 * ALL_HUBS order: within MAX_DETOUR times the direct distance, with flights into
 * and out of the hub on some day. A hub left out would yield no leg on any day.
 */
export function viaHubs(pair: PairLegs): readonly Via[] {
  if (pair.via) return pair.via;
  const { origin, destination } = pair;
  const limit = MAX_DETOUR * distanceKm(origin, destination);
  const via: Via[] = [];
  for (const hub of ALL_HUBS) {
    if (hub === origin || hub === destination || distanceKm(origin, hub) + distanceKm(hub, destination) > limit) continue;
    const first = pairLegs(origin, hub);
    const second = first.flights.length > 0 ? pairLegs(hub, destination) : undefined;
    if (second && second.flights.length > 0) via.push({ hub, first, second });
  }
  pair.via = via;
  return via;
}
