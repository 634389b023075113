import type { DuffelAccommodation, DuffelStaysBooking, DuffelStaysQuote } from '../../providers/duffel-stays/wire.js';
import type { QueryValue } from '../../providers/http/transport.js';
import { created, ok, type SimResult } from './duffel-sim-context.js';
import { simId } from './duffel-sim-ids.js';
import { readData, requireString } from './duffel-sim-input.js';
import { badState, notFound } from './duffel-sim-order-errors.js';
import { hash32 } from './seeded.js';
import { newestFirstPage } from './sim-list-page.js';
import type { StaysSimCtx } from './stays-sim-context.js';
import { readBooking } from './stays-sim-input.js';
import type { BookingRecord, QuoteRecord } from './stays-sim-store.js';
import { CURRENCY, accommodationWire, amount } from './stays-sim-wire.js';
import { checkInInstant, hotelAt } from './world/hotels.js';

// Quotes, bookings and cancellations. A quote locks the rate's price for 30
// minutes (`expires_at` on the quote; Duffel's client types have no such field,
// so it is stated here as the simulator's rule); booking it later is refused
// with 422 quote_expired. A quote books once. Cancelling applies the booked
// rate's cancellation timeline at the simulator's clock and states the refund as
// `refund_amount` / `refund_currency` on the cancelled booking (our extension).

export const QUOTE_LIFETIME_MS = 30 * 60_000;

/** Only the deadlines still ahead: a refund that can no longer be had is not offered. */
function withLiveTimeline(acc: DuffelAccommodation, now: Date): DuffelAccommodation {
  return {
    ...acc,
    rooms: acc.rooms.map((room) => ({
      ...room,
      rates: room.rates.map((rate) => ({ ...rate, cancellation_timeline: rate.cancellation_timeline.filter((e) => Date.parse(e.before) > now.getTime()) })),
    })),
  };
}

export async function createQuote(ctx: StaysSimCtx, raw: string | undefined): Promise<SimResult> {
  const rateId = requireString(readData(raw).rate_id, 'rate_id', '/rate_id');
  const rateRec = await ctx.store.getRate(rateId);
  if (!rateRec) throw notFound('rate');
  if (ctx.now.getTime() >= Date.parse(rateRec.expiresAt)) {
    throw badState('rate_no_longer_available', 'Rate no longer available', 'This rate has expired. Search again and fetch fresh rates.');
  }
  const search = await ctx.store.getSearch(rateRec.resultId);
  const hotel = search ? hotelAt(search.hotel) : undefined;
  if (!search || !hotel) throw notFound('rate');
  const rate = rateRec.rate;
  const id = simId('quo', ctx.seed, rateId, await ctx.store.nextSeq(`quote:${rateId}`));
  const quote: QuoteRecord['quote'] = {
    id,
    check_in_date: search.checkIn,
    check_out_date: search.checkOut,
    rooms: search.rooms,
    guests: search.guests,
    accommodation: withLiveTimeline(accommodationWire(hotel, [{ ...rateRec.room, rates: [rate] }]), ctx.now),
    total_amount: rate.total_amount,
    total_currency: rate.total_currency,
    base_amount: rate.base_amount,
    base_currency: rate.base_currency,
    tax_amount: rate.tax_amount,
    tax_currency: rate.tax_currency,
    fee_amount: rate.fee_amount,
    fee_currency: rate.fee_currency,
    due_at_accommodation_amount: rate.due_at_accommodation_amount,
    due_at_accommodation_currency: rate.due_at_accommodation_currency,
    deposit_amount: null,
    deposit_currency: null,
    supported_loyalty_programme: rate.supported_loyalty_programme,
    expires_at: new Date(ctx.now.getTime() + QUOTE_LIFETIME_MS).toISOString(),
  };
  await ctx.store.putQuote({ quote, rateId, hotel: search.hotel, bookingId: null });
  return created(quote);
}

export async function getQuote(ctx: StaysSimCtx, id: string): Promise<SimResult> {
  const rec = await ctx.store.getQuote(id);
  if (!rec) throw notFound('quote');
  const quote: DuffelStaysQuote = rec.quote;
  return ok(quote);
}

/** The hotel's confirmation number: digits for chains, letters and digits for rentals, fixed by the booking. */
function confirmationReference(seed: string, bookingId: string, rental: boolean): string {
  const h = hash32(seed, 'reference', bookingId);
  if (!rental) return String(h % 1_000_000_000).padStart(9, '0');
  return `HA-${h.toString(36).toUpperCase().padStart(7, '0')}`;
}

export async function createBooking(ctx: StaysSimCtx, raw: string | undefined): Promise<SimResult> {
  const input = readBooking(readData(raw));
  return ctx.store.withLock(`quote:${input.quoteId}`, async () => {
    const rec = await ctx.store.getQuote(input.quoteId);
    if (!rec) throw notFound('quote');
    if (rec.bookingId) throw badState('quote_already_booked', 'Quote already booked', `Quote ${input.quoteId} has already been booked as ${rec.bookingId}. Quote the rate again to book another stay.`);
    if (ctx.now.getTime() >= Date.parse(rec.quote.expires_at)) {
      throw badState('quote_expired', 'Quote expired', 'This quote has expired (quotes last 30 minutes). Create a new quote from a fresh rate.');
    }
    const rental = rec.quote.accommodation.type === 'vacation_rental';
    const id = simId('bok', ctx.seed, input.quoteId);
    const booking: DuffelStaysBooking = {
      id,
      reference: confirmationReference(ctx.seed, id, rental),
      status: 'confirmed',
      confirmed_at: ctx.now.toISOString(),
      cancelled_at: null,
      accommodation: withLiveTimeline(rec.quote.accommodation, ctx.now),
      check_in_date: rec.quote.check_in_date,
      check_out_date: rec.quote.check_out_date,
      rooms: rec.quote.rooms,
      guests: input.guests,
      email: input.email,
      phone_number: input.phoneNumber,
      supported_loyalty_programme: rec.quote.supported_loyalty_programme,
      loyalty_programme_account_number: input.loyaltyAccountNumber,
      key_collection: rental ? { instructions: 'The key box code and the address details are sent by email 24 hours before arrival.' } : null,
      metadata: input.metadata,
      total_amount: rec.quote.total_amount,
      total_currency: rec.quote.total_currency,
    };
    const stored: BookingRecord = { booking, hotel: rec.hotel };
    await ctx.store.putBooking(stored);
    await ctx.store.putQuote({ ...rec, bookingId: id });
    await ctx.store.indexBooking(id);
    return created(booking);
  });
}

/** GET /stays/bookings: every booking, newest first, paginated with `after` / `limit`. */
export async function listBookings(ctx: StaysSimCtx, query: Record<string, QueryValue>): Promise<SimResult> {
  const page = await newestFirstPage(query, await ctx.store.bookingCount(), async (slot) => {
    const id = await ctx.store.bookingAt(slot);
    return id === undefined ? undefined : (await ctx.store.getBooking(id))?.booking;
  });
  return { ...ok(page.data), meta: page.meta };
}

export async function getBooking(ctx: StaysSimCtx, id: string): Promise<SimResult> {
  const rec = await ctx.store.getBooking(id);
  if (!rec) throw notFound('booking');
  return ok(rec.booking);
}

/** The refund the booked rate's timeline gives at `now`, in cents: the first deadline still ahead. */
export function refundCentsAt(booking: DuffelStaysBooking, now: Date): number {
  const timeline = booking.accommodation.rooms.flatMap((r) => r.rates).flatMap((r) => r.cancellation_timeline);
  const ahead = timeline.filter((e) => Date.parse(e.before) > now.getTime()).sort((a, b) => Date.parse(a.before) - Date.parse(b.before));
  return ahead.length > 0 ? Math.round(Number(ahead[0]!.refund_amount) * 100) : 0;
}

export async function cancelBooking(ctx: StaysSimCtx, id: string): Promise<SimResult> {
  return ctx.store.withLock(`booking:${id}`, async () => {
    const rec = await ctx.store.getBooking(id);
    if (!rec) throw notFound('booking');
    const { booking } = rec;
    if (booking.status === 'cancelled') throw badState('booking_already_cancelled', 'Booking already cancelled', `Booking ${id} was cancelled at ${booking.cancelled_at ?? 'an earlier time'}.`);
    const hotel = hotelAt(rec.hotel);
    if (hotel && ctx.now.getTime() >= checkInInstant(hotel, booking.check_in_date)) {
      throw badState('booking_not_cancellable', 'Booking can no longer be cancelled', 'The stay has begun; contact the accommodation about changes.');
    }
    const cancelled: DuffelStaysBooking = {
      ...booking,
      status: 'cancelled',
      cancelled_at: ctx.now.toISOString(),
      refund_amount: amount(refundCentsAt(booking, ctx.now)),
      refund_currency: CURRENCY,
    };
    await ctx.store.putBooking({ ...rec, booking: cancelled });
    return ok(cancelled);
  });
}
