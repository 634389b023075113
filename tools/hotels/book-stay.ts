import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { isProviderError, providerToolError, type ProviderError } from '../_kit/provider-error.js';
import type { StayBooking, StayGuestInput } from '../_kit/stays-cars-cruises.js';
import { moneySignal } from '../payments/index.js';
import { liveStayQuote } from './quote-cache.js';
import { newStayBookingId } from './stay-booking-id.js';
import { stayEvent } from './stay-events.js';
import type { StayBookingRecord } from './stay-store.js';

// Books a hotel quote, once. The quote id is unique in the store, so a repeat or
// a concurrent call finds the first booking instead of booking again; the
// provider call is never retried and never aborted by a caller hanging up.

export interface StayBookingDetails {
  quoteId: string;
  guests: StayGuestInput[];
  email: string;
  phoneNumber: string;
  specialRequests?: string | undefined;
  loyaltyAccountNumber?: string | undefined;
  /** The web app's card payment for the stay; recorded, not checked (it settles payment itself). */
  paymentIntentId: string | null;
  /** Owner of the booking; null for a guest. Defaults to whoever asked for the quote. */
  userId: string | null | undefined;
}

/** Failures where the provider certainly did not book: safe to call the attempt failed. */
const REFUSED: ReadonlySet<ProviderError['kind']> = new Set(['rejected', 'not_found', 'auth', 'rate_limited', 'circuit_open', 'overloaded']);
/** The metadata key carrying our booking id on the provider's booking: how a booking whose creation went unanswered is found again. */
export const BOOKING_ID_METADATA = 'booking_id';
/** Marks a booking whose provider call ended without an answer: it may exist upstream. */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** How long a repeat waits for a concurrent first call to finish. */
const WAIT_MS = 30_000;
/** A booking still `creating` after this was cut off mid-call (a crash): its outcome is unknown. */
const ABANDONED_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer for a quote that already has a booking: the booking, or why there is none. */
async function settled(ctx: ToolContext, existing: StayBookingRecord): Promise<StayBookingRecord> {
  let b: StayBookingRecord | null = existing;
  const deadline = Date.now() + WAIT_MS;
  const inFlight = (r: StayBookingRecord | null) => r?.status === 'creating' && !r.failureReason && Date.now() - Date.parse(r.createdAt) <= ABANDONED_MS;
  for (let wait = 50; inFlight(b) && Date.now() < deadline; wait = Math.min(wait * 2, 1_000)) {
    await sleep(wait);
    b = await ctx.services.stayBookings.get(existing.id);
  }
  if (!b) throw new ToolError('INTERNAL', 'Internal error', { cause: new Error(`stay booking ${existing.id} vanished`) });
  if (b.status === 'confirmed' || b.status === 'cancelled') return b;
  if (b.status === 'failed') {
    throw new ToolError('CONFLICT', `Booking this quote failed (${b.failureReason ?? 'refused by the provider'})`, {
      details: { booking_id: b.id, quote_id: b.quoteId },
      hint: 'Fetch the rates again and book a new quote.',
    });
  }
  const abandoned = Date.now() - Date.parse(b.createdAt) > ABANDONED_MS;
  if (abandoned || b.failureReason?.startsWith(OUTCOME_UNKNOWN)) {
    throw new ToolError('CONFLICT', 'The provider did not say whether this quote was booked', {
      details: { booking_id: b.id, quote_id: b.quoteId },
      hint: 'Do not book it again: it is looked up with the provider and settled within about 15 minutes (confirmed, or failed and refunded); call again then.',
    });
  }
  throw new ToolError('CONFLICT', 'This quote is being booked right now', { details: { booking_id: b.id }, hint: 'Call again in a few seconds to get the booking.' });
}

async function recordFailure(ctx: ToolContext, id: string, err: ProviderError): Promise<ToolError> {
  const mapped = providerToolError(err);
  if (REFUSED.has(err.kind)) {
    await ctx.services.stayBookings.update(id, { status: 'failed', failureReason: err.code ?? err.kind });
    return mapped;
  }
  // Timeout, 5xx, lost connection: the hotel may hold the booking. Never call it failed here, never book again:
  // settle-unknown.ts looks it up by our id in its metadata once the call can no longer be running.
  await ctx.services.stayBookings.update(id, { failureReason: `${OUTCOME_UNKNOWN}:${err.kind}` });
  return new ToolError(mapped.code, `${mapped.message}; whether the stay was booked is not known`, {
    details: { ...mapped.details, booking_id: id },
    hint: 'Do not book this quote again: look the booking up in a few minutes. It is confirmed once the hotel provider is found to hold it, or failed (and a card payment taken for it refunded) within about 15 minutes.',
    cause: err,
  });
}

export async function bookStay(ctx: ToolContext, req: StayBookingDetails): Promise<StayBookingRecord> {
  const store = ctx.services.stayBookings;
  const prior = await store.byQuote(req.quoteId);
  if (prior) return settled(ctx, prior);
  const quote = await liveStayQuote(ctx, req.quoteId);

  const id = newStayBookingId();
  const created = await store.create({
    id,
    quoteId: req.quoteId,
    userId: req.userId === undefined ? quote.userId : req.userId,
    currency: quote.currency,
    totalMinor: quote.totalMinor,
    paymentIntentId: req.paymentIntentId,
    email: req.email,
    guests: req.guests,
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
    accommodationName: quote.accommodationName,
  });
  if (!created.ok) return settled(ctx, created.existing);

  let stay;
  try {
    stay = await ctx.services.providers.stays.createBooking(
      {
        quoteId: req.quoteId,
        guests: req.guests,
        email: req.email,
        phoneNumber: req.phoneNumber,
        ...(req.specialRequests ? { specialRequests: req.specialRequests } : {}),
        ...(req.loyaltyAccountNumber ? { loyaltyAccountNumber: req.loyaltyAccountNumber } : {}),
        metadata: { [BOOKING_ID_METADATA]: id },
      },
      moneySignal(),
    );
  } catch (err) {
    if (isProviderError(err)) throw await recordFailure(ctx, id, err);
    await store.update(id, { failureReason: OUTCOME_UNKNOWN }).catch(() => undefined);
    throw err;
  }
  const confirmed = await confirmStayBooking(ctx, (await store.get(id))!, stay);
  if (confirmed) return confirmed;
  // Settled by the unknown-outcome tracker meanwhile (only if this call outlived its give-up time): its answer stands.
  ctx.log.error({ bookingId: id, providerBookingId: stay.id }, 'stay booked after it was settled elsewhere; needs follow-up');
  return (await store.get(id))!;
}

/**
 * Records the stay the provider made: `confirmed`, with its events. Only from
 * `creating`: null when the booking was settled already, and then nothing is written.
 */
export function confirmStayBooking(ctx: ToolContext, record: StayBookingRecord, stay: StayBooking): Promise<StayBookingRecord | null> {
  const next: StayBookingRecord = { ...record, status: 'confirmed', providerBookingId: stay.id, reference: stay.reference, failureReason: null };
  return ctx.services.stayBookings.settle(
    record.id,
    { status: 'confirmed', providerBookingId: stay.id, reference: stay.reference, booking: stay, failureReason: null },
    [stayEvent('booking.created', next), stayEvent('booking.confirmed', next)],
  );
}
