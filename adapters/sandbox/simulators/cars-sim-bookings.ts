import { minorToDecimal, toMinor } from '../../../tools/_kit/money.js';
import type { DuffelCarsBooking, DuffelCarsDriver, DuffelCarsQuote } from '../../providers/duffel-cars/wire.js';
import type { DuffelListMeta } from '../../providers/duffel/wire.js';
import type { QueryValue } from '../../providers/http/transport.js';
import { decodeRateId } from './cars-sim-ids.js';
import { RATE_LIFETIME_MS, askFor, bucketStart, searchId } from './cars-sim-search.js';
import type { BookingRecord, CarsSimStore, QuoteRecord } from './cars-sim-store.js';
import { chargesWire, pricedWire } from './cars-sim-wire.js';
import { simId } from './duffel-sim-ids.js';
import { isRecord, requireString, type Body } from './duffel-sim-input.js';
import { badState, invalid, notFound, type SimFailure } from './duffel-sim-order-errors.js';
import { hash32 } from './seeded.js';
import { newestFirstPage } from './sim-list-page.js';
import { carRate } from './world/cars.js';
import { YOUNG_DRIVER_AGE } from './world/cars-pricing.js';

// Quotes, bookings and cancellations of the cars simulator, kept in the shared cache.
// Choices where Duffel Cars documents nothing (a preview API):
// - A quote holds its price for 15 minutes (`expires_at`, our extension): the spec
//   asks for a "short" time-to-live and leaves the value to us. Booking it later is a
//   422 `quote_expired`; a rate quoted after its 30 minutes is a 422 `rate_no_longer_available`.
// - One booking per quote (a second is a 422 `quote_already_booked`).
// - The driver's date of birth must put them in the age band the rate was priced for
//   (at least the brand's minimum; under 25 only if searched under 25).
// - Cancelling: postpaid rentals are free to cancel until pick-up (nothing was paid);
//   prepaid ones are refunded in full until 48 hours before pick-up, then 50 %.
//   After pick-up a booking cannot be cancelled. The cancelled booking carries
//   `refund_amount`/`refund_currency`, our extension (not in Duffel's types).

export const QUOTE_TTL_MS = 15 * 60_000;
/** Bookings are numbered by this sequence; their ids derive from the number, so the list walks it. */
const BOOKING_SEQ = 'booking';
const FULL_REFUND_BEFORE_MS = 48 * 3_600_000;
const LATE_REFUND_SHARE = 0.5;
const MAX_METADATA_KEYS = 50;

export interface CarsSimCtx {
  seed: string;
  store: CarsSimStore;
  now: Date;
}

const PRIVACY = (supplier: string) => [{ title: 'Customer data use', text: `The driver's details are shared with ${supplier} to arrange the rental.` }];

function rateGone(): SimFailure {
  return badState('rate_no_longer_available', 'Rate no longer available', 'This rate has expired or is no longer offered by the supplier. Search again for a fresh rate.');
}

export async function createQuote(ctx: CarsSimCtx, data: Body): Promise<DuffelCarsQuote> {
  const rateId = requireString(data.rate_id, 'rate_id', '/rate_id');
  const ref = decodeRateId(ctx.seed, rateId);
  if (!ref) throw notFound('rate');
  if (ctx.now.getTime() >= bucketStart(ref.bucket).getTime() + RATE_LIFETIME_MS) throw rateGone();
  const ask = askFor(ref);
  const rate = ask ? carRate(ask, ref.supplierIndex, ref.fleetIndex, ref.prepaid ? 'prepaid' : 'postpaid') : null;
  if (!rate || rate.pickupUtcMs <= ctx.now.getTime()) throw rateGone();
  const id = simId('qut', ctx.seed, await ctx.store.nextSeq('quote'));
  const expiresAtMs = ctx.now.getTime() + QUOTE_TTL_MS;
  const quote: DuffelCarsQuote = {
    id,
    live_mode: false,
    rate_id: rateId,
    search_id: searchId(ctx.seed, ref),
    ...pricedWire(rate),
    base_currency: rate.price.currency,
    charges: chargesWire(rate),
    conditions: rate.conditions.map((c) => ({ ...c })),
    privacy_policies: PRIVACY(rate.pickupCounter.supplier.name),
    pickup_date: ref.pickupLocal.slice(0, 10),
    pickup_time: ref.pickupLocal.slice(11, 16),
    dropoff_date: ref.dropoffLocal.slice(0, 10),
    dropoff_time: ref.dropoffLocal.slice(11, 16),
    expires_at: new Date(expiresAtMs).toISOString(),
  };
  await ctx.store.putQuote({
    quote,
    expiresAtMs,
    pickupUtcMs: rate.pickupUtcMs,
    dropoffUtcMs: rate.dropoffUtcMs,
    driverAge: ref.driverAge,
    minAge: rate.minAge,
    vendorCode: rate.pickupCounter.supplier.vendorCode,
  });
  return quote;
}

/** Whole years between a birth date and an instant. */
function ageAt(dateOfBirth: string, atMs: number): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const at = new Date(atMs);
  let age = at.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday = at.getUTCMonth() < born.getUTCMonth() || (at.getUTCMonth() === born.getUTCMonth() && at.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

function readDriver(v: unknown): DuffelCarsDriver {
  if (!isRecord(v)) throw invalid('driver', '/driver', 'driver must be an object', 'validation_required');
  const email = requireString(v.email, 'email', '/driver/email');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalid('email', '/driver/email', 'email must be an email address', 'validation_format');
  const phone = requireString(v.phone_number, 'phone_number', '/driver/phone_number');
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) throw invalid('phone_number', '/driver/phone_number', 'phone_number must be in E.164 format, e.g. +442080160509', 'validation_format');
  const dob = requireString(v.date_of_birth, 'date_of_birth', '/driver/date_of_birth');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || Number.isNaN(Date.parse(`${dob}T00:00:00Z`))) throw invalid('date_of_birth', '/driver/date_of_birth', 'date_of_birth must be a date such as 1990-01-01', 'validation_format');
  return {
    given_name: requireString(v.given_name, 'given_name', '/driver/given_name'),
    family_name: requireString(v.family_name, 'family_name', '/driver/family_name'),
    email,
    phone_number: phone,
    date_of_birth: dob,
    user_id: null,
  };
}

function readMetadata(v: unknown): Record<string, string> | null {
  if (v === undefined || v === null) return null;
  if (!isRecord(v) || Object.keys(v).length > MAX_METADATA_KEYS || Object.values(v).some((x) => typeof x !== 'string')) {
    throw invalid('metadata', '/metadata', `metadata must be an object of at most ${MAX_METADATA_KEYS} string values`, 'validation_format');
  }
  return { ...(v as Record<string, string>) };
}

function readOptionalFields(data: Body): void {
  const flight = data.inbound_flight_number;
  if (flight !== undefined && flight !== null && (typeof flight !== 'string' || !/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/.test(flight))) {
    throw invalid('inbound_flight_number', '/inbound_flight_number', 'inbound_flight_number must be a flight number such as BA117', 'validation_format');
  }
  const payment = data.payment;
  if (payment !== undefined && payment !== null && (!isRecord(payment) || payment.method !== 'card' || typeof payment.card_id !== 'string')) {
    throw invalid('payment', '/payment', 'payment must be {method: "card", card_id}', 'validation_format');
  }
}

function checkDriverAge(record: QuoteRecord, driver: DuffelCarsDriver): void {
  const age = ageAt(driver.date_of_birth, record.pickupUtcMs);
  const young = (a: number) => a < YOUNG_DRIVER_AGE;
  if (age < record.minAge || young(age) !== young(record.driverAge)) {
    throw badState('driver_age_mismatch', 'Driver age does not match', `The driver will be ${age} at pick-up; this rate was priced for a driver aged ${record.driverAge}. Search again with the driver's age.`);
  }
}

/** A supplier-style confirmation number: the brand's vendor code and nine digits. */
function confirmationNumber(seed: string, vendorCode: string, seq: number): string {
  return `${vendorCode}${String(hash32(seed, 'car-confirmation', seq) % 1_000_000_000).padStart(9, '0')}`;
}

export async function createBooking(ctx: CarsSimCtx, data: Body): Promise<DuffelCarsBooking> {
  const quoteId = requireString(data.quote_id, 'quote_id', '/quote_id');
  const driver = readDriver(data.driver);
  readOptionalFields(data);
  const metadata = readMetadata(data.metadata);
  const record = await ctx.store.getQuote(quoteId);
  if (!record) throw notFound('quote');
  if (ctx.now.getTime() >= record.expiresAtMs) throw badState('quote_expired', 'Quote expired', 'This quote has expired. Create a new quote from a fresh search.');
  checkDriverAge(record, driver);
  const seq = await ctx.store.nextSeq(BOOKING_SEQ);
  const id = simId('boo', ctx.seed, seq);
  if (!(await ctx.store.claimQuote(quoteId, id))) throw badState('quote_already_booked', 'Quote already booked', 'A booking has already been made from this quote.');
  const { quote } = record;
  const booking: DuffelCarsBooking = {
    id,
    live_mode: false,
    reference: confirmationNumber(ctx.seed, record.vendorCode, seq),
    confirmed_at: ctx.now.toISOString(),
    cancelled_at: null,
    status: 'confirmed',
    driver,
    quote_id: quoteId,
    base_amount: quote.base_amount,
    base_currency: quote.base_currency,
    total_amount: quote.total_amount,
    total_currency: quote.total_currency,
    charges: quote.charges,
    payment_type: quote.payment_type,
    mileage: quote.mileage,
    supplier: quote.supplier,
    metadata,
    users: [],
    car: quote.car,
    conditions: quote.conditions,
    privacy_policies: quote.privacy_policies,
    pickup_location: quote.pickup_location,
    dropoff_location: quote.dropoff_location,
    pickup_date: quote.pickup_date,
    pickup_time: quote.pickup_time,
    dropoff_date: quote.dropoff_date,
    dropoff_time: quote.dropoff_time,
  };
  try {
    await ctx.store.putBooking({ booking, pickupUtcMs: record.pickupUtcMs, dropoffUtcMs: record.dropoffUtcMs }, ctx.now);
  } catch (err) {
    await ctx.store.releaseQuote(quoteId);
    throw err;
  }
  return booking;
}

/** GET /cars/bookings: every booking, newest first, paginated with `after` / `limit` (a number whose booking was refused is skipped). */
export async function listBookings(ctx: CarsSimCtx, query: Record<string, QueryValue>): Promise<{ data: DuffelCarsBooking[]; meta: DuffelListMeta }> {
  return newestFirstPage(query, await ctx.store.lastSeq(BOOKING_SEQ), async (seq) => (await ctx.store.getBooking(simId('boo', ctx.seed, seq)))?.booking);
}

export async function getBooking(ctx: CarsSimCtx, id: string): Promise<DuffelCarsBooking> {
  const record = await ctx.store.getBooking(id);
  if (!record) throw notFound('booking');
  return record.booking;
}

/** What comes back: nothing was paid for postpaid; prepaid in full until 48 h before pick-up, then half. */
export function refundFor(record: BookingRecord, now: Date): { amount: string; currency: string } {
  const { booking } = record;
  const currency = booking.total_currency;
  if (booking.payment_type !== 'prepaid') return { amount: minorToDecimal(0, currency), currency };
  const paid = toMinor({ amount: Number(booking.total_amount), currency });
  const share = record.pickupUtcMs - now.getTime() >= FULL_REFUND_BEFORE_MS ? 1 : LATE_REFUND_SHARE;
  const minor = Math.round(paid * share);
  return { amount: minorToDecimal(minor, currency), currency };
}

export function cancelBooking(ctx: CarsSimCtx, id: string): Promise<DuffelCarsBooking> {
  return ctx.store.withLock(`boo:${id}`, async () => {
    const record = await ctx.store.getBooking(id);
    if (!record) throw notFound('booking');
    if (record.booking.status === 'cancelled') throw badState('booking_already_cancelled', 'Booking already cancelled', 'This booking has already been cancelled.');
    if (ctx.now.getTime() >= record.pickupUtcMs) throw badState('booking_not_cancellable', 'Booking cannot be cancelled', 'The rental has started; it can no longer be cancelled.');
    const refund = refundFor(record, ctx.now);
    const booking: DuffelCarsBooking = { ...record.booking, status: 'cancelled', cancelled_at: ctx.now.toISOString(), refund_amount: refund.amount, refund_currency: refund.currency };
    await ctx.store.putBooking({ ...record, booking }, ctx.now);
    return booking;
  });
}
