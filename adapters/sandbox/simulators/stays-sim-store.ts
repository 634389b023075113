import type { Cache } from '../../../tools/_kit/ports.js';
import type { DuffelStaysBooking, DuffelStaysGuest, DuffelStaysQuote, DuffelStaysRate, DuffelStaysRoom } from '../../providers/duffel-stays/wire.js';
import { withCacheLock } from './cache-lock.js';
import { LOCKED, SimFailure } from './duffel-sim-order-errors.js';
import { hash32 } from './seeded.js';
import type { HotelRef } from './world/hotels.js';

// The Stays simulator's state in the shared Cache, so every process on one Redis
// sees the same search results, rates, quotes and bookings. Expiry is judged
// against the simulator's clock (expires_at in each record), not the cache TTL,
// so tests can move time; the TTL only clears records long after they lapse.

/** Search results and rates live 30 minutes; kept a little longer so a late call reads "expired", not "unknown". */
const SHORT_TTL_SECONDS = 3 * 3600;
/** Bookings are for stays up to a year ahead, and are looked up after them. */
const BOOKING_TTL_SECONDS = 400 * 24 * 3600;

export interface SearchRecord {
  id: string;
  hotel: HotelRef;
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  childAges: number[];
  guests: DuffelStaysGuest[];
  /** The day prices were made for (days-ahead pricing). */
  pricedOn: string;
  freeCancellationOnly: boolean;
  expiresAt: string;
}

export interface RateRecord {
  id: string;
  resultId: string;
  room: Omit<DuffelStaysRoom, 'rates'>;
  rate: DuffelStaysRate;
  expiresAt: string;
}

export interface QuoteRecord {
  quote: DuffelStaysQuote & { expires_at: string };
  rateId: string;
  hotel: HotelRef;
  /** Set once a booking took the quote. */
  bookingId: string | null;
}

export interface BookingRecord {
  booking: DuffelStaysBooking;
  hotel: HotelRef;
}

type Kind = 'srr' | 'rat' | 'quo' | 'bok';

export interface StaysSimStore {
  getSearch(id: string): Promise<SearchRecord | undefined>;
  putSearches(records: readonly SearchRecord[]): Promise<void>;
  getRate(id: string): Promise<RateRecord | undefined>;
  putRates(records: readonly RateRecord[]): Promise<void>;
  getQuote(id: string): Promise<QuoteRecord | undefined>;
  putQuote(record: QuoteRecord): Promise<void>;
  getBooking(id: string): Promise<BookingRecord | undefined>;
  putBooking(record: BookingRecord): Promise<void>;
  /** Numbers a new booking for the bookings list (GET /stays/bookings): 1, 2, … in the order they were made. */
  indexBooking(id: string): Promise<void>;
  /** How many bookings were numbered, and the id at a 1-based number. */
  bookingCount(): Promise<number>;
  bookingAt(slot: number): Promise<string | undefined>;
  /** The next number of a named sequence, from 1: deterministic ids without a clock or randomness. */
  nextSeq(name: string): Promise<number>;
  /** Runs `work` holding the resource's lock, across processes. */
  withLock<T>(resourceId: string, work: () => Promise<T>): Promise<T>;
}

export function createStaysSimStore(cache: Cache, seed: string): StaysSimStore {
  // Per seed, as Duffel's sandbox is per organisation; apart from the flight sandbox's keys.
  const prefix = `stays-sim:${hash32(seed).toString(36)}`;
  const key = (kind: Kind, id: string) => `${prefix}:${kind}:${id}`;

  return {
    getSearch: (id) => cache.get<SearchRecord>(key('srr', id)),
    async putSearches(records) {
      await Promise.all(records.map((r) => cache.set(key('srr', r.id), r, SHORT_TTL_SECONDS)));
    },
    getRate: (id) => cache.get<RateRecord>(key('rat', id)),
    async putRates(records) {
      await Promise.all(records.map((r) => cache.set(key('rat', r.id), r, SHORT_TTL_SECONDS)));
    },
    getQuote: (id) => cache.get<QuoteRecord>(key('quo', id)),
    putQuote: (record) => cache.set(key('quo', record.quote.id), record, BOOKING_TTL_SECONDS),
    getBooking: (id) => cache.get<BookingRecord>(key('bok', id)),
    putBooking: (record) => cache.set(key('bok', record.booking.id), record, BOOKING_TTL_SECONDS),
    async indexBooking(id) {
      const { count } = await cache.increment(`${prefix}:bokn`, BOOKING_TTL_SECONDS);
      await cache.set(`${prefix}:boki:${count}`, id, BOOKING_TTL_SECONDS);
    },
    async bookingCount() {
      return Number((await cache.get<number | string>(`${prefix}:bokn`)) ?? 0);
    },
    bookingAt: (slot) => cache.get<string>(`${prefix}:boki:${slot}`),
    async nextSeq(name) {
      return (await cache.increment(`${prefix}:seq:${name}`, BOOKING_TTL_SECONDS)).count;
    },
    withLock: (resourceId, work) => withCacheLock(cache, `${prefix}:lock:${resourceId}`, work, () => new SimFailure(429, LOCKED)),
  };
}
