import { airlineInfo, opsOf } from './airlines.js';
import { AIRCRAFT, isWidebody } from './aircraft.js';
import { DEFAULT_LAYOUT_AIRCRAFT, SEAT_LAYOUTS, type WorldSeatLayoutCabin } from './seat-layouts.js';
import { hash32, timeBucket, unit } from '../seeded.js';
import type { SeatLayout, SeatLayoutCabin } from './types.js';

// Seat maps: the layout of an aircraft (optionally as one carrier sells it),
// which seats are taken, and what a seat costs to choose.

/** The layout of an aircraft type; unknown types get a typical A320neo cabin under their own name. */
export function seatLayout(aircraft: string): SeatLayout {
  const known = SEAT_LAYOUTS.get(aircraft);
  if (known) return known;
  const fallback = SEAT_LAYOUTS.get(DEFAULT_LAYOUT_AIRCRAFT)!;
  return { aircraft, cabins: fallback.cabins };
}

/** Deck of a cabin: 1 for an A380 upper deck, otherwise 0. */
export function cabinDeck(cabin: SeatLayoutCabin): 0 | 1 {
  return (cabin as WorldSeatLayoutCabin).deck ?? 0;
}

const LONG_RANGE_NARROW = new Set<string>([AIRCRAFT.A321LR, AIRCRAFT.A321XLR]);
const perCarrier = new Map<string, SeatLayout>();

function allEconomy(l: SeatLayout): WorldSeatLayoutCabin[] {
  const economy = l.cabins.find((c) => c.cabinClass === 'economy') ?? l.cabins[l.cabins.length - 1]!;
  const first = Math.min(...l.cabins.map((c) => c.firstRow));
  return [{
    cabinClass: 'economy',
    letters: economy.letters,
    firstRow: first,
    lastRow: economy.lastRow,
    exitRows: economy.exitRows,
    // Low-cost carriers charge more for the front rows.
    premiumRows: [...new Set([first, first + 1, first + 2, ...economy.exitRows])],
  }];
}

function relabel(cabins: readonly WorldSeatLayoutCabin[], sellsFirst: boolean, sellsPremium: boolean): WorldSeatLayoutCabin[] {
  return cabins.map((c) => {
    if (c.cabinClass === 'first' && !sellsFirst) return { ...c, cabinClass: 'business' };
    // Without a premium economy product those rows are sold as extra-legroom economy.
    if (c.cabinClass === 'premium_economy' && !sellsPremium) {
      const rows = Array.from({ length: c.lastRow - c.firstRow + 1 }, (_, i) => c.firstRow + i);
      return { ...c, cabinClass: 'economy', premiumRows: rows };
    }
    return c;
  });
}

/** The layout as this carrier sells it: low-cost all economy, no first or premium economy where it has none. */
export function seatLayoutFor(carrier: string, aircraft: string): SeatLayout {
  const key = `${carrier}|${aircraft}`;
  const hit = perCarrier.get(key);
  if (hit) return hit;
  const base = seatLayout(aircraft);
  const info = airlineInfo(carrier);
  if (!info) return base;
  const ops = opsOf(info.iata);
  const narrowNoBusiness = !isWidebody(aircraft) && !LONG_RANGE_NARROW.has(aircraft) && !ops.narrowBusiness;
  const cabins = info.lowCost || narrowNoBusiness ? allEconomy(base) : relabel(base.cabins, ops.firstClass, ops.premiumEconomy);
  const result: SeatLayout = Object.freeze({ aircraft: base.aircraft, cabins: Object.freeze(cabins.map((c) => Object.freeze(c))) });
  perCarrier.set(key, result);
  return result;
}

/** Seat letters as groups between aisles: "ABC|DEF" → [["A","B","C"],["D","E","F"]]. */
export function seatGroups(letters: string): string[][] {
  return letters.split('|').map((g) => [...g]);
}

type Position = 'window' | 'aisle' | 'middle';

function positionOf(letters: string, letter: string): Position {
  const groups = seatGroups(letters);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const i = group.indexOf(letter);
    if (i < 0) continue;
    if ((g === 0 && i === 0) || (g === groups.length - 1 && i === group.length - 1)) return 'window';
    if ((i === 0 && g > 0) || (i === group.length - 1 && g < groups.length - 1)) return 'aisle';
    return 'middle';
  }
  return 'middle';
}

const MIDDLE_LETTERS = new Set(['B', 'E', 'J']);

/**
 * Whether the seat is taken: each flight is 55–85 % full, middle seats fill last,
 * and a seat can free up from one day to the next as plans change.
 */
export function seatTaken(flightKey: string, designator: string, searchedAt: Date): boolean {
  const load = 0.55 + 0.3 * unit('load', flightKey) + 0.03 * (unit('load', flightKey, timeBucket(searchedAt, 1_440)) - 0.5);
  const letter = designator.replace(/^\d+/, '');
  let threshold = unit('seat', flightKey, designator);
  if (MIDDLE_LETTERS.has(letter)) threshold = 0.35 + 0.65 * threshold;
  return threshold < load;
}

/** USD to choose this seat: 0 in business and first; economy by position, legroom and how far forward. */
export function seatPriceUsd(cabin: SeatLayoutCabin, row: number, letter: string): number {
  if (cabin.cabinClass === 'business' || cabin.cabinClass === 'first') return 0;
  const h = hash32('seat-price', cabin.letters, row, letter) % 6;
  if (cabin.cabinClass === 'premium_economy') return 25 + 4 * h;
  if (cabin.exitRows.includes(row)) return 70 + 10 * h;
  if (cabin.premiumRows.includes(row)) return 45 + 8 * h;
  const span = Math.max(1, cabin.lastRow - cabin.firstRow);
  const forward = 1 - (row - cabin.firstRow) / span;
  const position = positionOf(cabin.letters, letter);
  const extra = position === 'middle' ? 0 : position === 'aisle' ? 6 : 9;
  return Math.min(60, Math.round(15 + 28 * forward + extra + h));
}
