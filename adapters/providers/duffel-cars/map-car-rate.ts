import type { CarRate, CarTerms } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireOneOf, requireString } from '../duffel/malformed.js';
import { optionalMoney, toMoney } from '../duffel/map-money.js';
import { DUFFEL_CARS_PAYMENT_TYPES, type DuffelCar, type DuffelCarsLocation, type DuffelCarsMileage, type DuffelCarsRate, type DuffelCarsRateTerms } from './wire.js';

// Duffel Cars rates (and the rate parts of quotes and bookings) as the domain's
// CarRate. A field the domain needs and Duffel left out is a bad_response; a
// field Duffel marks nullable gets a stated fallback.

/** Seats when Duffel sends `max_passengers: null`: what the vehicle type usually seats. */
function typicalSeats(type: string): number {
  if (type === 'passenger_van') return 8;
  if (type === 'monospace') return 7;
  if (type === 'two_door' || type === 'sport' || type === 'convertible' || type === 'coupe') return 4;
  return 5;
}

function coordinates(value: unknown, what: string): { latitude: number; longitude: number } {
  const lat = isRecord(value) ? value.latitude : undefined;
  const lon = isRecord(value) ? value.longitude : undefined;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) throw malformed(`${what} coordinates`);
  return { latitude: lat, longitude: lon };
}

/** "Line one, City Postcode, CC"; null when Duffel gave no street or city. */
function addressLine(address: DuffelCarsLocation['address'] | null | undefined): string | null {
  if (!address) return null;
  const cityPart = [address.city_name, address.postal_code].filter((p): p is string => Boolean(p)).join(' ');
  const parts = [address.line_one, cityPart].filter((p): p is string => Boolean(p));
  return parts.length === 0 ? null : [...parts, address.country_code].filter(Boolean).join(', ');
}

export function mapCarLocation(loc: DuffelCarsLocation, what: string): CarRate['pickUpLocation'] {
  if (!isRecord(loc)) throw malformed(`${what} is missing`);
  return { name: requireString(loc.name, `${what} name`), address: addressLine(loc.address), location: coordinates(loc.geographic_coordinates, what) };
}

export function mapMileage(m: DuffelCarsMileage): CarRate['mileage'] {
  if (!isRecord(m)) throw malformed('mileage is missing');
  if (m.type === 'unlimited') return { type: 'unlimited' };
  if (m.type === 'limited') {
    const unit = requireOneOf(m.unit, ['kilometres', 'miles'] as const, 'mileage unit');
    if (typeof m.limit !== 'number' || !(m.limit > 0)) throw malformed('mileage limit');
    return { type: 'limited', unit: unit === 'kilometres' ? 'km' : 'mi', limit: m.limit };
  }
  throw malformed(`mileage type "${String((m as { type?: unknown }).type)}"`);
}

export function mapCar(car: DuffelCar): CarRate['car'] {
  if (!isRecord(car)) throw malformed('car is missing');
  const code = requireString(car.code, 'car code');
  if (!/^[A-Z]{4}$/.test(code)) throw malformed(`car code "${code}" is not an ACRISS code`);
  const type = requireString(car.type, 'car type');
  return {
    name: requireString(car.name, 'car name'),
    acriss: code,
    category: requireString(car.category, 'car category'),
    type,
    transmission: requireOneOf(car.transmission, ['manual', 'automatic'] as const, 'transmission'),
    // Duffel's "unspecified_fuel" says nothing, so it reads as unknown.
    fuel: typeof car.fuel === 'string' && car.fuel !== 'unspecified_fuel' ? car.fuel : null,
    airConditioning: car.air_conditioning === true,
    seats: typeof car.max_passengers === 'number' ? car.max_passengers : typicalSeats(type),
    bags: isRecord(car.baggage) ? { large: Number(car.baggage.large) || 0, small: Number(car.baggage.small) || 0 } : { large: 0, small: 0 },
  };
}

const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

function money(amount: unknown, currency: unknown): CarTerms['deposit'] {
  if (typeof amount !== 'string' || typeof currency !== 'string') return null;
  try {
    return toMoney(amount, currency);
  } catch {
    return null;
  }
}

/**
 * The rate's terms when the answer states them (our simulator does; Duffel's
 * documented rate does not before a quote). Read field by field: a term we cannot
 * read is "not stated" rather than a failed search.
 */
export function mapCarTerms(t: DuffelCarsRateTerms | null | undefined): CarTerms | null {
  if (!isRecord(t)) return null;
  const until = t.free_cancellation_until;
  return {
    freeCancellationUntil: typeof until === 'string' && !Number.isNaN(Date.parse(until)) ? until : null,
    fuelPolicy: t.fuel_policy === 'full_to_full' || t.fuel_policy === 'full_to_empty' ? t.fuel_policy : null,
    cdwIncluded: flag(t.collision_damage_waiver_included),
    theftProtectionIncluded: flag(t.theft_protection_included),
    excess: money(t.excess_amount, t.excess_currency),
    deposit: money(t.deposit_amount, t.deposit_currency),
  };
}

/** The fields every priced cars object carries, for a rate with this id. */
export interface RateParts {
  base_amount: string | null;
  base_currency: string | null;
  total_amount: string;
  total_currency: string;
  payment_type: DuffelCarsRate['payment_type'];
  mileage: DuffelCarsMileage;
  supplier: DuffelCarsRate['supplier'];
  car: DuffelCar;
  pickup_location: DuffelCarsLocation;
  dropoff_location: DuffelCarsLocation;
  expires_at?: string | null;
  terms?: DuffelCarsRateTerms | null;
}

export function mapRateParts(id: string, r: RateParts): CarRate {
  if (!isRecord(r.supplier)) throw malformed('supplier is missing');
  return {
    id,
    total: toMoney(r.total_amount, r.total_currency),
    base: optionalMoney(r.base_amount, r.base_currency) ?? null,
    paymentType: requireOneOf(r.payment_type, DUFFEL_CARS_PAYMENT_TYPES, 'payment_type'),
    mileage: mapMileage(r.mileage),
    supplier: { name: requireString(r.supplier.name, 'supplier name'), logoUrl: typeof r.supplier.logo_url === 'string' ? r.supplier.logo_url : null },
    car: mapCar(r.car),
    pickUpLocation: mapCarLocation(r.pickup_location, 'pickup_location'),
    dropOffLocation: mapCarLocation(r.dropoff_location, 'dropoff_location'),
    expiresAt: typeof r.expires_at === 'string' ? r.expires_at : null,
    terms: mapCarTerms(r.terms),
  };
}

export function mapCarRate(rate: DuffelCarsRate): CarRate {
  if (!isRecord(rate)) throw malformed('rate is not an object');
  return mapRateParts(requireString(rate.id, 'rate id'), rate);
}
