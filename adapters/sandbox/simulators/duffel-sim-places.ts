import { METRO_CITIES, findAirport, type MetroCity } from '../../../tools/_kit/reference/airports.js';
import type { DuffelAircraft, DuffelAirline, DuffelAirport } from '../../providers/duffel/wire.js';
import { recurringSimId } from './duffel-sim-ids.js';
import { airlineInfo } from './world/index.js';

// Airports, airlines and aircraft as Duffel draws them, built from the committed
// airport dataset and the simulated world.

let metroOfAirport: Map<string, MetroCity> | undefined;

function metroFor(iata: string): MetroCity | undefined {
  metroOfAirport ??= new Map(METRO_CITIES.flatMap((c) => c.airports.map((a) => [a, c] as const)));
  return metroOfAirport.get(iata);
}

/** The airport object Duffel nests in slices and segments; undefined for an unknown code. */
export function airportWire(iata: string): DuffelAirport | undefined {
  const a = findAirport(iata);
  if (!a) return undefined;
  const metro = metroFor(a.iata);
  return {
    type: 'airport',
    id: `arp_${a.iata.toLowerCase()}_${a.country.toLowerCase()}`,
    name: a.name,
    iata_code: a.iata,
    icao_code: a.icao ?? null,
    iata_city_code: metro?.iata ?? null,
    iata_country_code: a.country,
    city_name: a.city,
    latitude: a.lat,
    longitude: a.lon,
    time_zone: a.timezone ?? 'UTC',
    city: metro
      ? { type: 'city', id: `cit_${metro.iata.toLowerCase()}_${metro.country.toLowerCase()}`, name: metro.city, iata_code: metro.iata, iata_country_code: metro.country }
      : null,
  };
}

const LOGO_BASE = 'https://assets.duffel.com/img/airlines/for-light-background';

export function airlineWire(iata: string): DuffelAirline {
  const info = airlineInfo(iata);
  return {
    id: recurringSimId('arl', iata),
    name: info?.name ?? iata,
    iata_code: iata,
    logo_symbol_url: `${LOGO_BASE}/full-color-logo/${iata}.svg`,
    logo_lockup_url: `${LOGO_BASE}/full-color-lockup/${iata}.svg`,
    conditions_of_carriage_url: null,
  };
}

/** IATA aircraft type codes for the names the world schedule uses; others go without one. */
const AIRCRAFT_CODES: Record<string, string> = {
  'Airbus A220-300': '223',
  'Airbus A319': '319',
  'Airbus A320': '320',
  'Airbus A320neo': '32N',
  'Airbus A321': '321',
  'Airbus A321neo': '32Q',
  'Airbus A321LR': '32Q',
  'Airbus A321XLR': '32Q',
  'Airbus A330-200': '332',
  'Airbus A330-300': '333',
  'Airbus A330-900': '339',
  'Airbus A350-900': '359',
  'Airbus A350-1000': '351',
  'Airbus A380-800': '388',
  'Airbus A380': '388',
  'Boeing 737-800': '73H',
  'Boeing 737 MAX 8': '7M8',
  'Boeing 737 MAX 9': '7M9',
  'Boeing 737-900': '739',
  'Boeing 757-200': '752',
  'Boeing 767-300ER': '76W',
  'Boeing 777-200ER': '772',
  'Boeing 777-300ER': '77W',
  'Boeing 787-8': '788',
  'Boeing 787-9': '789',
  'Boeing 787-10': '781',
  'Bombardier CRJ900': 'CR9',
  'Embraer E175': 'E75',
  'Embraer E190': 'E90',
};

export function aircraftWire(name: string): DuffelAircraft {
  return { id: recurringSimId('arc', name), iata_code: AIRCRAFT_CODES[name] ?? null, name };
}
