import { findAirport } from '../../../tools/_kit/reference/airports.js';
import type { CabinClass } from '../../../tools/_kit/providers.js';
import type { QueryValue } from '../../providers/http/transport.js';
import { validationError, type SimErrorSpec } from './duffel-sim-errors.js';
import { MAX_SIM_SLICES, SIM_CABINS } from './duffel-sim-ids.js';
import type { SimSearch } from './duffel-sim-offers.js';

// Checks an offer request the way Duffel does (422 validation_error naming the
// field), and turns it into the simulator's search.

const MAX_PASSENGERS = 9;
/** Airlines sell about a year ahead. */
const MAX_DAYS_AHEAD = 360;
const DAY_MS = 86_400_000;

export type Parsed = { ok: true; search: SimSearch; returnOffers: boolean } | { ok: false; status: number; error: SimErrorSpec };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const fail = (status: number, error: SimErrorSpec): Parsed => ({ ok: false, status, error });
const invalid = (code: 'validation_error' | 'validation_required' | 'validation_format', field: string, pointer: string, message: string) =>
  fail(422, validationError(code, field, pointer, message));

function checkDate(value: unknown, pointer: string, now: Date): Parsed | string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    return invalid('validation_format', 'departure_date', pointer, 'departure_date must be a date in YYYY-MM-DD format');
  }
  const today = now.toISOString().slice(0, 10);
  if (value < today) return invalid('validation_error', 'departure_date', pointer, 'departure_date must be today or in the future');
  if (Date.parse(`${value}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`) > MAX_DAYS_AHEAD * DAY_MS) {
    return invalid('validation_error', 'departure_date', pointer, `departure_date must be within ${MAX_DAYS_AHEAD} days`);
  }
  return value;
}

function checkAirport(value: unknown, field: 'origin' | 'destination', pointer: string): Parsed | string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return invalid('validation_format', field, pointer, `${field} must be a 3-letter IATA code`);
  if (!findAirport(value)) return invalid('validation_error', field, pointer, `${field} ${value} is not a known airport`);
  return value;
}

function checkSupplierTimeout(raw: QueryValue): Parsed | null {
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2_000 || n > 60_000) return invalid('validation_format', 'supplier_timeout', '/supplier_timeout', 'supplier_timeout must be an integer between 2000 and 60000 milliseconds');
  return null;
}

function countPassengers(raw: unknown): Parsed | { adults: number; children: number; infants: number } {
  if (!Array.isArray(raw) || raw.length === 0) return invalid('validation_required', 'passengers', '/passengers', 'passengers must list at least one passenger');
  if (raw.length > MAX_PASSENGERS) return invalid('validation_error', 'passengers', '/passengers', `no more than ${MAX_PASSENGERS} passengers per request`);
  const counts = { adults: 0, children: 0, infants: 0 };
  for (const [i, p] of raw.entries()) {
    const pointer = `/passengers/${i}`;
    if (!isRecord(p)) return invalid('validation_format', 'passengers', pointer, 'each passenger must be an object');
    const hasType = p.type !== undefined;
    const hasAge = p.age !== undefined;
    if (hasType === hasAge) return invalid('validation_format', 'passengers', pointer, 'give a passenger either type "adult" or an age, not both');
    if (hasType) {
      if (p.type !== 'adult') return invalid('validation_format', 'type', `${pointer}/type`, 'type must be "adult"; give children and infants an age');
      counts.adults++;
      continue;
    }
    if (typeof p.age !== 'number' || !Number.isInteger(p.age) || p.age < 0 || p.age > 130) return invalid('validation_format', 'age', `${pointer}/age`, 'age must be a whole number of years');
    if (p.age < 2) counts.infants++;
    else if (p.age < 12) counts.children++;
    else counts.adults++;
  }
  if (counts.infants > counts.adults) return invalid('validation_error', 'passengers', '/passengers', 'each infant must travel with an adult');
  return counts;
}

function isParsed(v: unknown): v is Parsed {
  return isRecord(v) && typeof v.ok === 'boolean';
}

export function parseOfferRequest(body: string | undefined, query: Record<string, QueryValue>, now: Date): Parsed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return fail(400, { type: 'invalid_request_error', code: 'malformed_json', title: 'Malformed JSON', message: 'The request body is not valid JSON.' });
  }
  const data = isRecord(parsed) ? parsed.data : undefined;
  if (!isRecord(data)) return invalid('validation_required', 'data', '/data', 'the body must be an object under "data"');
  const timeoutError = checkSupplierTimeout(query.supplier_timeout);
  if (timeoutError) return timeoutError;

  const slices = data.slices;
  if (!Array.isArray(slices) || slices.length === 0) return invalid('validation_required', 'slices', '/slices', 'slices must list at least one slice');
  if (slices.length > MAX_SIM_SLICES) return invalid('validation_error', 'slices', '/slices', `no more than ${MAX_SIM_SLICES} slices per offer request`);
  const checked: { origin: string; destination: string; date: string }[] = [];
  for (const [i, s] of slices.entries()) {
    const pointer = `/slices/${i}`;
    if (!isRecord(s)) return invalid('validation_format', 'slices', pointer, 'each slice must be an object');
    const origin = checkAirport(s.origin, 'origin', `${pointer}/origin`);
    if (typeof origin !== 'string') return origin;
    const destination = checkAirport(s.destination, 'destination', `${pointer}/destination`);
    if (typeof destination !== 'string') return destination;
    if (origin === destination) return invalid('validation_error', 'destination', `${pointer}/destination`, 'destination must differ from origin');
    const date = checkDate(s.departure_date, `${pointer}/departure_date`, now);
    if (typeof date !== 'string') return date;
    checked.push({ origin, destination, date });
  }
  for (let i = 1; i < checked.length; i++) {
    if (checked[i]!.date < checked[i - 1]!.date) return invalid('validation_error', 'departure_date', `/slices/${i}/departure_date`, 'slices must depart in order: this one leaves before the one before it');
  }
  const [out, second] = checked as [(typeof checked)[0], (typeof checked)[0] | undefined];
  // A second slice that reverses the first is a return trip; any other shape is multi-city.
  const back = checked.length === 2 && second && second.origin === out.destination && second.destination === out.origin ? second : undefined;
  const multi = checked.length > 1 && !back ? checked : undefined;

  const pax = countPassengers(data.passengers);
  if (isParsed(pax)) return pax;

  const cabin = data.cabin_class ?? 'economy';
  if (typeof cabin !== 'string' || !(SIM_CABINS as readonly string[]).includes(cabin)) {
    return invalid('validation_format', 'cabin_class', '/cabin_class', 'cabin_class must be one of economy, premium_economy, business, first');
  }
  const maxConnections = data.max_connections;
  if (maxConnections !== undefined && maxConnections !== 0 && maxConnections !== 1 && maxConnections !== 2) {
    return invalid('validation_format', 'max_connections', '/max_connections', 'max_connections must be 0, 1 or 2');
  }
  return {
    ok: true,
    returnOffers: query.return_offers === undefined ? true : String(query.return_offers) !== 'false',
    search: {
      origin: out.origin,
      destination: out.destination,
      departureDate: out.date,
      returnDate: back?.date ?? null,
      ...pax,
      cabin: cabin as CabinClass,
      maxConnections: maxConnections ?? null,
      ...(multi ? { multi } : {}),
    },
  };
}
