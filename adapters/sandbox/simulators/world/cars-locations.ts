import { AIRPORTS, findAirport, type Airport } from '../../../../tools/_kit/reference/airports.js';
import { unit } from '../seeded.js';
import { regionOf, type Region } from './geo.js';
import { BoundedMemo } from './memo.js';
import { CAR_SUPPLIERS, type CarSupplier } from './cars-suppliers.js';
import { greatCircleKm } from '../../../../tools/_kit/reference/great-circle.js';

// Where cars are rented: the brands' counters at airports (the places dataset's
// airports, with their coordinates and time zones). A large airport has most of the
// region's brands, a medium one a few; which ones is fixed per airport.
// As of: 2026-01. Source (facts only) for the consolidated rental car centres,
// reached by shuttle bus or airport train rather than in the terminal: the airports'
// own ground-transport pages (ATL SkyTrain, BOS, DEN, DFW, EWR AirTrain, IAH, JFK
// AirTrain to Federal Circle, LAS Rent-A-Car Center, LAX, MIA MIA Mover, ORD ATS to
// the Multi-Modal Facility, PHX Sky Train, SAN, SEA, SFO AirTrain).
// Opening hours are this model's choice: large airports around the clock, others
// 06:00–23:00.

const RENTAL_CAR_CENTRES = new Set(['ATL', 'BOS', 'DEN', 'DFW', 'EWR', 'IAH', 'JFK', 'LAS', 'LAX', 'MIA', 'ORD', 'PHX', 'SAN', 'SEA', 'SFO']);
/** How far a consolidated rental car centre sits from the terminal, roughly. */
const CENTRE_OFFSET_KM = 1.6;
const KM_PER_DEGREE = 111.32;

export interface CarCounter {
  supplier: CarSupplier;
  /** Index into CAR_SUPPLIERS (rate ids carry it). */
  supplierIndex: number;
  airport: Airport;
  region: Region;
  access: 'in_terminal' | 'shuttle';
  latitude: number;
  longitude: number;
  opens: string;
  closes: string;
  name: string;
  lineOne: string;
  information: { title: string; text: string }[];
}

/** Scales a brand's medium-airport presence to the airport's size. */
function presenceAt(p: number, airport: Airport): number {
  return airport.size === 'large' ? (p >= 0.3 ? 1 : p * 2) : p;
}

/** A point `km` away from (lat, lon) on a bearing, near enough for a few kilometres. */
function offset(lat: number, lon: number, km: number, bearing: number): { latitude: number; longitude: number } {
  const dLat = (km * Math.cos(bearing)) / KM_PER_DEGREE;
  const dLon = (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.max(0.1, Math.cos((lat * Math.PI) / 180)));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(lat + dLat), longitude: round(lon + dLon) };
}

function counter(airport: Airport, supplier: CarSupplier, supplierIndex: number, region: Region): CarCounter {
  const centre = RENTAL_CAR_CENTRES.has(airport.iata);
  // A shared centre for every brand, then a few tens of metres between desks.
  const base = centre ? offset(airport.lat, airport.lon, CENTRE_OFFSET_KM, unit('cars-centre', airport.iata) * 2 * Math.PI) : { latitude: airport.lat, longitude: airport.lon };
  const desk = offset(base.latitude, base.longitude, 0.03 + 0.12 * unit('cars-desk', airport.iata, supplier.name), unit('cars-desk-bearing', airport.iata, supplier.name) * 2 * Math.PI);
  const roundClock = airport.size === 'large';
  return {
    supplier,
    supplierIndex,
    airport,
    region,
    access: centre ? 'shuttle' : 'in_terminal',
    ...desk,
    opens: roundClock ? '00:00' : '06:00',
    closes: roundClock ? '23:59' : '23:00',
    name: `${supplier.name}, ${airport.name} (${airport.iata})`,
    lineOne: centre ? `Rental Car Center, ${airport.name}` : `Car rental desks, arrivals hall, ${airport.name}`,
    information: [
      centre
        ? { title: 'Finding the counter', text: 'Counters are in the airport rental car center: take the free shuttle or airport train from arrivals.' }
        : { title: 'Finding the counter', text: 'Counters are in the arrivals hall; cars are parked in the rental car area of the airport car park.' },
      { title: 'Returning the car', text: roundClock ? 'Return the car to the rental car return area at any hour.' : 'Outside opening hours, leave the keys in the drop box at the counter.' },
    ],
  };
}

const memo = new BoundedMemo<CarCounter[]>(4_000);

/** The rental counters at an airport, in supplier order; empty for an unknown code. */
export function countersAt(iata: string): CarCounter[] {
  return memo.get(iata.toUpperCase(), () => {
    const airport = findAirport(iata);
    if (!airport) return [];
    const region = regionOf(airport);
    const present = CAR_SUPPLIERS.map((s, i) => ({ s, i })).filter(({ s }) => unit('cars-counter', airport.iata, s.name) < presenceAt(s.presence[region], airport));
    if (present.length === 0) {
      // Every airport with scheduled service has at least the region's most common brand.
      let best = 0;
      CAR_SUPPLIERS.forEach((s, i) => {
        if (s.presence[region] > CAR_SUPPLIERS[best]!.presence[region]) best = i;
      });
      present.push({ s: CAR_SUPPLIERS[best]!, i: best });
    }
    return present.map(({ s, i }) => counter(airport, s, i, region));
  });
}

function distanceKmTo(lat: number, lon: number, a: Airport): number {
  return greatCircleKm({ lat, lon }, a);
}

/**
 * The airport whose counters serve a point: within the radius, a large airport before a
 * medium one, then the nearest. Null when none is in reach.
 */
export function rentalAirportNear(latitude: number, longitude: number, radiusKm: number): Airport | null {
  let best: { airport: Airport; km: number } | null = null;
  for (const airport of AIRPORTS) {
    const km = distanceKmTo(latitude, longitude, airport);
    if (km > radiusKm) continue;
    const better = !best || (airport.size === 'large' && best.airport.size !== 'large') || (airport.size === best.airport.size && km < best.km);
    if (better) best = { airport, km };
  }
  return best?.airport ?? null;
}
