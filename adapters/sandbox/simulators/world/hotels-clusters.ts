import { AIRPORTS, findAirport, type Airport } from '../../../../tools/_kit/reference/airports.js';
import { regionOf } from './geo.js';
import { HOTEL_CITIES } from './hotels-cities.js';
import { countryLevel, seasonFor } from './hotels-countries.js';
import type { BrandRegion, CityDef, GeoPoint, SeasonProfile, WeekPattern } from './hotels-types.js';
import { geoPointKm } from '../../../../tools/_kit/reference/great-circle.js';

// Where hotels stand: clusters of properties around a centre. Three kinds:
// - city: the major cities of hotels-cities.ts, 8–20 hotels plus vacation rentals;
// - airport: 2–4 airport hotels beside every large airport;
// - town: 4–7 hotels in the town an airport serves, for airports with no major
//   city within 40 km (the airport stands in for the town centre).

export type ClusterKind = 'city' | 'airport' | 'town';

/** A district hotels are named after; city districts have a street and a point, towns' generic ones neither. */
export interface ClusterDistrict {
  name: string;
  street: string | null;
  postcode: string | null;
  point: GeoPoint | null;
}

export interface Cluster {
  /** "city:paris", "airport:LHR", "town:BRS". */
  key: string;
  kind: ClusterKind;
  /** City name used in hotel names and addresses. */
  city: string;
  country: string;
  region: BrandRegion;
  regionName: string | null;
  centre: GeoPoint;
  timezone: string | undefined;
  upscaleUsd: number;
  taxRate: number;
  touristTaxUsd: number;
  resortFeeUsd: number;
  season: SeasonProfile;
  week: WeekPattern;
  size: 1 | 2 | 3;
  /** How far from the centre its hotels may stand, km. */
  spreadKm: number;
  /** Hotels without a district point: how close to the centre the nearest stands (airport hotels beside the terminal, town hotels away from the runway). */
  minKm: number;
  /** Hotels stand within this of their district's point, km. */
  jitterKm: number;
  districts: readonly ClusterDistrict[];
  /** Airport clusters: the airport's short name, e.g. "Heathrow Airport". */
  airportDistrict?: string;
  /** The city-table row behind a city cluster. */
  cityDef?: CityDef;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceKmBetween(a: GeoPoint, b: GeoPoint): number {
  return geoPointKm(a, b);
}

/** The point `km` away from `from` on a compass bearing (flat-earth step: fine over a few km). */
export function offsetPoint(from: GeoPoint, km: number, bearingDeg: number): GeoPoint {
  const dLat = (km * Math.cos(rad(bearingDeg))) / 111.32;
  const dLon = (km * Math.sin(rad(bearingDeg))) / (111.32 * Math.cos(rad(from.latitude)));
  return { latitude: Number((from.latitude + dLat).toFixed(6)), longitude: Number((from.longitude + dLon).toFixed(6)) };
}

const DEFAULT_JITTER_KM = 0.8;
/** A major city within this distance of an airport covers its town. */
const TOWN_COVERED_KM = 40;

const GENERIC_DISTRICTS: Readonly<Record<string, readonly string[]>> = {
  US: ['Downtown', 'Airport', 'North', 'South', 'Medical Center', 'Convention Center'],
  CA: ['Downtown', 'Airport', 'North', 'South'],
  GB: ['City Centre', 'Airport', 'Station', 'Riverside'],
  FR: ['Centre', 'Gare', 'Aéroport', 'Vieux Port'],
  DE: ['Zentrum', 'Hauptbahnhof', 'Flughafen', 'Messe'],
  ES: ['Centro', 'Aeropuerto', 'Estación', 'Playa'],
  IT: ['Centro', 'Stazione', 'Aeroporto', 'Fiera'],
};
const DEFAULT_DISTRICTS = ['City Centre', 'Airport', 'Central', 'Business District'];

function cityCluster(def: CityDef): Cluster {
  const airport = findAirport(def.airport);
  const level = countryLevel(def.country);
  const centre = { latitude: def.lat, longitude: def.lon };
  const jitterKm = def.jitterKm ?? DEFAULT_JITTER_KM;
  const districts = def.districts.map((d) => ({ name: d.name, street: d.street, postcode: d.postcode, point: { latitude: d.lat, longitude: d.lon } }));
  const farthest = Math.max(0, ...districts.map((d) => distanceKmBetween(centre, d.point)));
  return {
    key: `city:${def.key}`,
    kind: 'city',
    city: def.name,
    country: def.country,
    region: airport ? regionOf(airport) : 'EU',
    regionName: def.region ?? null,
    centre,
    timezone: airport?.timezone,
    upscaleUsd: def.upscaleUsd,
    taxRate: def.taxRate ?? level.taxRate,
    touristTaxUsd: def.touristTaxUsd ?? 0,
    resortFeeUsd: def.resortFeeUsd ?? 0,
    season: def.season,
    week: def.week,
    size: def.size,
    spreadKm: farthest + jitterKm + 0.1,
    minKm: 0,
    jitterKm,
    districts,
    cityDef: def,
  };
}

/** "Charles de Gaulle International Airport" → "Charles de Gaulle Airport"; the city's own name dropped. */
export function airportDistrict(airport: Airport): string {
  let name = airport.name.replace(/\s*\(.*\)\s*/g, ' ').replace(/\bInternational\b/gi, '').replace(/\bAirport\b/gi, '').replace(/\s+/g, ' ').trim();
  if (name.toLowerCase().startsWith(airport.city.toLowerCase()) && name.length > airport.city.length) name = name.slice(airport.city.length).trim();
  return `${name || airport.iata} Airport`;
}

function airportBase(airport: Airport, kind: 'airport' | 'town'): Cluster {
  const level = countryLevel(airport.country);
  return {
    key: `${kind}:${airport.iata}`,
    kind,
    city: airport.city,
    country: airport.country,
    region: regionOf(airport),
    regionName: null,
    centre: { latitude: airport.lat, longitude: airport.lon },
    timezone: airport.timezone,
    upscaleUsd: level.upscaleUsd,
    taxRate: level.taxRate,
    touristTaxUsd: 0,
    resortFeeUsd: 0,
    season: seasonFor(airport.lat),
    week: kind === 'airport' ? 'business' : 'mixed',
    size: 1,
    spreadKm: kind === 'airport' ? 2.5 : 6,
    minKm: kind === 'airport' ? 0.6 : 2,
    jitterKm: DEFAULT_JITTER_KM,
    ...(kind === 'airport' ? { airportDistrict: airportDistrict(airport) } : {}),
    districts: (kind === 'airport' ? [airportDistrict(airport)] : (GENERIC_DISTRICTS[airport.country] ?? DEFAULT_DISTRICTS)).map((name) => ({ name, street: null, postcode: null, point: null })),
  };
}

/** The nearest major city within TOWN_COVERED_KM, if any. */
function nearestCity(cities: readonly Cluster[], here: GeoPoint): Cluster | undefined {
  let best: Cluster | undefined;
  let bestKm = TOWN_COVERED_KM;
  for (const c of cities) {
    const km = distanceKmBetween(c.centre, here);
    if (km < bestKm) [best, bestKm] = [c, km];
  }
  return best;
}

function buildClusters(): Cluster[] {
  const cities = HOTEL_CITIES.map(cityCluster);
  const out: Cluster[] = [...cities];
  const towns = new Set<string>();
  for (const airport of AIRPORTS) {
    const here = { latitude: airport.lat, longitude: airport.lon };
    const nearest = nearestCity(cities, here);
    if (airport.size === 'large') out.push({ ...airportBase(airport, 'airport'), ...(nearest ? { upscaleUsd: Math.round(nearest.upscaleUsd * 0.75), taxRate: nearest.taxRate } : {}) });
    const townKey = `${airport.country}|${airport.city}`;
    if (nearest || towns.has(townKey)) continue;
    towns.add(townKey);
    out.push(airportBase(airport, 'town'));
  }
  return out;
}

let clusters: Cluster[] | undefined;
let byKey: Map<string, Cluster> | undefined;

export function allClusters(): readonly Cluster[] {
  clusters ??= buildClusters();
  return clusters;
}

export function clusterByKey(key: string): Cluster | undefined {
  byKey ??= new Map(allClusters().map((c) => [c.key, c]));
  return byKey.get(key);
}

/** Clusters whose hotels may lie within `radiusKm` of the point. */
export function clustersNear(center: GeoPoint, radiusKm: number): Cluster[] {
  return allClusters().filter((c) => distanceKmBetween(c.centre, center) <= radiusKm + c.spreadKm + 0.5);
}
