import type { Cache } from '../../../tools/_kit/ports.js';
import type { DuffelCarsBooking, DuffelCarsQuote } from '../../providers/duffel-cars/wire.js';
import { withCacheLock } from './cache-lock.js';
import { LOCKED, SimFailure } from './duffel-sim-order-errors.js';
import { hash32 } from './seeded.js';

// The cars simulator's sandbox (quotes and bookings) in the shared Cache, so every
// process on one Redis sees the same rentals. Records are stored whole and
// rewritten under a per-booking lock.

/** Quotes stay readable for a day after they expire, so a late booking hears "expired", not "unknown". */
const QUOTE_TTL_SECONDS = 24 * 3600;
/** Bookings are kept 30 days past drop-off (at least 30 days, at most 400). */
const BOOKING_AFTER_DROPOFF_S = 30 * 24 * 3600;
const BOOKING_TTL_MAX_S = 400 * 24 * 3600;

export interface QuoteRecord {
  quote: DuffelCarsQuote;
  /** Epoch ms. */
  expiresAtMs: number;
  pickupUtcMs: number;
  dropoffUtcMs: number;
  /** Age the rate was priced for: the driver booked must fall in the same band. */
  driverAge: number;
  minAge: number;
  /** The brand's vendor code, which prefixes its confirmation numbers. */
  vendorCode: string;
}

export interface BookingRecord {
  booking: DuffelCarsBooking;
  pickupUtcMs: number;
  dropoffUtcMs: number;
}

export interface CarsSimStore {
  getQuote(id: string): Promise<QuoteRecord | undefined>;
  putQuote(record: QuoteRecord): Promise<void>;
  /** Marks a quote as booked by `bookingId`; false when another booking got there first. */
  claimQuote(quoteId: string, bookingId: string): Promise<boolean>;
  releaseQuote(quoteId: string): Promise<void>;
  getBooking(id: string): Promise<BookingRecord | undefined>;
  putBooking(record: BookingRecord, now: Date): Promise<void>;
  /** The next number of a named sequence, from 1: deterministic ids without randomness. */
  nextSeq(name: string): Promise<number>;
  /** The last number a sequence handed out (0 before the first). */
  lastSeq(name: string): Promise<number>;
  withLock<T>(resourceId: string, work: () => Promise<T>): Promise<T>;
}

export function createCarsSimStore(cache: Cache, seed: string): CarsSimStore {
  // Keys are per seed, as Duffel's sandbox is per organisation.
  const prefix = `cars-sim:${hash32(seed).toString(36)}`;

  return {
    getQuote: (id) => cache.get<QuoteRecord>(`${prefix}:qut:${id}`),
    putQuote: (record) => cache.set(`${prefix}:qut:${record.quote.id}`, record, QUOTE_TTL_SECONDS),
    claimQuote: (quoteId, bookingId) => cache.setIfAbsent(`${prefix}:booked:${quoteId}`, bookingId, QUOTE_TTL_SECONDS),
    releaseQuote: (quoteId) => cache.delete(`${prefix}:booked:${quoteId}`),
    getBooking: (id) => cache.get<BookingRecord>(`${prefix}:boo:${id}`),

    putBooking(record, now) {
      const untilDropoff = Math.ceil((record.dropoffUtcMs - now.getTime()) / 1000);
      const ttl = Math.min(BOOKING_TTL_MAX_S, Math.max(BOOKING_AFTER_DROPOFF_S, untilDropoff + BOOKING_AFTER_DROPOFF_S));
      return cache.set(`${prefix}:boo:${record.booking.id}`, record, ttl);
    },

    async nextSeq(name) {
      return (await cache.increment(`${prefix}:seq:${name}`, BOOKING_TTL_MAX_S)).count;
    },

    async lastSeq(name) {
      return Number((await cache.get<number | string>(`${prefix}:seq:${name}`)) ?? 0);
    },

    withLock: (resourceId, work) => withCacheLock(cache, `${prefix}:lock:${resourceId}`, work, () => new SimFailure(429, LOCKED)),
  };
}
