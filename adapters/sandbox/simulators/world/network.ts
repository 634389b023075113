import type { Airport } from '../../../../tools/_kit/reference/airports.js';
import { airportOf, distanceKm, headsEast, regionOf, type Region } from './geo.js';
import { carriersAt, isHubOf, opsOf } from './airlines.js';
import type { AircraftName } from './aircraft.js';
import { SHORT_HAUL_LIMIT_KM } from './carrier-ops.js';
import { MEGAHUBS } from './gateways.js';
import { routeProbability, type RouteContext } from './route-choice.js';
import { BoundedMemo } from './memo.js';
import { hash32, unit } from '../seeded.js';
import type { AirlineInfo } from './types.js';

// The weekly timetable of one directed airport pair: which carriers fly it
// nonstop, how often, when, under which numbers and on what aircraft. A pure
// function of the two airports; both directions share carriers and aircraft.

export interface RouteFlight {
  carrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local departure, minutes after midnight at the origin. */
  departMinutes: number;
  blockMinutes: number;
  aircraft: AircraftName;
  /** Days operated, bit 0 = Sunday … bit 6 = Saturday. */
  days: number;
  distanceKm: number;
}

const DAILY = 0b1111111;
const CRUISE_KMH = 830;

const pairKey = (a: string, b: string) => (a < b ? `${a}-${b}` : `${b}-${a}`);

function frequencies(ctx: RouteContext): number {
  const { carrier, hub, other, km, pair } = ctx;
  const u = unit('freq', carrier.iata, pair);
  const hubBoth = isHubOf(carrier, other.iata);
  if (km > SHORT_HAUL_LIMIT_KM) {
    const n = 1 + (u < 0.3 ? 1 : 0) + (MEGAHUBS.has(hub.iata) && MEGAHUBS.has(other.iata) ? 1 : 0);
    return Math.min(3, n);
  }
  let n = 1 + (u < 0.5 ? 1 : 0) + (hub.size === 'large' && other.size === 'large' ? 1 : 0) + (hubBoth ? 1 : 0);
  if (km > 2_500) n -= 1;
  if (other.size !== 'large') n = Math.min(n, 2);
  return Math.max(1, Math.min(4, n));
}

function daysOperated(ctx: RouteContext): number {
  const { carrier, other, km, pair } = ctx;
  const thin = km > SHORT_HAUL_LIMIT_KM ? !MEGAHUBS.has(other.iata) && !isHubOf(carrier, other.iata) : other.size !== 'large' && km > 1_500;
  if (!thin) return DAILY;
  let mask = 0;
  for (let d = 0; d < 7; d++) if (unit('days', carrier.iata, pair, d) < 0.7) mask |= 1 << d;
  // At least three days a week: fill from a fixed starting day.
  for (let d = hash32('days', pair) % 7; countBits(mask) < 3; d = (d + 2) % 7) mask |= 1 << d;
  return mask;
}

function countBits(n: number): number {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
}

function isRegionalRoute(ctx: RouteContext): boolean {
  const { ops, hub, other, km, carrier, pair } = ctx;
  if (!ops.regional.length || km >= 1_000) return false;
  return hub.size !== 'large' || other.size !== 'large' || unit('regional', carrier.iata, pair) < 0.35;
}

function pick<T>(list: readonly T[], ...seed: (string | number)[]): T | undefined {
  return list.length ? list[hash32(...seed) % list.length] : undefined;
}

function aircraftFor(ctx: RouteContext, regional: boolean, i: number): AircraftName | undefined {
  const { ops, hub, other, km, carrier, pair } = ctx;
  const seed = ['aircraft', carrier.iata, pair, i];
  if (regional) return pick(ops.regional, ...seed);
  const u = unit(...seed, 'kind');
  if (km <= SHORT_HAUL_LIMIT_KM) {
    // Widebody carriers put big jets on busy medium-haul trunks.
    const trunk = carrier.longHaul && hub.size === 'large' && other.size === 'large' && km > 1_500 && u < 0.25;
    if (ops.narrow.length && !trunk) return pick(ops.narrow, ...seed);
    return pick(ops.wideMid, ...seed) ?? pick(ops.narrow, ...seed);
  }
  if (km <= 7_500 && ops.longRangeNarrow.length && (!ops.wideMid.length || u < 0.4)) return pick(ops.longRangeNarrow, ...seed);
  if (ops.a380 && MEGAHUBS.has(other.iata) && MEGAHUBS.has(hub.iata) && u > 0.55) return 'Airbus A380-800';
  return pick(km <= 9_000 ? ops.wideMid : ops.wideLong, ...seed) ?? pick(ops.wideMid, ...seed);
}

function flightNumber(ctx: RouteContext, regional: boolean, outbound: boolean, i: number): string {
  const h = hash32('fn', ctx.carrier.iata, ctx.pair);
  // Blocks of 8 per route: outbound odd, return even, frequencies in steps of 2.
  const block = ctx.km > SHORT_HAUL_LIMIT_KM ? 1 + (h % 124) : regional ? 375 + (h % 800) : 13 + (h % 362);
  return String(block * 8 + 2 * i + (outbound ? 1 : 0));
}

interface Window { from: number; to: number }

/** Local departure window (minutes) by direction, e.g. evening eastbound transatlantic. */
function departureWindow(from: Region, to: Region, km: number): Window {
  const h = (x: number) => x * 60;
  if (km <= SHORT_HAUL_LIMIT_KM) return { from: h(6), to: h(22.5) };
  const west = (r: Region) => r === 'NA' || r === 'SA';
  const eastOfAtlantic = (r: Region) => r === 'EU' || r === 'AF' || r === 'ME';
  if (west(from) && eastOfAtlantic(to)) return { from: h(16.5), to: h(22.5) };
  if (eastOfAtlantic(from) && west(to)) return { from: h(8.5), to: h(17.5) };
  if ((from === 'EU' || from === 'ME') && (to === 'AS' || to === 'OC')) return { from: h(9.5), to: h(23.5) };
  if (from === 'NA' && (to === 'AS' || to === 'OC')) return { from: h(10), to: h(23.5) };
  if ((from === 'AS' || from === 'OC') && to === 'NA') return { from: h(10), to: h(22) };
  return { from: h(7), to: h(23.5) };
}

function blockMinutes(ctx: RouteContext, origin: Airport, destination: Airport): number {
  let cruise = (ctx.km / CRUISE_KMH) * 60;
  if (ctx.km > 1_500) cruise *= headsEast(origin, destination) ? 0.95 : 1.05;
  const taxi = 30 + 10 * unit('taxi', ctx.carrier.iata, ctx.pair);
  return Math.round((cruise + taxi) / 5) * 5;
}

function buildRoute(origin: Airport, destination: Airport): RouteFlight[] {
  const km = distanceKm(origin.iata, destination.iata);
  const pair = pairKey(origin.iata, destination.iata);
  const candidates = new Map<string, AirlineInfo>();
  for (const c of [...carriersAt(origin.iata), ...carriersAt(destination.iata)]) candidates.set(c.iata, c);
  const flights: RouteFlight[] = [];
  for (const carrier of candidates.values()) {
    const ops = opsOf(carrier.iata);
    if (km > ops.rangeKm || km < ops.minKm) continue;
    // The "hub" end is the carrier's hub; when both are, the main one.
    const originIsHub = isHubOf(carrier, origin.iata);
    const destIsHub = isHubOf(carrier, destination.iata);
    const hubFirst = originIsHub && (!destIsHub || carrier.hubs.indexOf(origin.iata) <= carrier.hubs.indexOf(destination.iata));
    const [hub, other] = hubFirst ? [origin, destination] : [destination, origin];
    const ctx: RouteContext = { carrier, ops, hub, other, km, pair };
    if (unit('route', carrier.iata, pair) >= routeProbability(ctx)) continue;
    const regional = isRegionalRoute(ctx);
    const n = frequencies(ctx);
    const days = daysOperated(ctx);
    const window = departureWindow(regionOf(origin), regionOf(destination), km);
    const span = (window.to - window.from) / n;
    const outbound = originIsHub && destIsHub ? origin.iata < destination.iata : originIsHub;
    for (let i = 0; i < n; i++) {
      const aircraft = aircraftFor(ctx, regional, i);
      if (!aircraft) continue;
      const jitter = unit('dep', carrier.iata, origin.iata, destination.iata, i) * span * 0.8;
      flights.push({
        carrier: carrier.iata,
        flightNumber: flightNumber(ctx, regional, outbound, i),
        origin: origin.iata,
        destination: destination.iata,
        departMinutes: Math.round((window.from + i * span + jitter) / 5) * 5,
        blockMinutes: blockMinutes(ctx, origin, destination),
        aircraft,
        days,
        distanceKm: km,
      });
    }
  }
  return flights.sort((a, b) => a.departMinutes - b.departMinutes);
}

const routes = new BoundedMemo<readonly RouteFlight[]>(50_000);

/** The nonstop flights scheduled on the directed pair, any day of the week. */
export function routeFlights(origin: string, destination: string): readonly RouteFlight[] {
  const o = origin.toUpperCase();
  const d = destination.toUpperCase();
  return routes.get(`${o}-${d}`, () => {
    const a = airportOf(o);
    const b = airportOf(d);
    if (!a || !b || o === d || distanceKm(o, d) < 150) return [];
    return Object.freeze(buildRoute(a, b).map((f) => Object.freeze(f)));
  });
}

