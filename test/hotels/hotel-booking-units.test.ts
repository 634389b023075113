import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { Accommodation, StayBooking, StayQuote, StaysProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { bookStay } from '../../tools/hotels/book-stay.js';
import { cancelStay } from '../../tools/hotels/cancel-stay.js';
import { saveStayQuote } from '../../tools/hotels/quote-cache.js';
import { refundUnderTimeline } from '../../tools/hotels/refund-now.js';
import { earliestToday, hotelSearchProblems, resolveCity, type HotelSearchBody } from '../../tools/hotels/search-request.js';
import { testContext, type TestContext } from '../kit/test-context.js';

// The booking and cancellation rules without a server: what counts as a failed
// attempt, what leaves the outcome unknown (never booked again), and the refund
// a cancellation timeline gives at a moment.

const NOW = new Date('2027-03-01T12:00:00Z');

describe('refundUnderTimeline', () => {
  const timeline = [
    { before: '2027-03-10T12:00:00Z', refund: { amount: 300, currency: 'EUR' } },
    { before: '2027-03-12T12:00:00Z', refund: { amount: 150, currency: 'EUR' } },
  ];
  it('gives the largest refund whose deadline is still ahead', () => {
    expect(refundUnderTimeline(timeline, NOW, 'EUR')).toEqual({ amount: 300, currency: 'EUR' });
    expect(refundUnderTimeline(timeline, new Date('2027-03-11T00:00:00Z'), 'EUR')).toEqual({ amount: 150, currency: 'EUR' });
  });
  it('gives nothing after the last deadline, or for a non-refundable rate', () => {
    expect(refundUnderTimeline(timeline, new Date('2027-03-12T12:00:00Z'), 'EUR')).toEqual({ amount: 0, currency: 'EUR' });
    expect(refundUnderTimeline([], NOW, 'USD')).toEqual({ amount: 0, currency: 'USD' });
  });
});

describe('hotel search area and dates', () => {
  it('resolves metro codes, airport codes and city names', () => {
    expect(resolveCity('lon')).toMatchObject({ name: 'London', country: 'GB', code: 'LON' });
    expect(resolveCity('LIS')).toMatchObject({ name: 'Lisbon', country: 'PT', code: 'LIS' });
    expect(resolveCity('Lisbon')).toMatchObject({ name: 'Lisbon', country: 'PT' });
    expect(resolveCity('Qzxqzx')).toBeNull();
  });

  it('judges "past" at the earliest time zone on Earth', () => {
    expect(earliestToday(new Date('2027-03-01T11:59:00Z'))).toBe('2027-02-28');
    expect(earliestToday(new Date('2027-03-01T12:00:00Z'))).toBe('2027-03-01');
    const body: HotelSearchBody = { city: 'LON', check_in: '2027-02-28', check_out: '2027-03-02', rooms: 1, adults: 2, children_ages: [] };
    expect(hotelSearchProblems(body, new Date('2027-03-01T11:00:00Z'))).toEqual([]);
    expect(hotelSearchProblems(body, new Date('2027-03-01T13:00:00Z'))).toEqual([expect.objectContaining({ path: ['check_in'] })]);
  });
});

// ---------- bookStay / cancelStay with in-memory fakes ----------

const ACC: Accommodation = {
  id: 'acc_test', name: 'Test Hotel Lisbon', kind: 'hotel', rating: 4, reviewScore: 8.5, chain: null, brand: null, loyaltyProgramme: null,
  address: { lineOne: '1 Rua Augusta', city: 'Lisbon', postalCode: '1100-048', region: null, countryCode: 'PT' }, location: { latitude: 38.71, longitude: -9.14 }, amenities: [], photos: [],
};
const TIMELINE = [{ before: '2027-04-08T12:00:00Z', refund: { amount: 400, currency: 'EUR' } }];

function quote(id: string): StayQuote {
  return {
    id, rateId: 'rat_1', accommodation: ACC, checkIn: '2027-04-10', checkOut: '2027-04-12', rooms: 1, total: { amount: 400, currency: 'EUR' },
    dueAtAccommodation: null, cancellationTimeline: TIMELINE, boardType: 'room_only', roomName: 'Double Room', loyaltyProgramme: null,
  };
}

function fakeStays(behaviour: { book?: () => Promise<StayBooking>; cancel?: () => Promise<StayBooking> }): StaysProvider & { bookCalls: number } {
  const fake = {
    name: 'duffel' as const,
    mode: 'simulator' as const,
    bookCalls: 0,
    search: async () => [],
    fetchAllRates: async () => { throw new Error('unused'); },
    createQuote: async () => { throw new Error('unused'); },
    async createBooking() {
      fake.bookCalls++;
      return behaviour.book!();
    },
    getBooking: async () => { throw new ProviderError('duffel', 'unavailable', 'down', { status: 503 }); },
    findBooking: async () => null,
    cancelBooking: async () => behaviour.cancel!(),
  };
  return fake;
}

/** The web app took these stays' payments (paymentIntentId null), so the in-memory ledger holds none of ours. */
function context(stays: StaysProvider): TestContext {
  return testContext({ now: NOW, principal: { kind: 'internal' }, providers: { stays } });
}

const details = (quoteId: string) => ({ quoteId, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+442080160509', paymentIntentId: null, userId: null });

function confirmed(id: string, extra: Partial<StayBooking> = {}): StayBooking {
  return {
    id, reference: 'REF123', status: 'confirmed', accommodation: ACC, checkIn: '2027-04-10', checkOut: '2027-04-12', rooms: 1, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }],
    email: 'ada@example.com', total: { amount: 400, currency: 'EUR' }, cancellationTimeline: TIMELINE, confirmedAt: NOW.toISOString(), cancelledAt: null, metadata: {}, ...extra,
  };
}

describe('bookStay', () => {
  it('records a refused attempt as failed; a repeat is a 409 and the provider is not called again', async () => {
    const stays = fakeStays({ book: async () => { throw new ProviderError('duffel', 'rejected', 'quote gone', { status: 422, code: 'quote_expired' }); } });
    const ctx = context(stays);
    const store = ctx.services.stayBookings;
    await saveStayQuote(ctx, quote('quo_refused'), null);
    await expect(bookStay(ctx, details('quo_refused'))).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    expect(await store.byQuote('quo_refused')).toMatchObject({ status: 'failed', failureReason: 'quote_expired' });
    await expect(bookStay(ctx, details('quo_refused'))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(stays.bookCalls).toBe(1);
    expect(ctx.outbox.events).toEqual([]);
  });

  it('never books again when the outcome is unknown (timeout): the record stays open and a repeat is a 409', async () => {
    const stays = fakeStays({ book: async () => { throw new ProviderError('duffel', 'timeout', 'slow'); } });
    const ctx = context(stays);
    const store = ctx.services.stayBookings;
    await saveStayQuote(ctx, quote('quo_unknown'), null);
    const err = await bookStay(ctx, details('quo_unknown')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: expect.stringMatching(/not known/) });
    expect(await store.byQuote('quo_unknown')).toMatchObject({ status: 'creating', failureReason: 'outcome_unknown:timeout' });
    await expect(bookStay(ctx, details('quo_unknown'))).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/did not say/) });
    expect(stays.bookCalls).toBe(1);
  });

  it('confirms with the created and confirmed events, and the total of our quote', async () => {
    const stays = fakeStays({ book: async () => confirmed('bok_1') });
    const ctx = context(stays);
    await saveStayQuote(ctx, quote('quo_ok'), 'user-1');
    const b = await bookStay(ctx, { ...details('quo_ok'), userId: undefined });
    expect(b).toMatchObject({ status: 'confirmed', providerBookingId: 'bok_1', reference: 'REF123', totalMinor: 40_000, currency: 'EUR', userId: 'user-1' });
    expect(ctx.outbox.events.map((e) => e.dedupeKey)).toEqual([`booking.created:${b.id}`, `booking.confirmed:${b.id}`]);
  });
});

describe('cancelStay', () => {
  async function booked(stays: StaysProvider) {
    const ctx = context(stays);
    await saveStayQuote(ctx, quote('quo_c'), null);
    return { ctx, b: await bookStay(ctx, details('quo_c')) };
  }

  it("takes the provider's refund when it states one", async () => {
    const { ctx, b } = await booked(fakeStays({ book: async () => confirmed('bok_2'), cancel: async () => confirmed('bok_2', { status: 'cancelled', refund: { amount: 123.45, currency: 'EUR' }, cancelledAt: NOW.toISOString() }) }));
    const done = await cancelStay(ctx, b);
    expect(done).toMatchObject({ source: 'provider', refund: { amount: 123.45, currency: 'EUR' }, booking: { status: 'cancelled', refundMinor: 12_345 } });
    // The web app took the payment and refunds it; nothing went back to a card of ours.
    expect(done.refundedToCard).toBeNull();
    expect(ctx.outbox.events.at(-1)).toMatchObject({ type: 'booking.canceled', dedupeKey: `booking.canceled:${b.id}` });
  });

  it('otherwise applies the timeline at the time of the request', async () => {
    const { ctx, b } = await booked(fakeStays({ book: async () => confirmed('bok_3'), cancel: async () => confirmed('bok_3', { status: 'cancelled' }) }));
    const done = await cancelStay(ctx, b);
    expect(done).toMatchObject({ source: 'timeline', refund: { amount: 400, currency: 'EUR' }, refundedToCard: null });
    const again = await cancelStay(ctx, done.booking);
    expect(again).toMatchObject({ source: 'recorded', refund: { amount: 400 } });
  });

  it('refuses to cancel a booking that never got confirmed', async () => {
    const stays = fakeStays({ book: async () => { throw new ProviderError('duffel', 'rejected', 'no', { status: 422 }); } });
    const ctx = context(stays);
    const store = ctx.services.stayBookings;
    await saveStayQuote(ctx, quote('quo_f'), null);
    await bookStay(ctx, details('quo_f')).catch(() => undefined);
    await expect(cancelStay(ctx, (await store.byQuote('quo_f'))!)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
