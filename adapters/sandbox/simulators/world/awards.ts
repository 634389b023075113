import { airportOf, distanceKm, localToUtcMs, regionOf } from './geo.js';
import { AIRLINES } from './airlines.js';
import { cabinOffered } from './cabins.js';
import { cashPrice } from './fares.js';
import { governmentTaxesUsd } from './taxes.js';
import { itineraries } from './schedule.js';
import { AWARD_CHARTS, type Band } from './award-charts.js';
import { AWARD_PROGRAMS, PROGRAM_RULES, USD_RATE, type ProgramRules } from './award-programs.js';
import { BoundedMemo } from './memo.js';
import { timeBucket, unit } from '../seeded.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { AwardCabin, AwardProgram, AwardSpace, ScheduledItinerary } from './types.js';

// Saver award space: which itineraries each program can book, in which cabins,
// for how many miles and how much tax. Space is drawn per program, itinerary,
// cabin and day, so a search repeated the same day sees the same seats.

export const AWARD_CABIN_CLASS: Readonly<Record<AwardCabin, CabinClass>> = { Y: 'economy', W: 'premium_economy', J: 'business', F: 'first' };
const CABINS: readonly AwardCabin[] = ['Y', 'W', 'J', 'F'];
const BAND_INDEX: Readonly<Record<AwardCabin, 1 | 2 | 3 | 4>> = { Y: 1, W: 2, J: 3, F: 4 };
const KM_PER_MILE = 1.609344;
const DAY_MS = 86_400_000;
const SALES_CLOSE_MS = 2 * 3_600_000;
const LONG_HAUL_KM = 3_200;

// Chance a saver seat shows on a flight, before timing: premium cabins are scarcer.
const SAVER_CHANCE: Readonly<Record<AwardCabin, number>> = { Y: 0.5, W: 0.3, J: 0.22, F: 0.1 };
// Dynamic programs nearly always sell their own flights, just not at the floor.
const DYNAMIC_OWN_CHANCE: Readonly<Record<AwardCabin, number>> = { Y: 0.9, W: 0.6, J: 0.55, F: 0.3 };

function rulesOf(slug: string): ProgramRules {
  const r = PROGRAM_RULES[slug];
  if (!r) throw new Error(`no rules for award program ${slug}`);
  return r;
}

const eligibleCarriers = new Map<string, ReadonlySet<string>>(AWARD_PROGRAMS.map((p) => {
  const r = rulesOf(p.slug);
  const alliance = p.alliance === null ? [] : AIRLINES.filter((a) => a.alliance === p.alliance).map((a) => a.iata);
  return [p.slug, new Set([...r.own, ...alliance, ...r.extraPartners])];
}));

function bandsFor(slug: string, origin: string, destination: string): readonly Band[] {
  const chart = AWARD_CHARTS[slug];
  const a = airportOf(origin);
  const b = airportOf(destination);
  if (!chart || !a || !b) return [];
  const zone = (iata: typeof a) => chart.zones?.[regionOf(iata)] ?? regionOf(iata);
  const [x, y] = [zone(a), zone(b)].sort();
  return chart.pairs[`${x}-${y}`] ?? chart.fallback;
}

/** The chart (or dynamic floor) price for a trip of `flownMiles`; 0 when the program does not book that cabin. */
export function chartMiles(slug: string, origin: string, destination: string, flownMiles: number, cabin: AwardCabin): number {
  const bands = bandsFor(slug, origin, destination);
  const band = bands.find((b) => flownMiles <= b[0]) ?? bands[bands.length - 1];
  return band ? band[BAND_INDEX[cabin]] : 0;
}

/** Lowest and highest price the program can show in the cabin; null for revenue-based programs. */
export function chartRange(slug: string, cabin: AwardCabin): { min: number; max: number } | null {
  const chart = AWARD_CHARTS[slug];
  const r = PROGRAM_RULES[slug];
  if (!chart || !r || r.centsPerPoint) return null;
  const values = [...Object.values(chart.pairs).flat(), ...chart.fallback].map((b) => b[BAND_INDEX[cabin]]).filter((v) => v > 0);
  if (!values.length) return null;
  return { min: Math.min(...values), max: Math.max(...values) * (1 + r.dynamicSpread) };
}

function availabilityChance(r: ProgramRules, cabin: AwardCabin, own: boolean, daysOut: number): number {
  const base = r.dynamicSpread > 0 && own ? DYNAMIC_OWN_CHANCE[cabin] : SAVER_CHANCE[cabin] * (own ? 1.2 : 0.75);
  let timing = 1;
  if (daysOut > 300) timing = r.farOut ? 1.4 : 1.1;
  else if (daysOut < 14) timing = r.lastMinute ? 1.7 : 0.9;
  else if (daysOut < 60) timing = 0.85;
  return Math.min(0.95, base * timing);
}

function awardTaxesUsd(r: ProgramRules, itin: ScheduledItinerary, cabin: AwardCabin, km: number): number {
  const first = itin.segments[0]!;
  const last = itin.segments[itin.segments.length - 1]!;
  const from = airportOf(first.origin);
  const to = airportOf(last.destination);
  // Award tickets from the US pay the $5.60 security fee, plus the international
  // departure taxes when leaving the country.
  const government = from?.country === 'US'
    ? 5.6 + (to?.country === 'US' ? 0 : 30)
    : governmentTaxesUsd(first.origin, last.destination, itin.segments.length, km, AWARD_CABIN_CLASS[cabin]);
  let surcharge = 0;
  if (km > LONG_HAUL_KM) {
    const premium = cabin === 'J' || cabin === 'F' ? 1 : 0;
    const fromEurope = from ? regionOf(from) === 'EU' : false;
    for (const s of r.surcharges) {
      if (!itin.segments.some((seg) => s.carriers.includes(seg.carrier))) continue;
      surcharge = Math.max(surcharge, (fromEurope ? s.fromEurope : s.other)[premium]);
    }
  }
  return government + surcharge;
}

const round = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

function milesFor(p: AwardProgram, r: ProgramRules, itin: ScheduledItinerary, cabin: AwardCabin, own: boolean, day: number): number {
  const first = itin.segments[0]!;
  const last = itin.segments[itin.segments.length - 1]!;
  if (r.centsPerPoint) {
    // The fare at the start of the day, so award prices hold still for the day as seats.aero's cache does.
    const cash = cashPrice(itin, AWARD_CABIN_CLASS[cabin], { searchedAt: new Date(day * DAY_MS), channel: 'duffel' });
    return cash ? round((cash.base * 100) / r.centsPerPoint, 100) : 0;
  }
  const floor = chartMiles(p.slug, first.origin, last.destination, itin.distanceKm / KM_PER_MILE, cabin);
  if (!floor || !own || r.dynamicSpread === 0) return floor;
  // Dynamic own-metal pricing: usually near the floor, sometimes far above it.
  const demand = unit('award-price', p.slug, itin.key, cabin, day) ** 2;
  return round(floor * (1 + r.dynamicSpread * demand), 500);
}

export interface AwardSpaceOptions {
  searchedAt: Date;
  /** Program slugs to include; all when absent. */
  programs?: readonly string[];
  cabins?: readonly AwardCabin[];
}

interface OpenItinerary {
  it: ScheduledItinerary;
  daysOut: number;
  cabins: readonly AwardCabin[];
}

/** Itineraries still on sale at `now`, with days out counted from the start of the day so space holds for the day. */
function openItineraries(origin: string, destination: string, date: string, now: number, day: number): OpenItinerary[] {
  const out: OpenItinerary[] = [];
  for (const it of itineraries(origin, destination, date, { maxConnections: 1 })) {
    const s = it.segments[0]!;
    const departs = localToUtcMs(airportOf(s.origin)?.timezone, s.departLocal);
    if (departs - now < SALES_CLOSE_MS) continue;
    out.push({ it, daysOut: (departs - day * DAY_MS) / DAY_MS, cabins: CABINS.filter((c) => cabinOffered(it, AWARD_CABIN_CLASS[c])) });
  }
  return out;
}

function spaceFor(p: AwardProgram, open: readonly OpenItinerary[], day: number, gcKm: number): AwardSpace[] {
  const r = rulesOf(p.slug);
  const carriers = eligibleCarriers.get(p.slug)!;
  const rate = USD_RATE[p.taxesCurrency] ?? 1;
  const out: AwardSpace[] = [];
  for (const { it, daysOut, cabins } of open) {
    if (!it.segments.every((s) => carriers.has(s.carrier))) continue;
    const own = it.segments.every((s) => r.own.includes(s.carrier));
    for (const cabin of cabins) {
      if (unit('award', p.slug, it.key, cabin, day) >= availabilityChance(r, cabin, own, daysOut)) continue;
      const miles = milesFor(p, r, it, cabin, own, day);
      if (!miles) continue;
      const seatsDraw = unit('award-seats', p.slug, it.key, cabin, day);
      out.push(Object.freeze({
        program: p.slug,
        cabin,
        miles,
        taxesMinor: Math.round(awardTaxesUsd(r, it, cabin, gcKm) * rate * 100),
        taxesCurrency: p.taxesCurrency,
        remainingSeats: p.reportsSeats ? 1 + Math.floor(seatsDraw * (cabin === 'Y' || cabin === 'W' ? 9 : 4)) : 0,
        itinerary: it,
      }));
    }
  }
  return out;
}

// Space changes once a day (the hour of the search only matters for flights
// about to leave), so a day's answer is kept for repeated searches.
const memo = new BoundedMemo<readonly AwardSpace[]>(1_000);

/**
 * Award seats on the route and day across programs: one entry per program,
 * itinerary and cabin with saver space, in AWARD_PROGRAMS order.
 */
export function awardSpace(origin: string, destination: string, date: string, opts: AwardSpaceOptions): AwardSpace[] {
  const o = origin.toUpperCase();
  const d = destination.toUpperCase();
  const day = timeBucket(opts.searchedAt, 1_440);
  const now = opts.searchedAt.getTime();
  const open = openItineraries(o, d, date, now, day);
  // The set of sellable flights is part of the key: it shrinks as departures near.
  const all = memo.get(`${o}|${d}|${date}|${day}|${open.length}`, () => {
    const gcKm = distanceKm(o, d);
    return AWARD_PROGRAMS.flatMap((p) => spaceFor(p, open, day, gcKm));
  });
  const programs = opts.programs ? new Set(opts.programs) : null;
  const cabins = opts.cabins ? new Set(opts.cabins) : null;
  return all.filter((a) => (!programs || programs.has(a.program)) && (!cabins || cabins.has(a.cabin)));
}
