// The committed airport and metro-city dataset, loaded once. Other features
// (great-circle fares, countries, local times) read airports through findAirport.
import { readFileSync } from 'node:fs';

export type AirportSize = 'large' | 'medium' | 'small';

export interface Airport {
  iata: string;
  icao?: string;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2 (OurAirports uses XK for Kosovo). */
  country: string;
  lat: number;
  lon: number;
  /** IANA zone, e.g. Europe/Lisbon; absent when the source had none. */
  timezone?: string;
  /** OurAirports size class; ranks ties in search. */
  size: AirportSize;
  /** Extra search terms from OurAirports keywords (local or former names). */
  aliases?: readonly string[];
}

/** A metropolitan area code grouping several airports (LON, NYC). */
export interface MetroCity {
  iata: string;
  name: string;
  city: string;
  country: string;
  /** Mean position of the member airports. */
  lat: number;
  lon: number;
  timezone?: string;
  /** Member airport codes, main airport first. */
  airports: readonly string[];
  aliases?: readonly string[];
}

interface Dataset {
  cities: MetroCity[];
  airports: Airport[];
}

// Read at runtime rather than `import ... with { type: 'json' }` so tsc does not
// infer a type for thousands of rows on every typecheck.
const data = JSON.parse(readFileSync(new URL('./data/places.json', import.meta.url), 'utf8')) as Dataset;

// Frozen: search hands these rows (and objects built from them) to callers.
for (const a of data.airports) Object.freeze(a.aliases);
for (const c of data.cities) {
  Object.freeze(c.airports);
  Object.freeze(c.aliases);
}
export const AIRPORTS: readonly Airport[] = Object.freeze(data.airports.map((a) => Object.freeze(a)));
export const METRO_CITIES: readonly MetroCity[] = Object.freeze(data.cities.map((c) => Object.freeze(c)));

const byIata = new Map(AIRPORTS.map((a) => [a.iata, a]));
const metroByIata = new Map(METRO_CITIES.map((c) => [c.iata, c]));

/** The airport with this IATA code (case-insensitive), or undefined. */
export function findAirport(iata: string): Airport | undefined {
  return byIata.get(iata.toUpperCase());
}

/** The metro city with this IATA city code (LON, NYC), or undefined. */
export function findMetroCity(iata: string): MetroCity | undefined {
  return metroByIata.get(iata.toUpperCase());
}
