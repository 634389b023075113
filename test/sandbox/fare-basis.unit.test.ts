import { describe, expect, it } from 'vitest';
import { firstDraw, hash32, hashOn, mulberry32, unit } from '../../adapters/sandbox/simulators/seeded.js';
import { airlineInfo } from '../../adapters/sandbox/simulators/world/airlines.js';
import { cabinOffered } from '../../adapters/sandbox/simulators/world/cabins.js';
import {
  cabinMultiplier, connectionFactor, demandFactor, economyBaseUsd, mistakeFareFactor, routeFactor, serpapiFactor, weekdayFactor, wobble,
} from '../../adapters/sandbox/simulators/world/fare-model.js';
import { cashPrice, type CashPriceOptions } from '../../adapters/sandbox/simulators/world/fares.js';
import { fareBrands } from '../../adapters/sandbox/simulators/world/fare-brands.js';
import { airportOf, distanceKm, localToUtcMs, weekday } from '../../adapters/sandbox/simulators/world/geo.js';
import { itineraries } from '../../adapters/sandbox/simulators/world/schedule.js';
import { governmentTaxesUsd } from '../../adapters/sandbox/simulators/world/taxes.js';
import type { CashPrice, ScheduledItinerary } from '../../adapters/sandbox/simulators/world/types.js';
import type { CabinClass } from '../../tools/_kit/providers.js';

// cashPrice keeps what does not change with the hour or the brand per itinerary
// and cabin, and the hour's brand-free fare per bucket (issue 19). These tests
// hold it to the fare model as written before that: the same number to the last
// bit, whatever order itineraries, hours, brands and channels are asked in.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The fare model computed from scratch on every call, as cashPrice did before it kept anything. */
function referencePrice(itin: ScheduledItinerary, cabin: CabinClass, opts: CashPriceOptions): CashPrice | null {
  const first = itin.segments[0];
  const last = itin.segments[itin.segments.length - 1];
  if (!first || !last || !cabinOffered(itin, cabin)) return null;
  const departUtc = localToUtcMs(airportOf(first.origin)?.timezone, first.departLocal);
  if (!(departUtc - opts.searchedAt.getTime() >= 2 * HOUR_MS)) return null;
  const bucket = Math.floor(opts.searchedAt.getTime() / HOUR_MS);
  const daysOut = Math.floor((departUtc - bucket * HOUR_MS) / DAY_MS);
  const km = distanceKm(first.origin, last.destination);
  let weighted = 0;
  let flown = 0;
  for (const s of itin.segments) {
    weighted += (airlineInfo(s.carrier)?.priceFactor ?? 1) * s.distanceKm;
    flown += s.distanceKm;
  }
  const carriers = flown > 0 ? weighted / flown : 1;
  const raw = economyBaseUsd(km) * cabinMultiplier(cabin, km) * routeFactor(first.origin, last.destination) * carriers
    * demandFactor(daysOut, cabin) * weekdayFactor(weekday(first.departLocal.slice(0, 10))) * connectionFactor(itin.segments.length - 1, itin.key)
    * wobble(itin.key, cabin, bucket) * (opts.brand?.priceFactor ?? 1);
  const glitch = mistakeFareFactor(itin.key, cabin, Math.floor(opts.searchedAt.getTime() / DAY_MS), opts.mistakeFareRate ?? 0);
  const country = (iata: string) => airportOf(iata)?.country;
  const government = governmentTaxesUsd(first.origin, last.destination, itin.segments.length, km, cabin);
  const domesticUs = itin.segments.every((s) => country(s.origin) === 'US' && country(s.destination) === 'US');
  const taxes = domesticUs ? government + 0.075 * round2(raw) + 5.3 * itin.segments.length : government;
  let base = round2(raw * glitch);
  const tax = round2(taxes * glitch);
  let total = round2(base + tax);
  if (opts.channel === 'serpapi') {
    total = Math.round(total * serpapiFactor(itin.key, cabin, opts.brand?.name ?? '', bucket));
    base = round2(total - tax);
  }
  return { total, base, tax, currency: 'USD' };
}

describe('hashOn and firstDraw', () => {
  it('continue hash32 and unit exactly', () => {
    const draw = mulberry32(7);
    const word = () => Array.from({ length: Math.floor(draw() * 40) }, () => 'AZaz09|.-_@é✈'[Math.floor(draw() * 13)]).join('');
    for (let n = 0; n < 3_000; n++) {
      const parts = Array.from({ length: 1 + Math.floor(draw() * 4) }, () => (draw() < 0.3 ? Math.floor(draw() * 1e7) : word()));
      const more = draw() < 0.5 ? Math.floor(draw() * 1e7) - 1e6 : word();
      expect(hashOn(hash32(...parts), more)).toBe(hash32(...parts, more));
      expect(firstDraw(hash32(...parts, more))).toBe(unit(...parts, more));
    }
  });
});

describe('cashPrice with its kept fare basis', () => {
  const pairs = [['JFK', 'LHR'], ['BOS', 'SFO'], ['AUS', 'SEA'], ['LHR', 'NCE'], ['DXB', 'SYD'], ['GRU', 'MIA']] as const;
  const cabins: CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];
  const itins = pairs.flatMap(([o, d], i) => itineraries(o, d, `2026-12-${String(3 + i * 4).padStart(2, '0')}`, { maxConnections: 2 }));
  const start = Date.parse('2026-11-20T10:05:00Z');

  it('gives the reference price for every itinerary, cabin, brand, channel and hour, asked in a shuffled order', () => {
    expect(itins.length).toBeGreaterThan(40);
    const draw = mulberry32(19);
    let priced = 0;
    for (let n = 0; n < 20_000; n++) {
      const itin = itins[Math.floor(draw() * itins.length)]!;
      const cabin = cabins[Math.floor(draw() * cabins.length)]!;
      const brands = fareBrands(itin.owner, cabin);
      const brand = draw() < 0.2 ? undefined : brands[Math.floor(draw() * brands.length)];
      // Hours back and forth over two months, and the last days before departure when sales close.
      const searchedAt = new Date(start + Math.floor((draw() - 0.3) * 60 * 24) * HOUR_MS + Math.floor(draw() * 59) * 60_000);
      const opts: CashPriceOptions = { searchedAt, channel: draw() < 0.5 ? 'duffel' : 'serpapi', ...(brand ? { brand } : {}), mistakeFareRate: draw() < 0.5 ? 0 : 0.3 };
      const want = referencePrice(itin, cabin, opts);
      expect(cashPrice(itin, cabin, opts)).toEqual(want);
      if (want) priced++;
    }
    expect(priced).toBeGreaterThan(5_000);
  });

  it('answers a new itinerary object with the same key afresh, not from another object', () => {
    const itin = itins.find((it) => it.segments.length === 1)!;
    const copy: ScheduledItinerary = { ...itin, segments: itin.segments.map((s) => ({ ...s, carrier: 'B6' })) };
    const opts: CashPriceOptions = { searchedAt: new Date(start), channel: 'duffel' };
    expect(cashPrice(itin, 'economy', opts)).toEqual(referencePrice(itin, 'economy', opts));
    expect(cashPrice(copy, 'economy', opts)).toEqual(referencePrice(copy, 'economy', opts));
  });
});
