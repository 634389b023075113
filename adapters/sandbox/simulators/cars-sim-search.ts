import { findAirport, type Airport } from '../../../tools/_kit/reference/airports.js';
import type { DuffelCarsRate, DuffelCarsSearch, DuffelCarsSearchCreate, DuffelCarsSearchLocation } from '../../providers/duffel-cars/wire.js';
import { encodeRateId, type RateRef } from './cars-sim-ids.js';
import { rateWire } from './cars-sim-wire.js';
import { simId } from './duffel-sim-ids.js';
import { isRecord, requireString, type Body } from './duffel-sim-input.js';
import { invalid } from './duffel-sim-order-errors.js';
import { timeBucket } from './seeded.js';
import { localToUtcMs } from './world/geo.js';
import { carRates, type CarRentalAsk } from './world/cars.js';
import { rentalAirportNear } from './world/cars-locations.js';

// POST /cars/search over the car world. Pick-up and drop-off are served by the
// airport counters nearest each point within its radius (a large airport before a
// medium one); no airport in reach is a search with no rates. Rates are priced at
// the start of the search's 15-minute bucket, so a search repeated within it gives
// the same rates and ids; they can be quoted for 30 minutes from that start.

export const BUCKET_MINUTES = 15;
export const RATE_LIFETIME_MS = 30 * 60_000;
/** Radius when the search gives none (UNCONFIRMED unit and default: km, as Duffel Stays). */
const DEFAULT_RADIUS_KM = 10;
const MAX_RADIUS_KM = 100;
/** Longest rental sold online, as most brands cap it. */
const MAX_RENTAL_DAYS = 60;
const DAY_MS = 86_400_000;

export const bucketStart = (bucket: number): Date => new Date(bucket * BUCKET_MINUTES * 60_000);

function readDate(v: unknown, field: string): string {
  const s = requireString(v, field, `/${field}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`))) throw invalid(field, `/${field}`, `${field} must be a date such as 2026-09-05`, 'validation_format');
  return s;
}

function readTime(v: unknown, field: string): string {
  const s = requireString(v, field, `/${field}`);
  const m = /^(\d{2}):(\d{2})$/.exec(s);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw invalid(field, `/${field}`, `${field} must be a 24-hour time such as 16:00`, 'validation_format');
  return s;
}

function readLocation(v: unknown, field: string): Required<DuffelCarsSearchLocation> {
  if (!isRecord(v)) throw invalid(field, `/${field}`, `${field} must be an object with geographic_coordinates`, 'validation_required');
  const coords = v.geographic_coordinates;
  const lat = isRecord(coords) ? coords.latitude : undefined;
  const lon = isRecord(coords) ? coords.longitude : undefined;
  if (typeof lat !== 'number' || typeof lon !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw invalid('geographic_coordinates', `/${field}/geographic_coordinates`, 'latitude and longitude must be numbers within range', 'validation_format');
  }
  const radius = v.radius ?? DEFAULT_RADIUS_KM;
  if (typeof radius !== 'number' || !(radius > 0) || radius > MAX_RADIUS_KM) throw invalid('radius', `/${field}/radius`, `radius must be a number of kilometres above 0 and at most ${MAX_RADIUS_KM}`, 'validation_format');
  return { radius, geographic_coordinates: { latitude: lat, longitude: lon } };
}

export function readSearch(data: Body): DuffelCarsSearchCreate {
  const driver = data.driver;
  if (!isRecord(driver)) throw invalid('driver', '/driver', 'driver must be an object with age and residence_country_code', 'validation_required');
  const age = driver.age;
  if (typeof age !== 'number' || !Number.isInteger(age) || age < 18 || age > 99) throw invalid('age', '/driver/age', 'age must be a whole number from 18 to 99', 'validation_format');
  const residence = requireString(driver.residence_country_code, 'residence_country_code', '/driver/residence_country_code');
  if (!/^[A-Z]{2}$/.test(residence)) throw invalid('residence_country_code', '/driver/residence_country_code', 'residence_country_code must be an ISO 3166-1 alpha-2 code such as GB', 'validation_format');
  return {
    pickup_date: readDate(data.pickup_date, 'pickup_date'),
    pickup_time: readTime(data.pickup_time, 'pickup_time'),
    dropoff_date: readDate(data.dropoff_date, 'dropoff_date'),
    dropoff_time: readTime(data.dropoff_time, 'dropoff_time'),
    pickup_location: readLocation(data.pickup_location, 'pickup_location'),
    dropoff_location: readLocation(data.dropoff_location, 'dropoff_location'),
    driver: { age, residence_country_code: residence },
  };
}

/** The world's question for a rate ref (what a rate id carries). */
export function askFor(ref: RateRef): CarRentalAsk | null {
  const pickup = findAirport(ref.pickup);
  const dropoff = findAirport(ref.dropoff);
  if (!pickup || !dropoff) return null;
  return { pickup, dropoff, pickupLocal: ref.pickupLocal, dropoffLocal: ref.dropoffLocal, driverAge: ref.driverAge, pricedAt: bucketStart(ref.bucket) };
}

/** Refuses a rental in the past, backwards, or longer than brands sell online. */
function checkTimes(pickup: Airport, dropoff: Airport, pickupLocal: string, dropoffLocal: string, now: Date): void {
  const start = localToUtcMs(pickup.timezone, `${pickupLocal}:00`);
  const end = localToUtcMs(dropoff.timezone, `${dropoffLocal}:00`);
  if (start <= now.getTime()) throw invalid('pickup_date', '/pickup_date', 'the pick-up must be in the future', 'validation_error');
  if (end <= start) throw invalid('dropoff_date', '/dropoff_date', 'the drop-off must come after the pick-up', 'validation_error');
  if (end - start > MAX_RENTAL_DAYS * DAY_MS) throw invalid('dropoff_date', '/dropoff_date', `rentals are sold for at most ${MAX_RENTAL_DAYS} days`, 'validation_error');
}

export function searchCars(seed: string, data: Body, now: Date): DuffelCarsSearch {
  const search = readSearch(data);
  const pickupLocal = `${search.pickup_date}T${search.pickup_time}`;
  const dropoffLocal = `${search.dropoff_date}T${search.dropoff_time}`;
  const bucket = timeBucket(now, BUCKET_MINUTES);
  const near = (l: DuffelCarsSearchLocation) => rentalAirportNear(l.geographic_coordinates.latitude, l.geographic_coordinates.longitude, l.radius ?? DEFAULT_RADIUS_KM);
  const pickup = near(search.pickup_location);
  const dropoff = near(search.dropoff_location);
  const { age, residence_country_code: residence } = search.driver;
  const base = { live_mode: false, created_at: now.toISOString(), ...search };
  if (!pickup || !dropoff) {
    if (dropoffLocal <= pickupLocal) throw invalid('dropoff_date', '/dropoff_date', 'the drop-off must come after the pick-up', 'validation_error');
    return { id: simId('seh', seed, JSON.stringify(search), bucket), ...base, rates: [] };
  }
  checkTimes(pickup, dropoff, pickupLocal, dropoffLocal, now);
  const ref = { pickup: pickup.iata, dropoff: dropoff.iata, pickupLocal, dropoffLocal, driverAge: age, residence, bucket };
  const expiresAt = new Date(bucketStart(bucket).getTime() + RATE_LIFETIME_MS);
  const rates: DuffelCarsRate[] = carRates({ pickup, dropoff, pickupLocal, dropoffLocal, driverAge: age, pricedAt: bucketStart(bucket) }).map((r) =>
    rateWire(encodeRateId(seed, { ...ref, supplierIndex: r.pickupCounter.supplierIndex, fleetIndex: r.fleetIndex, prepaid: r.paymentType === 'prepaid' }), r, expiresAt),
  );
  // Duffel promises no order; cheapest first is what a renter expects.
  rates.sort((a, b) => Number(a.total_amount) - Number(b.total_amount));
  return { id: searchId(seed, ref), ...base, rates };
}

/** The id of the search a rate came from, rebuilt from the rate id. */
export function searchId(seed: string, ref: Pick<RateRef, 'pickup' | 'dropoff' | 'pickupLocal' | 'dropoffLocal' | 'driverAge' | 'residence' | 'bucket'>): string {
  return simId('seh', seed, ref.pickup, ref.dropoff, ref.pickupLocal, ref.dropoffLocal, ref.driverAge, ref.residence, ref.bucket);
}
