import { describe, it, expect } from 'vitest';
import { suggestPlaces } from './search.js';

const codes = (q: string, limit = 10): string[] => suggestPlaces(q, limit).map((p) => p.iata);

describe('suggestPlaces', () => {
  it('ranks an exact IATA code first, in any case', () => {
    expect(codes('lis')[0]).toBe('LIS');
    expect(codes('LIS')[0]).toBe('LIS');
    expect(codes(' Lis ')[0]).toBe('LIS');
  });

  it('finds an airport by its city name and local aliases', () => {
    expect(codes('lisbon')[0]).toBe('LIS');
    expect(codes('lisb')[0]).toBe('LIS');
    expect(codes('lisboa')).toContain('LIS');
  });

  it('returns the metro city first, then its airports', () => {
    const r = suggestPlaces('new york', 10);
    expect(r[0]).toMatchObject({ type: 'city', iata: 'NYC', airports: ['JFK', 'LGA', 'EWR'] });
    expect(r.slice(1, 4).map((p) => p.iata)).toEqual(['JFK', 'LGA', 'EWR']);
    expect(r.slice(1, 4).every((p) => p.type === 'airport')).toBe(true);
  });

  it('lists each place once even when it matches several ways', () => {
    const r = codes('london', 50);
    expect(r.slice(0, 7)).toEqual(['LON', 'LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']);
    expect(new Set(r).size).toBe(r.length);
  });

  it('matches words inside airport names', () => {
    expect(codes('heathrow')[0]).toBe('LHR');
    expect(codes('heath')).toContain('LHR');
    expect(codes('gatwick')[0]).toBe('LGW');
  });

  it('ignores case and accents', () => {
    expect(codes('zurich')[0]).toBe('ZRH');
    expect(codes('ZÜRICH')[0]).toBe('ZRH');
    expect(codes('sao paulo').slice(0, 2)).toEqual(['SAO', 'GRU']);
    expect(codes('São Paulo')).toEqual(codes('sao paulo'));
  });

  it('puts an exact metro code first, then its airports, then city-name prefixes', () => {
    const r = suggestPlaces('par', 10);
    expect(r[0]).toMatchObject({ type: 'city', iata: 'PAR' });
    expect(r.slice(1, 3).map((p) => p.iata)).toEqual(['CDG', 'ORY']);
    expect(r.slice(3).every((p) => p.city.toLowerCase().startsWith('par'))).toBe(true);
  });

  it('ranks airport-name prefixes above words inside names', () => {
    // SWF is "New York Stewart International Airport" (name prefix); HPN only has a "New York City" keyword.
    const r = codes('new york', 10);
    expect(r.indexOf('SWF')).toBeGreaterThan(r.indexOf('EWR'));
    expect(r.indexOf('SWF')).toBeLessThan(r.indexOf('HPN'));
  });

  it('ranks larger airports first among equal matches', () => {
    const r = suggestPlaces('lon', 50).filter((p) => p.type === 'airport');
    const sizes = r.map((p) => (p.type === 'airport' ? p.size : ''));
    expect(sizes.indexOf('large')).toBeLessThan(sizes.indexOf('medium'));
  });

  it('accepts ICAO codes and partial IATA codes', () => {
    expect(codes('LPPT')[0]).toBe('LIS');
    expect(codes('jf')).toContain('JFK');
  });

  it('respects the limit', () => {
    expect(suggestPlaces('a', 5)).toHaveLength(5);
    expect(suggestPlaces('london', 3)).toHaveLength(3);
    expect(suggestPlaces('a', 50)).toHaveLength(50);
    expect(suggestPlaces('lis', 1).map((p) => p.iata)).toEqual(['LIS']);
  });

  it('returns [] for blank, punctuation-only or unknown queries', () => {
    expect(suggestPlaces('', 10)).toEqual([]);
    expect(suggestPlaces('   ', 10)).toEqual([]);
    expect(suggestPlaces('--', 10)).toEqual([]);
    expect(suggestPlaces('qqqqzzz', 10)).toEqual([]);
    expect(suggestPlaces('lis', 0)).toEqual([]);
  });

  it('is deterministic across calls', () => {
    for (const q of ['a', 'san', 'new', 'lon', 'int']) {
      expect(codes(q, 50)).toEqual(codes(q, 50));
    }
  });

  it('hands out frozen places so callers cannot corrupt the index', () => {
    const [lis] = suggestPlaces('lis', 1);
    expect(Object.isFrozen(lis)).toBe(true);
  });
});
