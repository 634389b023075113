import { describe, expect, it, vi } from 'vitest';
import { AWARD_PROGRAMS, airlineInfo, awardSpace, cashPrice, chartRange } from './index.js';
import { PROGRAM_RULES } from './award-programs.js';
import { AWARD_CHARTS } from './award-charts.js';
import type { AwardCabin } from './types.js';

const SEARCHED = new Date('2026-10-10T12:00:00Z');
const DATE = '2026-12-01';
const opts = { searchedAt: SEARCHED };

describe('AWARD_PROGRAMS', () => {
  it('covers the seats.aero sources, each with a chart and rules', () => {
    const slugs = AWARD_PROGRAMS.map((p) => p.slug);
    for (const s of ['aeroplan', 'united', 'american', 'delta', 'alaska', 'flyingblue', 'virginatlantic', 'emirates', 'etihad', 'qantas', 'velocity', 'eurobonus', 'aeromexico', 'connectmiles', 'smiles', 'azul', 'jetblue']) {
      expect(slugs).toContain(s);
    }
    for (const p of AWARD_PROGRAMS) {
      expect(AWARD_CHARTS[p.slug], p.slug).toBeDefined();
      expect(PROGRAM_RULES[p.slug], p.slug).toBeDefined();
      expect(airlineInfo(p.airline), p.airline).toBeDefined();
    }
    expect(AWARD_PROGRAMS.find((p) => p.slug === 'aeroplan')?.reportsSeats).toBe(false);
  });
});

describe('awardSpace', () => {
  const jfkLhr = awardSpace('JFK', 'LHR', DATE, opts);

  it('finds space on a big route in several programs', () => {
    expect(new Set(jfkLhr.map((a) => a.program)).size).toBeGreaterThanOrEqual(5);
    expect(jfkLhr.some((a) => a.cabin === 'J')).toBe(true);
  });

  it('prices within each program’s chart (revenue-based TrueBlue from the cash fare)', () => {
    for (const a of jfkLhr) {
      const range = chartRange(a.program, a.cabin);
      if (range) {
        expect(a.miles, `${a.program} ${a.cabin}`).toBeGreaterThanOrEqual(range.min);
        expect(a.miles, `${a.program} ${a.cabin}`).toBeLessThanOrEqual(range.max);
      } else {
        const startOfDay = new Date(Math.floor(SEARCHED.getTime() / 86_400_000) * 86_400_000);
        const cash = cashPrice(a.itinerary, 'economy', { searchedAt: startOfDay, channel: 'duffel' })!;
        if (a.cabin === 'Y') expect(a.miles).toBeCloseTo(cash.base / 0.014, -2);
      }
    }
  });

  it('books only the program’s own airline and its partners', () => {
    for (const a of jfkLhr.filter((x) => x.program === 'american')) {
      for (const s of a.itinerary.segments) expect(['oneworld', null]).toContain(airlineInfo(s.carrier)?.alliance ?? null);
    }
    for (const a of jfkLhr.filter((x) => x.program === 'delta' || x.program === 'flyingblue')) {
      for (const s of a.itinerary.segments) expect(s.carrier).not.toBe('BA');
    }
  });

  it('reports seats only where the program does, 1–9 otherwise', () => {
    for (const a of jfkLhr) {
      const program = AWARD_PROGRAMS.find((p) => p.slug === a.program)!;
      if (program.reportsSeats) {
        expect(a.remainingSeats).toBeGreaterThanOrEqual(1);
        expect(a.remainingSeats).toBeLessThanOrEqual(9);
      } else {
        expect(a.remainingSeats).toBe(0);
      }
      expect(a.taxesCurrency).toBe(program.taxesCurrency);
      expect(Number.isInteger(a.taxesMinor)).toBe(true);
      expect(a.taxesMinor).toBeGreaterThan(0);
    }
  });

  it('charges carrier surcharges where programs pass them on', () => {
    const onBa = jfkLhr.find((a) => a.program === 'american' && a.itinerary.owner === 'BA');
    const onAa = jfkLhr.find((a) => a.program === 'american' && a.itinerary.segments.every((s) => s.carrier === 'AA'));
    expect(onBa && onAa).toBeTruthy();
    expect(onBa!.taxesMinor).toBeGreaterThan(onAa!.taxesMinor + 10_000);
    const united = jfkLhr.filter((a) => a.program === 'united');
    for (const a of united) expect(a.taxesMinor).toBeLessThan(10_000);
  });

  it('is deterministic within a day and filters by program and cabin', async () => {
    expect(awardSpace('JFK', 'LHR', DATE, { searchedAt: new Date('2026-10-10T20:00:00Z') })).toEqual(jfkLhr);
    vi.resetModules();
    const fresh = await import('./index.js');
    expect(fresh.awardSpace('JFK', 'LHR', DATE, opts)).toEqual(jfkLhr);
    const onlyJ = awardSpace('JFK', 'LHR', DATE, { ...opts, programs: ['united', 'aeroplan'], cabins: ['J'] });
    expect(onlyJ.length).toBeGreaterThan(0);
    for (const a of onlyJ) {
      expect(['united', 'aeroplan']).toContain(a.program);
      expect(a.cabin).toBe('J');
    }
  });

  it('has business scarcer than economy across routes', () => {
    const count = (cabin: AwardCabin) => [['JFK', 'LHR'], ['SFO', 'NRT'], ['LAX', 'SYD'], ['ORD', 'FRA'], ['JFK', 'CDG'], ['YYZ', 'LHR']]
      .flatMap(([o, d]) => awardSpace(o!, d!, DATE, { ...opts, cabins: [cabin] })).length;
    expect(count('J')).toBeLessThan(count('Y'));
  });

  it('gives nothing for unknown airports or departed flights', () => {
    expect(awardSpace('XQZ', 'LHR', DATE, opts)).toEqual([]);
    expect(awardSpace('JFK', 'LHR', DATE, { searchedAt: new Date('2026-12-05T00:00:00Z') })).toEqual([]);
  });

  it('stays fast', () => {
    awardSpace('ORD', 'FRA', DATE, opts);
    const started = performance.now();
    for (let i = 0; i < 20; i++) awardSpace('ORD', 'FRA', DATE, opts);
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});
