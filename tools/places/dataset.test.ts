import { describe, it, expect } from 'vitest';
import { AIRPORTS, METRO_CITIES, findAirport, findMetroCity } from '../_kit/reference/airports.js';

describe('places dataset', () => {
  it('has a few thousand airports with unique IATA codes', () => {
    expect(AIRPORTS.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(AIRPORTS.map((a) => a.iata)).size).toBe(AIRPORTS.length);
    for (const a of AIRPORTS) expect(a.iata, a.name).toMatch(/^[A-Z]{3}$/);
  });

  it('has sane fields on every airport', () => {
    for (const a of [...AIRPORTS, ...METRO_CITIES]) {
      expect(a.lat, a.iata).toBeGreaterThanOrEqual(-90);
      expect(a.lat, a.iata).toBeLessThanOrEqual(90);
      expect(a.lon, a.iata).toBeGreaterThanOrEqual(-180);
      expect(a.lon, a.iata).toBeLessThanOrEqual(180);
      expect(a.country, a.iata).toMatch(/^[A-Z]{2}$/);
      expect(a.name.length, a.iata).toBeGreaterThan(0);
      expect(a.city.length, a.iata).toBeGreaterThan(0);
    }
  });

  it('uses real IANA zones and covers almost every airport', () => {
    const withTz = AIRPORTS.filter((a) => a.timezone);
    expect(withTz.length / AIRPORTS.length).toBeGreaterThan(0.98);
    for (const zone of new Set(withTz.map((a) => a.timezone))) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('lists only existing airports as metro members, and no metro code names another airport', () => {
    expect(METRO_CITIES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(METRO_CITIES.map((c) => c.iata)).size).toBe(METRO_CITIES.length);
    for (const c of METRO_CITIES) {
      expect(c.airports.length, c.iata).toBeGreaterThan(0);
      for (const code of c.airports) expect(findAirport(code), `${c.iata} → ${code}`).toBeDefined();
      const same = findAirport(c.iata);
      if (same) expect(c.airports, c.iata).toContain(c.iata);
    }
    expect(findMetroCity('lon')?.airports).toEqual(['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']);
  });

  it('finds airports by code, case-insensitively', () => {
    expect(findAirport('lis')).toMatchObject({ iata: 'LIS', icao: 'LPPT', country: 'PT', timezone: 'Europe/Lisbon', size: 'large' });
    expect(findAirport('JFK')?.city).toBe('New York');
    expect(findAirport('XXX')).toBeUndefined();
    expect(findAirport('NYC')).toBeUndefined();
  });
});
