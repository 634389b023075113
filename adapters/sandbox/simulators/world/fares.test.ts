import { describe, expect, it } from 'vitest';
import { cashPrice, fareBrands, itineraries, typicalPrice } from './index.js';
import { addDays } from '../../../../tools/_kit/calendar-dates.js';
import { weekday } from './geo.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { ScheduledItinerary } from './types.js';

const SEARCHED = new Date('2026-10-10T12:00:00Z');
const DATE = '2026-12-01'; // 52 days after SEARCHED, a Tuesday
const duffel = { searchedAt: SEARCHED, channel: 'duffel' as const };

function price(it: ScheduledItinerary, cabin: CabinClass = 'economy', searchedAt = SEARCHED): number {
  const p = cashPrice(it, cabin, { searchedAt, channel: 'duffel' });
  if (!p) throw new Error(`no ${cabin} price for ${it.key}`);
  return p.total;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const nonstops = (o: string, d: string, date = DATE) => itineraries(o, d, date, { maxConnections: 0 });
const cheapest = (o: string, d: string) => Math.min(...itineraries(o, d, DATE).map((it) => price(it)));

describe('cashPrice', () => {
  it('is deterministic and holds still within an hour', () => {
    const it = nonstops('JFK', 'LHR')[0]!;
    const a = cashPrice(it, 'economy', duffel);
    expect(cashPrice(it, 'economy', { ...duffel, searchedAt: new Date('2026-10-10T12:59:00Z') })).toEqual(a);
    const later = cashPrice(it, 'economy', { ...duffel, searchedAt: new Date('2026-10-10T15:00:00Z') })!;
    expect(Math.abs(later.total / a!.total - 1)).toBeLessThan(0.07);
  });

  it('adds base and tax to the total, in dollars and cents', () => {
    for (const it of itineraries('JFK', 'LAX', DATE)) {
      const p = cashPrice(it, 'economy', duffel)!;
      expect(p.currency).toBe('USD');
      expect(p.total).toBeCloseTo(p.base + p.tax, 2);
      expect(Number(p.total.toFixed(2))).toBe(p.total);
    }
  });

  it('rises with distance: BOS–NYC < JFK–LAX < JFK–NRT', () => {
    const bos = cheapest('BOS', 'LGA');
    const lax = cheapest('JFK', 'LAX');
    const nrt = cheapest('JFK', 'NRT');
    expect(bos).toBeLessThan(lax);
    expect(lax).toBeLessThan(nrt);
    expect(bos).toBeGreaterThan(60);
    expect(bos).toBeLessThan(200);
  });

  it('puts JFK–LHR one-way economy nonstops near market levels', () => {
    for (const it of nonstops('JFK', 'LHR')) {
      expect(price(it)).toBeGreaterThan(300);
      expect(price(it)).toBeLessThan(750);
    }
  });

  it('rises with the cabin and gives null where the cabin does not exist', () => {
    const ba = nonstops('JFK', 'LHR').filter((it) => cashPrice(it, 'first', duffel));
    expect(ba.length).toBeGreaterThan(0);
    for (const it of ba) {
      expect(price(it, 'premium_economy')).toBeGreaterThan(price(it, 'economy') * 1.4);
      expect(price(it, 'business')).toBeGreaterThan(price(it, 'premium_economy') * 1.8);
      expect(price(it, 'first')).toBeGreaterThan(price(it, 'business') * 1.3);
    }
    const ryanair = nonstops('STN', 'DUB').filter((it) => it.owner === 'FR');
    expect(ryanair.length).toBeGreaterThan(0);
    for (const it of ryanair) {
      expect(cashPrice(it, 'economy', duffel)).not.toBeNull();
      expect(cashPrice(it, 'business', duffel)).toBeNull();
    }
  });

  it('charges much more in the last days than 50 days out', () => {
    const it = nonstops('JFK', 'LAX')[0]!;
    const lastMinute = new Date('2026-11-29T12:00:00Z');
    expect(price(it, 'economy', lastMinute)).toBeGreaterThan(price(it) * 1.5);
    const twoWeeks = new Date('2026-11-20T12:00:00Z');
    expect(price(it, 'economy', twoWeeks)).toBeGreaterThan(price(it) * 1.1);
  });

  it('closes sales near departure', () => {
    const it = nonstops('JFK', 'LAX')[0]!;
    expect(cashPrice(it, 'economy', { ...duffel, searchedAt: new Date('2026-12-02T00:00:00Z') })).toBeNull();
  });

  it('is cheaper on a Tuesday than on a Friday, on average over many routes', () => {
    const tuesday = DATE;
    const friday = addDays(DATE, 3);
    expect(weekday(tuesday)).toBe(2);
    expect(weekday(friday)).toBe(5);
    const routes = [['JFK', 'LAX'], ['ORD', 'DFW'], ['LHR', 'CDG'], ['FRA', 'MAD'], ['SFO', 'SEA'], ['ATL', 'MIA'], ['AMS', 'BCN'], ['DEN', 'PHX'], ['YYZ', 'YVR'], ['SIN', 'BKK']];
    const ratios: number[] = [];
    for (const [o, d] of routes) {
      const tue = nonstops(o!, d!, tuesday);
      // The same days out for both dates, so only the weekday differs.
      const fri = nonstops(o!, d!, friday).map((it) => price(it, 'economy', new Date(SEARCHED.getTime() + 3 * 86_400_000)));
      if (tue.length && fri.length) ratios.push(mean(tue.map((it) => price(it))) / mean(fri));
    }
    expect(ratios.length).toBeGreaterThanOrEqual(8);
    expect(mean(ratios)).toBeLessThan(0.95);
  });

  it('sells connections for less than nonstops', () => {
    const all = itineraries('JFK', 'LHR', DATE);
    const direct = mean(all.filter((it) => it.segments.length === 1).map((it) => price(it)));
    const connecting = mean(all.filter((it) => it.segments.length === 2).map((it) => price(it)));
    expect(connecting).toBeLessThan(direct);
  });

  it('shows Google prices as whole dollars within −3 %..+2 % of the NDC price', () => {
    for (const it of itineraries('SFO', 'NCE', DATE)) {
      const ndc = cashPrice(it, 'economy', duffel)!;
      const google = cashPrice(it, 'economy', { ...duffel, channel: 'serpapi' })!;
      expect(Number.isInteger(google.total)).toBe(true);
      expect(google.total).toBeGreaterThanOrEqual(Math.floor(ndc.total * 0.97));
      expect(google.total).toBeLessThanOrEqual(Math.ceil(ndc.total * 1.02));
    }
  });

  it('taxes realistically: US domestic ad valorem, UK duty higher in premium cabins', () => {
    const domestic = cashPrice(nonstops('JFK', 'LAX')[0]!, 'economy', duffel)!;
    expect(domestic.tax).toBeGreaterThan(domestic.base * 0.075);
    expect(domestic.tax).toBeLessThan(domestic.base * 0.075 + 25);
    const outbound = cashPrice(nonstops('JFK', 'LHR')[0]!, 'economy', duffel)!;
    expect(outbound.tax).toBeGreaterThanOrEqual(40);
    expect(outbound.tax).toBeLessThanOrEqual(120);
    const fromLondon = nonstops('LHR', 'JFK')[0]!;
    expect(cashPrice(fromLondon, 'business', duffel)!.tax).toBeGreaterThan(cashPrice(fromLondon, 'economy', duffel)!.tax + 100);
  });

  it('multiplies the base by the fare brand', () => {
    const it = nonstops('JFK', 'LHR').find((x) => x.owner === 'BA')!;
    const [basic, standard] = fareBrands('BA', 'economy');
    const b = cashPrice(it, 'economy', { ...duffel, brand: basic })!;
    const s = cashPrice(it, 'economy', { ...duffel, brand: standard })!;
    expect(s.base).toBeCloseTo(b.base * standard!.priceFactor, 0);
  });
});

describe('fareBrands', () => {
  it('gives 1–3 brands per carrier and cabin, cheapest first', () => {
    for (const carrier of ['UA', 'AA', 'DL', 'BA', 'AF', 'LH', 'EK', 'FR', 'U2', 'WN', 'B6', 'SQ']) {
      for (const cabin of ['economy', 'premium_economy', 'business', 'first'] as const) {
        const brands = fareBrands(carrier, cabin);
        expect(brands.length).toBeLessThanOrEqual(3);
        if (cabin === 'economy') expect(brands.length).toBeGreaterThan(0);
        for (let i = 1; i < brands.length; i++) expect(brands[i]!.priceFactor).toBeGreaterThan(brands[i - 1]!.priceFactor);
        if (brands.length) expect(brands[0]!.priceFactor).toBe(1);
      }
    }
  });

  it('uses each family’s names and flags', () => {
    expect(fareBrands('BA', 'economy').map((b) => b.name)).toEqual(['Basic', 'Standard', 'Flex']);
    expect(fareBrands('UA', 'economy').map((b) => b.name)).toEqual(['Basic Economy', 'Economy', 'Economy (fully refundable)']);
    expect(fareBrands('FR', 'economy').map((b) => b.name)).toEqual(['Basic', 'Regular', 'Plus']);
    expect(fareBrands('FR', 'business')).toEqual([]);
    expect(fareBrands('UA', 'first')).toEqual([]);
    const [basic, , flex] = fareBrands('LH', 'economy');
    expect(basic!.refundable || basic!.changeable).toBe(false);
    expect(flex!.refundable).toBe(true);
    expect(fareBrands('LH', 'business').map((b) => b.name)).toEqual(['Business Saver', 'Business Flex']);
  });
});

describe('typicalPrice', () => {
  it('follows distance and cabin, NaN for unknown airports', () => {
    expect(typicalPrice('BOS', 'LGA', 'economy')).toBeLessThan(typicalPrice('JFK', 'LAX', 'economy'));
    expect(typicalPrice('JFK', 'LAX', 'economy')).toBeLessThan(typicalPrice('JFK', 'NRT', 'economy'));
    expect(typicalPrice('JFK', 'LHR', 'business')).toBeGreaterThan(3 * typicalPrice('JFK', 'LHR', 'economy'));
    expect(Number.isInteger(typicalPrice('jfk', 'lhr', 'economy'))).toBe(true);
    expect(typicalPrice('XQZ', 'LHR', 'economy')).toBeNaN();
  });

  it('sits near what the carriers charge 50 days out', () => {
    const typical = typicalPrice('JFK', 'LHR', 'economy');
    const actual = mean(nonstops('JFK', 'LHR').map((it) => price(it)));
    expect(actual / typical).toBeGreaterThan(0.75);
    expect(actual / typical).toBeLessThan(1.3);
  });
});
