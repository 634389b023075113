import { describe, expect, it } from 'vitest';
import { cabinDeck, cabinOffered, itineraries, seatGroups, seatLayout, seatLayoutFor, seatPriceUsd, seatTaken } from './index.js';
import { SEAT_LAYOUTS } from './seat-layouts.js';
import { AIRCRAFT } from './aircraft.js';

const SEARCHED = new Date('2026-10-10T12:00:00Z');

function designators(aircraft: string): string[] {
  return seatLayout(aircraft).cabins.flatMap((c) => {
    const letters = c.letters.replaceAll('|', '');
    return Array.from({ length: c.lastRow - c.firstRow + 1 }, (_, i) => [...letters].map((l) => `${c.firstRow + i}${l}`)).flat();
  });
}

describe('seatLayout', () => {
  it('has a layout for every aircraft with unique seats and rows that do not overlap', () => {
    for (const aircraft of Object.values(AIRCRAFT)) {
      const layout = seatLayout(aircraft);
      expect(layout.aircraft).toBe(aircraft);
      const seats = designators(aircraft);
      expect(new Set(seats).size, aircraft).toBe(seats.length);
      let lastRow = 0;
      for (const c of layout.cabins) {
        expect(c.firstRow).toBeGreaterThan(lastRow);
        expect(c.lastRow).toBeGreaterThanOrEqual(c.firstRow);
        lastRow = c.lastRow;
        for (const r of [...c.exitRows, ...c.premiumRows]) {
          expect(r).toBeGreaterThanOrEqual(c.firstRow);
          expect(r).toBeLessThanOrEqual(c.lastRow);
        }
        expect(c.letters).not.toContain('I');
      }
      expect(layout.cabins.some((c) => c.cabinClass === 'economy')).toBe(true);
    }
  });

  it('matches real configurations seat for seat across a row', () => {
    const perRow = (aircraft: string, cabin: string) => seatGroups(seatLayout(aircraft).cabins.find((c) => c.cabinClass === cabin)!.letters).map((g) => g.length);
    expect(perRow(AIRCRAFT.B789, 'business')).toEqual([1, 2, 1]);
    expect(perRow(AIRCRAFT.B789, 'premium_economy')).toEqual([2, 3, 2]);
    expect(perRow(AIRCRAFT.B789, 'economy')).toEqual([3, 3, 3]);
    expect(perRow(AIRCRAFT.B77W, 'economy')).toEqual([3, 4, 3]);
    expect(perRow(AIRCRAFT.A359, 'premium_economy')).toEqual([2, 4, 2]);
    expect(perRow(AIRCRAFT.A320N, 'economy')).toEqual([3, 3]);
    expect(perRow(AIRCRAFT.E175, 'business')).toEqual([1, 2]);
    expect(perRow(AIRCRAFT.E175, 'economy')).toEqual([2, 2]);
    const total = designators(AIRCRAFT.B789).length;
    expect(total).toBeGreaterThan(230);
    expect(total).toBeLessThan(330);
    expect(seatLayout(AIRCRAFT.A388).cabins.filter((c) => cabinDeck(c) === 1).map((c) => c.cabinClass)).toEqual(['first', 'business']);
  });

  it('falls back to a narrowbody for unknown aircraft', () => {
    const layout = seatLayout('Tupolev Tu-204');
    expect(layout.aircraft).toBe('Tupolev Tu-204');
    expect(layout.cabins).toEqual(SEAT_LAYOUTS.get(AIRCRAFT.A320N)!.cabins);
  });

  it('adapts to what the carrier sells', () => {
    expect(seatLayoutFor('FR', AIRCRAFT.B38M).cabins.map((c) => c.cabinClass)).toEqual(['economy']);
    expect(seatLayoutFor('FR', AIRCRAFT.B38M).cabins[0]!.letters).toBe('ABC|DEF');
    expect(seatLayoutFor('UA', AIRCRAFT.B77W).cabins.map((c) => c.cabinClass)).not.toContain('first');
    expect(seatLayoutFor('AA', AIRCRAFT.B77W).cabins.map((c) => c.cabinClass)).toContain('first');
    expect(seatLayoutFor('TK', AIRCRAFT.B77W).cabins.map((c) => c.cabinClass)).not.toContain('premium_economy');
  });
});

describe('cabinOffered', () => {
  it('follows the main flight’s aircraft as its carrier sells it', () => {
    const its = itineraries('JFK', 'LHR', '2026-12-01', { maxConnections: 0 });
    for (const it of its) {
      const s = it.segments[0]!;
      const cabins = seatLayoutFor(s.carrier, s.aircraft).cabins.map((c) => c.cabinClass);
      for (const cabin of ['economy', 'premium_economy', 'business', 'first'] as const) expect(cabinOffered(it, cabin)).toBe(cabins.includes(cabin));
    }
  });
});

describe('seatTaken', () => {
  it('fills each flight 55–85 %, deterministically', () => {
    const seats = designators(AIRCRAFT.B789);
    for (const key of ['UA1.SFO-NRT@2026-12-01', 'BA117.LHR-JFK@2026-12-01', 'NH7.SFO-NRT@2026-12-02']) {
      const taken = seats.filter((d) => seatTaken(key, d, SEARCHED));
      expect(taken.length / seats.length).toBeGreaterThan(0.45);
      expect(taken.length / seats.length).toBeLessThan(0.92);
      expect(seats.filter((d) => seatTaken(key, d, new Date(SEARCHED.getTime() + 60_000)))).toEqual(taken);
    }
  });
});

describe('seatPriceUsd', () => {
  it('is free up front, $15–60 in standard economy and dearer for legroom', () => {
    const [business, , economy] = seatLayout(AIRCRAFT.B789).cabins;
    expect(seatPriceUsd(business!, 1, 'A')).toBe(0);
    const standard: number[] = [];
    for (let row = economy!.firstRow; row <= economy!.lastRow; row++) {
      if (economy!.exitRows.includes(row) || economy!.premiumRows.includes(row)) continue;
      for (const letter of economy!.letters.replaceAll('|', '')) standard.push(seatPriceUsd(economy!, row, letter));
    }
    expect(Math.min(...standard)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...standard)).toBeLessThanOrEqual(60);
    const exit = seatPriceUsd(economy!, economy!.exitRows[0]!, 'A');
    expect(exit).toBeGreaterThan(standard.reduce((a, b) => a + b, 0) / standard.length);
    expect(seatPriceUsd(economy!, 40, 'B')).toBeLessThan(seatPriceUsd(economy!, 32, 'A'));
  });
});
