import { describe, expect, it, vi } from 'vitest';
import { AIRLINES, airlineInfo, distanceKm, itineraries, itineraryByKey } from './index.js';
import { CARRIER_OPS } from './carrier-ops.js';
import { SEAT_LAYOUTS } from './seat-layouts.js';
import { isWidebody } from './aircraft.js';
import { airportOf, localToUtcMs } from './geo.js';
import { findAirport } from '../../../../tools/_kit/reference/airports.js';
import type { ScheduledFlight, ScheduledItinerary } from './types.js';

const DATE = '2026-12-01';
const ROUTES: readonly (readonly [string, string])[] = [
  ['JFK', 'LHR'], ['LHR', 'JFK'], ['JFK', 'LAX'], ['JFK', 'NRT'], ['SFO', 'NCE'], ['BOS', 'LGA'], ['FRA', 'MAD'],
  ['LHR', 'SYD'], ['DXB', 'JNB'], ['YYZ', 'MEX'], ['ORD', 'FRA'], ['SIN', 'HKG'], ['GRU', 'MIA'], ['DEL', 'LHR'],
];

const utc = (iata: string, local: string) => localToUtcMs(airportOf(iata)?.timezone, local);
const departUtc = (s: ScheduledFlight) => utc(s.origin, s.departLocal);
const arriveUtc = (s: ScheduledFlight) => utc(s.destination, s.arriveLocal);
const all = (): ScheduledItinerary[] => ROUTES.flatMap(([o, d]) => [...itineraries(o, d, DATE)]);

describe('airlines', () => {
  it('has about fifty carriers, each with ops and real hub airports', () => {
    expect(AIRLINES.length).toBeGreaterThanOrEqual(45);
    for (const a of AIRLINES) {
      expect(CARRIER_OPS[a.iata], a.iata).toBeDefined();
      expect(a.hubs.length).toBeGreaterThan(0);
      for (const h of a.hubs) expect(findAirport(h), `${a.iata} hub ${h}`).toBeDefined();
    }
    expect(new Set(AIRLINES.map((a) => a.iata)).size).toBe(AIRLINES.length);
  });

  it('knows current alliance membership and who sells through Duffel', () => {
    expect(airlineInfo('SK')?.alliance).toBe('skyteam');
    expect(airlineInfo('VS')?.alliance).toBe('skyteam');
    expect(airlineInfo('AS')?.alliance).toBe('oneworld');
    expect(airlineInfo('LA')?.alliance).toBeNull();
    expect(airlineInfo('WN')?.onDuffel).toBe(false);
    expect(airlineInfo('FR')?.onDuffel).toBe(false);
    expect(airlineInfo('ba')?.name).toBe('British Airways');
    expect(airlineInfo('ZZ')).toBeUndefined();
  });
});

describe('itineraries', () => {
  it('is a pure function of origin, destination and date (fresh module, same answer)', async () => {
    const first = itineraries('JFK', 'NCE', DATE);
    vi.resetModules();
    const fresh = await import('./index.js');
    expect(fresh.itineraries('JFK', 'NCE', DATE)).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
  });

  it('flies JFK→LHR nonstop with the carriers that really do', () => {
    const carriers = new Set(itineraries('JFK', 'LHR', DATE, { maxConnections: 0 }).map((it) => it.owner));
    expect(carriers.size).toBeGreaterThanOrEqual(3);
    for (const c of carriers) expect(['BA', 'VS', 'AA', 'DL', 'B6']).toContain(c);
  });

  it('gives nonstops only with maxConnections 0 and lists nonstops first', () => {
    expect(itineraries('SFO', 'NCE', DATE, { maxConnections: 0 })).toEqual([]);
    const jfkLax = itineraries('JFK', 'LAX', DATE);
    const stops = jfkLax.map((it) => it.segments.length);
    expect(stops[0]).toBe(1);
    expect([...stops].sort((a, b) => a - b)).toEqual(stops);
    expect(jfkLax.filter((it) => it.segments.length > 1).length).toBeLessThanOrEqual(25);
  });

  it('keeps every flight time consistent: arrival after departure, duration from distance', () => {
    for (const it of all()) {
      for (const s of it.segments) {
        const minutes = (arriveUtc(s) - departUtc(s)) / 60_000;
        expect(Math.abs(minutes - s.durationMinutes), s.origin + s.destination).toBeLessThanOrEqual(60);
        const cruise = (s.distanceKm / 830) * 60;
        expect(s.durationMinutes).toBeGreaterThanOrEqual(cruise * 0.93 + 28);
        expect(s.durationMinutes).toBeLessThanOrEqual(cruise * 1.07 + 42);
        expect(s.distanceKm).toBe(distanceKm(s.origin, s.destination));
        const hour = Number(s.departLocal.slice(11, 13)) + Number(s.departLocal.slice(14, 16)) / 60;
        expect(hour).toBeGreaterThanOrEqual(6);
        expect(hour).toBeLessThanOrEqual(23.5);
      }
      const first = it.segments[0]!;
      const last = it.segments[it.segments.length - 1]!;
      expect(it.durationMinutes).toBe(Math.round((arriveUtc(last) - departUtc(first)) / 60_000));
      expect(it.owner).toBe(first.carrier);
    }
  });

  it('changes the date on overnight arrivals', () => {
    const nonstop = itineraries('JFK', 'LHR', DATE, { maxConnections: 0 });
    expect(nonstop.length).toBeGreaterThan(0);
    for (const it of nonstop) expect(it.segments[0]!.arriveLocal.slice(0, 10)).toBe('2026-12-02');
  });

  it('connects at a hub of one of the carriers, within 50 min–5 h, on carriers that sell together, without absurd detours', () => {
    const connecting = all().filter((it) => it.segments.length === 2);
    expect(connecting.length).toBeGreaterThan(50);
    for (const it of connecting) {
      const [a, b] = it.segments as [ScheduledFlight, ScheduledFlight];
      expect(a.destination).toBe(b.origin);
      const gap = (departUtc(b) - arriveUtc(a)) / 60_000;
      expect(gap).toBeGreaterThanOrEqual(50);
      expect(gap).toBeLessThanOrEqual(300);
      const hubs = [...airlineInfo(a.carrier)!.hubs, ...airlineInfo(b.carrier)!.hubs];
      expect(hubs).toContain(a.destination);
      const x = airlineInfo(a.carrier)!;
      const y = airlineInfo(b.carrier)!;
      if (x.iata !== y.iata && x.alliance !== null) expect([x.alliance, null]).toContain(y.alliance);
      expect(x.lowCost && x.iata !== y.iata).toBe(false);
      expect(it.distanceKm).toBeLessThanOrEqual(1.6 * distanceKm(a.origin, b.destination) + 1);
    }
  });

  it('numbers flights with 1–4 digits, long-haul with fewer, and schedules aircraft fit for the distance', () => {
    for (const it of all()) {
      for (const s of it.segments) {
        expect(s.flightNumber).toMatch(/^[1-9]\d{0,3}$/);
        if (s.distanceKm > 4_500) expect(Number(s.flightNumber)).toBeLessThan(1_000);
        if (s.distanceKm > 8_000) expect(isWidebody(s.aircraft), `${s.carrier}${s.flightNumber} ${s.aircraft}`).toBe(true);
        expect(SEAT_LAYOUTS.has(s.aircraft)).toBe(true);
      }
    }
  });

  it('finds an itinerary again from its key', () => {
    for (const it of itineraries('SFO', 'NCE', DATE).slice(0, 5)) expect(itineraryByKey(it.key)).toBe(it);
    const nonstop = itineraries('JFK', 'LHR', DATE)[0]!;
    expect(nonstop.key).toMatch(/^[A-Z0-9]{2}\d+\.JFK-LHR@2026-12-01$/);
    expect(itineraryByKey(nonstop.key)).toEqual(nonstop);
    expect(itineraryByKey('XX1.AAA-BBB@2026-12-01')).toBeUndefined();
    expect(itineraryByKey('nonsense')).toBeUndefined();
  });

  it('returns [] for unknown airports, the same airport twice or a bad date', () => {
    expect(itineraries('XQZ', 'LHR', DATE)).toEqual([]);
    expect(itineraries('JFK', 'JFK', DATE)).toEqual([]);
    expect(itineraries('JFK', 'LHR', '2026-13-45')).toEqual([]);
  });

  it('is cheap once memoized', () => {
    itineraries('ORD', 'FRA', DATE);
    const started = performance.now();
    for (let i = 0; i < 1_000; i++) itineraries('ORD', 'FRA', DATE);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
