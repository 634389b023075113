import { airportOf, DAY_MS, dayIndex, distanceKm, isIsoDate, wallClock } from './geo.js';
import { ALL_HUBS, airlineInfo, connectable } from './airlines.js';
import { routeFlights, type RouteFlight } from './network.js';
import { BoundedMemo } from './memo.js';
import { MAX_DETOUR, legsOf, legsOn, pairLegs, viaHubs, type Leg } from './dated-legs.js';
import type { ScheduledFlight, ScheduledItinerary } from './types.js';

// Itineraries on a date: the nonstops of the pair plus connections through hubs
// where the two carriers sell through fares together. Pure in (origin,
// destination, date); results are frozen and memoized because searches repeat.
// Candidates are searched as plain numbers (Leg) and only the chosen ones are
// turned into strings.

const MAX_CONNECTING = 25;
const MAX_TWO_STOP = 12;
const TWO_STOP_HUBS = 8;
const MIN_LAYOVER_MIN = 50;
const MAX_LAYOVER_MIN = 300;

function flightOf(leg: Leg): ScheduledFlight {
  const r = leg.route;
  leg.flight ??= Object.freeze({
    carrier: r.carrier,
    flightNumber: r.flightNumber,
    origin: r.origin,
    destination: r.destination,
    departLocal: wallClock(leg.departWall),
    arriveLocal: wallClock(leg.arriveWall),
    durationMinutes: r.blockMinutes,
    distanceKm: r.distanceKm,
    aircraft: r.aircraft,
  });
  return leg.flight;
}

function itinerary(legs: readonly Leg[]): ScheduledItinerary {
  const segments = Object.freeze(legs.map(flightOf));
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  const parts = segments.map((s) => `${s.carrier}${s.flightNumber}.${s.origin}-${s.destination}`);
  return Object.freeze({
    key: `${parts.join('_')}@${segments[0]!.departLocal.slice(0, 10)}`,
    segments,
    owner: first.route.carrier,
    durationMinutes: Math.round((last.arriveUtc - first.departUtc) / 60_000),
    distanceKm: legs.reduce((sum, l) => sum + l.route.distanceKm, 0),
  });
}

const pairAllowed = new Map<string, boolean>();

function sellsTogether(a: string, b: string): boolean {
  const key = `${a}|${b}`;
  let ok = pairAllowed.get(key);
  if (ok === undefined) {
    const x = airlineInfo(a);
    const y = airlineInfo(b);
    ok = Boolean(x && y && connectable(x, y));
    pairAllowed.set(key, ok);
  }
  return ok;
}

/** Minimum connecting time: longer when the connection crosses a border (passport, customs). */
function minimumConnect(first: RouteFlight, second: RouteFlight): number {
  const a = airportOf(first.origin)?.country;
  const h = airportOf(first.destination)?.country;
  const b = airportOf(second.destination)?.country;
  if (a === h && h === b) return MIN_LAYOVER_MIN;
  // Arriving in the US from abroad means immigration and re-checking bags.
  if (h === 'US' && a !== 'US') return 90;
  return 75;
}

/** Whether `second` can follow `first` on one ticket at the airport between them. */
function connects(first: Leg, second: Leg): boolean {
  const gap = (second.departWall - first.arriveWall) / 60_000;
  if (gap < MIN_LAYOVER_MIN || gap > MAX_LAYOVER_MIN) return false;
  if (!sellsTogether(first.route.carrier, second.route.carrier)) return false;
  return gap >= minimumConnect(first.route, second.route);
}

/** Flights onward from where `leg` lands, on its local arrival day. */
function onward(leg: Leg, to: string): readonly Leg[] {
  return legsOn(leg.route.destination, to, Math.floor(leg.arriveWall / DAY_MS));
}

function hubOfEither(hub: string, a: Leg, b: Leg): boolean {
  return Boolean(airlineInfo(a.route.carrier)?.hubs.includes(hub) || airlineInfo(b.route.carrier)?.hubs.includes(hub));
}

interface Candidate {
  legs: Leg[];
  minutes: number;
}

const candidate = (legs: Leg[]): Candidate => ({ legs, minutes: legs[legs.length - 1]!.arriveUtc - legs[0]!.departUtc });

function oneStops(origin: string, destination: string, day: number): ScheduledItinerary[] {
  const found: Candidate[] = [];
  for (const { hub, first: toHub, second: fromHub } of viaHubs(pairLegs(origin, destination))) {
    for (const first of legsOf(toHub, day)) {
      for (const second of legsOf(fromHub, Math.floor(first.arriveWall / DAY_MS))) {
        if (connects(first, second) && hubOfEither(hub, first, second)) found.push(candidate([first, second]));
      }
    }
  }
  return best(found, MAX_CONNECTING, 6);
}

/** Two stops, for thin pairs: origin → hub → hub → destination. */
function twoStops(origin: string, destination: string, day: number): ScheduledItinerary[] {
  const limit = MAX_DETOUR * distanceKm(origin, destination);
  // A hub off the detour ellipse cannot be on any acceptable path, whatever the other stop.
  const onPath = (h: string) => h !== origin && h !== destination && distanceKm(origin, h) + distanceKm(h, destination) <= limit;
  // The few hubs closest to the straight path keep the search to a few dozen hub pairs.
  const nearest = (hubs: string[]) => hubs
    .map((h) => ({ h, detour: distanceKm(origin, h) + distanceKm(h, destination) }))
    .sort((a, b) => a.detour - b.detour)
    .slice(0, TWO_STOP_HUBS)
    .map((x) => x.h);
  const firstHubs = nearest(ALL_HUBS.filter((h) => onPath(h) && legsOn(origin, h, day).length > 0));
  const lastHubs = nearest(ALL_HUBS.filter((h) => onPath(h) && routeFlights(h, destination).length > 0));
  const found: Candidate[] = [];
  for (const h1 of firstHubs) {
    const toH1 = distanceKm(origin, h1);
    for (const h2 of lastHubs) {
      if (h1 === h2 || toH1 + distanceKm(h1, h2) + distanceKm(h2, destination) > limit) continue;
      for (const f1 of legsOn(origin, h1, day)) {
        for (const f2 of onward(f1, h2)) {
          if (!connects(f1, f2)) continue;
          for (const f3 of onward(f2, destination)) if (connects(f2, f3)) found.push(candidate([f1, f2, f3]));
        }
      }
    }
  }
  return best(found, MAX_TWO_STOP, 3);
}

/** The quickest candidates, at most `perPoint` through any one connecting point so results stay varied. */
function best(list: Candidate[], limit: number, perPoint: number): ScheduledItinerary[] {
  list.sort((a, b) => a.minutes - b.minutes);
  const used = new Map<string, number>();
  const out: ScheduledItinerary[] = [];
  for (const c of list) {
    const point = c.legs.slice(1).map((l) => l.route.origin).join('-');
    const n = used.get(point) ?? 0;
    if (n >= perPoint) continue;
    used.set(point, n + 1);
    out.push(itinerary(c.legs));
    if (out.length >= limit) break;
  }
  return out;
}

function build(origin: string, destination: string, date: string, maxConnections: 0 | 1 | 2): readonly ScheduledItinerary[] {
  if (origin === destination || !airportOf(origin) || !airportOf(destination) || !isIsoDate(date)) return Object.freeze([]);
  const day = dayIndex(date);
  const nonstop = legsOn(origin, destination, day).map((l) => itinerary([l]));
  if (maxConnections === 0) return Object.freeze(nonstop);
  const connecting = oneStops(origin, destination, day);
  // Two-stop trips only where one-stops are scarce; otherwise they would crowd results.
  const twoStop = maxConnections === 2 && connecting.length < 3 ? twoStops(origin, destination, day) : [];
  return Object.freeze([...nonstop, ...connecting, ...twoStop]);
}

const memo = new BoundedMemo<readonly ScheduledItinerary[]>(2_000);

/**
 * Itineraries from origin to destination (IATA airport codes) departing on the
 * local date: nonstops first (by departure), then connections (quickest first).
 * maxConnections defaults to 1. Unknown airports or origin = destination → [].
 */
export function itineraries(origin: string, destination: string, date: string, opts: { maxConnections?: 0 | 1 | 2 } = {}): readonly ScheduledItinerary[] {
  const o = origin.toUpperCase();
  const d = destination.toUpperCase();
  const max = opts.maxConnections ?? 1;
  return memo.get(`${o}|${d}|${date}|${max}`, () => build(o, d, date, max));
}

/** Finds an itinerary again from its key (e.g. "BA117.LHR-JFK@2026-12-01"), as a simulator does for an offer id. */
export function itineraryByKey(key: string): ScheduledItinerary | undefined {
  const m = /^(.+)@(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!m) return undefined;
  const legs = m[1]!.split('_').map((p) => /^[A-Z0-9]{2}\d{1,4}\.([A-Z]{3})-([A-Z]{3})$/.exec(p));
  if (legs.length === 0 || legs.length > 3 || legs.some((l) => !l)) return undefined;
  const origin = legs[0]![1]!;
  const destination = legs[legs.length - 1]![2]!;
  const maxConnections = (legs.length - 1) as 0 | 1 | 2;
  return itineraries(origin, destination, m[2]!, { maxConnections }).find((it) => it.key === key);
}
