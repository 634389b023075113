import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookingBody, daysAhead, json, quoteRate, ratesOf, refundableRate, searchHotels, type BookingOut } from './hotel-helpers.js';

// The hotel booking life cycle on the real server and the stays simulator, on the
// embedded default (and on PostgreSQL and Redis in CI's second pass):
// search → rates → quote → book (internal key) → look up → cancel with refund.

const INTERNAL = 'internal-hotels-key-0123456789abcdef';
const internal = { 'x-internal-key': INTERNAL };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL } });
});
afterAll(async () => {
  await server.close();
});

interface CancelOut extends BookingOut {
  cancellation: { refund: { amount: number; currency: string }; refund_source: string; cancelled_at: string | null };
}

/** The refund the timeline gives now: the largest among deadlines still ahead. */
function expectedRefund(timeline: { before: string; refund: { amount: number } }[], at: number): number {
  return Math.max(0, ...timeline.filter((t) => Date.parse(t.before) > at).map((t) => t.refund.amount));
}

describe('hotel search', () => {
  it('finds hotels in a city by code and by name, cheapest first, with rating, chain and loyalty program', async () => {
    const body = { check_in: daysAhead(30), check_out: daysAhead(33) };
    const byCode = await searchHotels(server, { ...body, city: 'LIS' });
    expect(byCode.count).toBeGreaterThan(3);
    expect(byCode.count).toBe(byCode.results.length);
    expect(byCode.nights).toBe(3);
    expect(byCode.area).toMatchObject({ city: 'Lisbon', country: 'PT', radius_km: 25 });
    const totals = byCode.results.map((r) => r.cheapest.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const r of byCode.results) {
      expect(r.hotel.kind).toBe('hotel');
      expect(r.cheapest.per_night.amount).toBeCloseTo(r.cheapest.total.amount / 3, 1);
    }
    expect(byCode.results.some((r) => r.hotel.chain !== null && r.loyalty_program !== null)).toBe(true);
    expect(byCode.results.some((r) => r.hotel.rating !== null && r.hotel.rating >= 4)).toBe(true);

    const byName = await searchHotels(server, { ...body, city: 'Lisbon' });
    expect(byName.results.map((r) => r.hotel.id).sort()).toEqual(byCode.results.map((r) => r.hotel.id).sort());
  });

  it('searches around coordinates, and adds vacation rentals only with include_rentals=true', async () => {
    const body = { location: { latitude: 48.8566, longitude: 2.3522, radius_km: 10 }, check_in: daysAhead(45), check_out: daysAhead(48), adults: 2 };
    const hotels = await searchHotels(server, body);
    expect(hotels.area).toMatchObject({ latitude: 48.8566, longitude: 2.3522, radius_km: 10, city: null });
    expect(hotels.results.length).toBeGreaterThan(0);
    expect(hotels.results.every((r) => r.hotel.kind === 'hotel')).toBe(true);
    const withRentals = await searchHotels(server, body, '?include_rentals=true');
    const rentals = withRentals.results.filter((r) => r.hotel.kind === 'vacation_rental');
    expect(rentals.length).toBeGreaterThan(0);
    expect(withRentals.count).toBe(hotels.count + rentals.length);
  });
});

describe('hotel booking life cycle', () => {
  it('searches, rates, quotes, books (internal), looks up by both ids and cancels with the timeline refund', async () => {
    const checkIn = daysAhead(40);
    const checkOut = daysAhead(42);
    const { hotel, rate } = await refundableRate(server, 'LON', checkIn, checkOut);
    expect(rate.per_night.amount).toBeCloseTo(rate.total.amount / 2, 1);

    const quote = await quoteRate(server, rate.rate_id);
    expect(quote.quote_id).toBeTruthy();
    expect(quote.ttl_seconds).toBe(1800);
    const ttl = Date.parse(quote.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(1790_000);
    expect(ttl).toBeLessThanOrEqual(1800_000);
    expect(quote.hotel.id).toBe(hotel.hotel.id);
    expect(quote.total.amount).toBeCloseTo(rate.total.amount, 2);

    // Server side only.
    expect((await server.post('/api/hotels/book', bookingBody(quote.quote_id))).status).toBe(401);
    const { secret } = await server.services.identity.createKey({ userId: 'hotel-user', tier: 'pro' });
    expect((await server.post('/api/hotels/book', bookingBody(quote.quote_id), { headers: { authorization: `Bearer ${secret}` } })).status).toBe(403);

    const booked = await json<BookingOut>(await server.post('/api/hotels/book', bookingBody(quote.quote_id, { payment_intent_id: 'pi_web_app_123', user_id: 'hotel-user' }), { headers: internal }));
    expect(booked.status).toBe('confirmed');
    expect(booked.booking_id).toMatch(/^hb_[0-9a-z]{26}$/);
    expect(booked.provider_booking_id).toBeTruthy();
    expect(booked.reference).toBeTruthy();
    expect(booked.total.amount).toBeCloseTo(quote.total.amount, 2);
    expect(booked.payment_intent_id).toBe('pi_web_app_123');
    expect(booked.hotel?.id).toBe(hotel.hotel.id);
    expect(booked.confirmation_url).toBe(`${server.url}/api/hotels/booking/${booked.booking_id}`);
    expect(booked.cancellation_timeline.length).toBeGreaterThan(0);

    // Look up by the provider's id and by ours: the back end and the owner see it; anonymous callers and other users do not.
    const byProvider = await json<BookingOut>(await server.get(`/api/hotels/booking/${booked.provider_booking_id}`, { headers: internal }));
    expect(byProvider).toMatchObject({ booking_id: booked.booking_id, status: 'confirmed', stale: false, reference: booked.reference });
    expect((await server.get(`/api/hotels/booking/${booked.booking_id}`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    const other = await server.services.identity.createKey({ userId: 'hotel-other', tier: 'pro' });
    expect((await server.get(`/api/hotels/booking/${booked.booking_id}`, { headers: { authorization: `Bearer ${other.secret}` } })).status).toBe(404);
    expect((await server.get(`/api/hotels/booking/${booked.provider_booking_id}`)).status).toBe(404);
    expect((await server.get('/api/hotels/booking/bok_doesnotexist')).status).toBe(404);

    // Cancelling: not anonymously, not by another user; the owner may.
    expect((await server.post(`/api/hotels/bookings/${booked.booking_id}/cancel`, {})).status).toBe(401);
    expect((await server.post(`/api/hotels/bookings/${booked.booking_id}/cancel`, {}, { headers: { authorization: `Bearer ${other.secret}` } })).status).toBe(404);
    const at = Date.now();
    const cancelled = await json<CancelOut>(await server.post(`/api/hotels/bookings/${booked.provider_booking_id}/cancel`, {}, { headers: { authorization: `Bearer ${secret}` } }));
    expect(cancelled.status).toBe('cancelled');
    const refund = expectedRefund(booked.cancellation_timeline, at);
    expect(refund).toBeGreaterThan(0);
    expect(cancelled.cancellation.refund.amount).toBeCloseTo(refund, 2);
    expect(cancelled.cancellation.refund_source).toBe('provider');
    expect(cancelled.refund?.amount).toBeCloseTo(refund, 2);
    expect(cancelled.cancelled_at).toBeTruthy();

    // A second cancel answers the first; the look-up shows it cancelled.
    const again = await json<CancelOut>(await server.post(`/api/hotels/bookings/${booked.booking_id}/cancel`, {}, { headers: internal }));
    expect(again.cancellation).toMatchObject({ refund_source: 'recorded', refund: { amount: cancelled.cancellation.refund.amount } });
    const after = await json<BookingOut>(await server.get(`/api/hotels/booking/${booked.booking_id}`, { headers: internal }));
    expect(after.status).toBe('cancelled');

    // Each fact announced once, through the outbox.
    const events = (await server.services.bookings.undeliveredEvents(500)).filter((e) => e.aggregateId === booked.booking_id);
    expect(events.map((e) => e.type).sort()).toEqual(['booking.canceled', 'booking.confirmed', 'booking.created']);
    expect(events.find((e) => e.type === 'booking.created')).toMatchObject({ dedupeKey: `booking.created:${booked.booking_id}`, userId: 'hotel-user' });
  });

  it('books a quote once: a repeat, concurrent calls and an Idempotency-Key all answer the first booking', async () => {
    const found = await searchHotels(server, { city: 'PAR', check_in: daysAhead(60), check_out: daysAhead(61) });
    const { rates } = await ratesOf(server, found.results[0]!.search_result_id);
    const quote = await quoteRate(server, rates[0]!.rate_id);
    const body = bookingBody(quote.quote_id);
    const answers = await Promise.all([1, 2, 3].map(() => server.post('/api/hotels/book', body, { headers: internal }).then((r) => json<BookingOut>(r))));
    const ids = new Set(answers.map((a) => a.booking_id));
    expect(ids.size).toBe(1);
    const repeat = await json<BookingOut>(await server.post('/api/hotels/book', bookingBody(quote.quote_id), { headers: internal }));
    expect(repeat.booking_id).toBe(answers[0]!.booking_id);
    const keyed = await json<BookingOut>(await server.post('/api/hotels/book', body, { headers: { ...internal, 'idempotency-key': 'hotel-book-1' } }));
    expect(keyed.booking_id).toBe(answers[0]!.booking_id);
    const conflict = await server.post('/api/hotels/book', { ...body, email: 'someone-else@example.com' }, { headers: { ...internal, 'idempotency-key': 'hotel-book-1' } });
    expect(conflict.status).toBe(409);
  });

  it('refuses to book a quote after its 30 minutes with 410, even though the provider would still take it', async () => {
    const found = await searchHotels(server, { city: 'LIS', check_in: daysAhead(70), check_out: daysAhead(72) });
    const { rates } = await ratesOf(server, found.results[0]!.search_result_id);
    const quote = await quoteRate(server, rates[0]!.rate_id);
    const clock = server.services.clock;
    server.services.clock = () => new Date(Date.now() + 31 * 60_000);
    try {
      const res = await server.post('/api/hotels/book', bookingBody(quote.quote_id), { headers: internal });
      const body = await json<{ code: string; detail: string; details: { quote_id: string } }>(res, 410);
      expect(body.code).toBe('GONE');
      expect(body.detail).toMatch(/expired/);
      expect(body.details.quote_id).toBe(quote.quote_id);
    } finally {
      server.services.clock = clock;
    }
    expect((await server.post('/api/hotels/book', bookingBody('quo_never_quoted'), { headers: internal })).status).toBe(410);
  });

  it('answers 410 for rates of an unknown search result', async () => {
    const res = await server.post('/api/hotels/rates', { search_result_id: 'sta_0000000000000000000000' });
    expect(res.status).toBe(410);
  });
});
