import type { DuffelStaysBookingGuest, DuffelStaysGuest } from '../../providers/duffel-stays/wire.js';
import { isRecord, requireString, type Body } from './duffel-sim-input.js';
import { invalid } from './duffel-sim-order-errors.js';
import { dayIndex, isIsoDate } from './world/geo.js';
import { MAX_NIGHTS } from './world/hotels.js';

// Reading Duffel Stays request bodies, with 422s that name the field as Duffel's
// validation errors do. Limits are the simulator's where Duffel publishes none.

const MAX_ROOMS = 8;
const MAX_GUESTS = 16;
const MAX_RADIUS_KM = 100;
const MAX_ACCOMMODATION_IDS = 50;

export interface StaySearchInput {
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: DuffelStaysGuest[];
  adults: number;
  childAges: number[];
  where: { kind: 'location'; latitude: number; longitude: number; radiusKm: number } | { kind: 'accommodation'; ids: string[] };
  freeCancellationOnly: boolean;
  /** Our extension: vacation rentals join the results only when asked. */
  includeRentals: boolean;
}

function readDate(v: unknown, field: string): string {
  const s = requireString(v, field, `/${field}`);
  if (!isIsoDate(s)) throw invalid(field, `/${field}`, `${field} must be a date such as 2026-07-01`, 'validation_format');
  return s;
}

function readInt(v: unknown, field: string, pointer: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw invalid(field, pointer, `${field} must be a whole number from ${min} to ${max}`, 'validation_format');
  return v;
}

function readGuests(v: unknown): DuffelStaysGuest[] {
  if (!Array.isArray(v) || v.length === 0) throw invalid('guests', '/guests', 'guests must list at least one guest', 'validation_required');
  if (v.length > MAX_GUESTS) throw invalid('guests', '/guests', `at most ${MAX_GUESTS} guests`, 'validation_format');
  return v.map((g, i): DuffelStaysGuest => {
    const pointer = `/guests/${i}`;
    if (!isRecord(g)) throw invalid('guests', pointer, 'each guest must be an object with a type', 'validation_format');
    if (g.type === 'adult') return { type: 'adult' };
    if (g.type === 'child') return { type: 'child', age: readInt(g.age, 'age', `${pointer}/age`, 0, 17) };
    throw invalid('type', `${pointer}/type`, 'type must be adult or child', 'validation_format');
  });
}

function readBoolean(v: unknown, field: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw invalid(field, `/${field}`, `${field} must be true or false`, 'validation_format');
  return v;
}

function readWhere(data: Body): StaySearchInput['where'] {
  const { location, accommodation } = data;
  if ((location === undefined) === (accommodation === undefined)) throw invalid('location', '/location', 'give either location or accommodation', 'validation_required');
  if (isRecord(accommodation)) {
    const ids = accommodation.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_ACCOMMODATION_IDS || !ids.every((id) => typeof id === 'string' && id !== '')) {
      throw invalid('ids', '/accommodation/ids', `ids must list 1 to ${MAX_ACCOMMODATION_IDS} accommodation ids`, 'validation_format');
    }
    return { kind: 'accommodation', ids: ids as string[] };
  }
  if (!isRecord(location)) throw invalid('location', '/location', 'location must be an object with radius and geographic_coordinates', 'validation_format');
  const radius = location.radius;
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius <= 0 || radius > MAX_RADIUS_KM) {
    throw invalid('radius', '/location/radius', `radius must be a number of kilometres above 0 and at most ${MAX_RADIUS_KM}`, 'validation_format');
  }
  const coords = location.geographic_coordinates;
  const lat = isRecord(coords) ? coords.latitude : undefined;
  const lon = isRecord(coords) ? coords.longitude : undefined;
  if (typeof lat !== 'number' || typeof lon !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw invalid('geographic_coordinates', '/location/geographic_coordinates', 'geographic_coordinates needs a latitude (-90 to 90) and a longitude (-180 to 180)', 'validation_format');
  }
  return { kind: 'location', latitude: lat, longitude: lon, radiusKm: radius };
}

export function readSearch(data: Body, today: string): StaySearchInput {
  const checkIn = readDate(data.check_in_date, 'check_in_date');
  const checkOut = readDate(data.check_out_date, 'check_out_date');
  if (dayIndex(checkIn) < dayIndex(today)) throw invalid('check_in_date', '/check_in_date', 'check_in_date must not be in the past', 'validation_format');
  const nights = dayIndex(checkOut) - dayIndex(checkIn);
  if (nights < 1 || nights > MAX_NIGHTS) throw invalid('check_out_date', '/check_out_date', `check_out_date must be 1 to ${MAX_NIGHTS} nights after check_in_date`, 'validation_format');
  const rooms = readInt(data.rooms, 'rooms', '/rooms', 1, MAX_ROOMS);
  const guests = readGuests(data.guests);
  const adults = guests.filter((g) => g.type === 'adult').length;
  if (adults < rooms) throw invalid('guests', '/guests', 'every room needs at least one adult', 'validation_format');
  return {
    checkIn,
    checkOut,
    rooms,
    guests,
    adults,
    childAges: guests.flatMap((g) => (g.type === 'child' ? [g.age] : [])),
    where: readWhere(data),
    freeCancellationOnly: readBoolean(data.free_cancellation_only, 'free_cancellation_only'),
    includeRentals: readBoolean(data.include_rentals, 'include_rentals'),
  };
}

export interface StayBookingInput {
  quoteId: string;
  guests: DuffelStaysBookingGuest[];
  email: string;
  phoneNumber: string;
  loyaltyAccountNumber: string | null;
  metadata: Record<string, string>;
}

function readMetadata(v: unknown): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isRecord(v) || Object.keys(v).length > 50 || !Object.values(v).every((x) => typeof x === 'string' && x.length <= 500)) {
    throw invalid('metadata', '/metadata', 'metadata must be at most 50 string values of up to 500 characters', 'validation_format');
  }
  return v as Record<string, string>;
}

export function readBooking(data: Body): StayBookingInput {
  const quoteId = requireString(data.quote_id, 'quote_id', '/quote_id');
  const rawGuests = data.guests;
  if (!Array.isArray(rawGuests) || rawGuests.length === 0) throw invalid('guests', '/guests', 'guests must list at least one guest', 'validation_required');
  const guests = rawGuests.map((g, i): DuffelStaysBookingGuest => {
    if (!isRecord(g)) throw invalid('guests', `/guests/${i}`, 'each guest needs a given_name and a family_name', 'validation_format');
    return { given_name: requireString(g.given_name, 'given_name', `/guests/${i}/given_name`), family_name: requireString(g.family_name, 'family_name', `/guests/${i}/family_name`) };
  });
  const email = requireString(data.email, 'email', '/email');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalid('email', '/email', 'email must be an email address', 'validation_format');
  const phoneNumber = requireString(data.phone_number, 'phone_number', '/phone_number');
  if (!/^\+[1-9]\d{6,14}$/.test(phoneNumber)) throw invalid('phone_number', '/phone_number', 'phone_number must be in E.164 format, e.g. +442080160508', 'validation_format');
  const loyalty = data.loyalty_programme_account_number;
  return {
    quoteId,
    guests,
    email,
    phoneNumber,
    loyaltyAccountNumber: typeof loyalty === 'string' && loyalty !== '' ? loyalty : null,
    metadata: readMetadata(data.metadata),
  };
}
