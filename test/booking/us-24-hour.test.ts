import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usFreeCancellation } from '../../tools/_kit/reference/us-24-hour.js';
import { daysAhead } from '../flights/search-helpers.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json, payByCard, searchOffers, traveller, type OfferOut } from './booking-helpers.js';

// The US DOT 24-hour rule: a booking made a week or more before departure, on a
// trip touching the US, cancelled within 24 hours of booking, refunds everything
// paid, even a basic fare. Outside those conditions the fare's rules apply.

const INTERNAL = 'internal-us-24-hour-0123456789abcdef';
const HOUR = 3_600_000;
let server: TestServer;
let me: Record<string, string>;
let mcp: Client;

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL, BOOKING_MARKUP_PCT: '3' } });
  const key = await server.services.identity.createKey({ userId: 'us-24-hour', tier: 'pro' });
  me = { authorization: `Bearer ${key.secret}` };
  mcp = await connectMcp(server.url, key.secret, 'vitest-us-24-hour');
});
afterAll(async () => {
  await mcp.close();
  await server.close();
});

interface Cancelled {
  status: string;
  cancellation: { refund_to: string; refund_from_airline: { amount: number }; refunded_to_customer: { amount: number } };
}

/** A fare that refunds nothing and cannot be changed. */
const basic = (o: OfferOut) => o.refundable === false && o.changeable === false;

async function bookBasic(days: number): Promise<{ ref: string; paid: number }> {
  const offer = (await searchOffers(server, { departure_date: daysAhead(days) })).find(basic);
  if (!offer) throw new Error('no basic fare on JFK-LHR');
  const paid = await payByCard(server, { offer_id: offer.offer_id }, me);
  const booked = await json<{ booking_ref: string; status: string }>(
    await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: me }),
  );
  expect(booked.status).toBe('confirmed');
  return { ref: booked.booking_ref, paid: paid.amount };
}

const cancelRest = async (ref: string) => json<Cancelled>(await server.post(`/api/booking/${ref}/cancel`, {}, { headers: { 'x-internal-key': INTERNAL } }));

describe('the rule', () => {
  const bookedAt = new Date('2026-06-01T12:00:00Z');
  const jfkLhr = [{ origin: 'JFK', destination: 'LHR', departingAt: '2026-06-20T18:00:00' }];
  it('applies within 24 hours to a US trip booked a week or more ahead', () => {
    expect(usFreeCancellation(jfkLhr, bookedAt, new Date(bookedAt.getTime() + 23 * HOUR))).toBe(true);
    expect(usFreeCancellation([{ origin: 'LHR', destination: 'SFO', departingAt: '2026-06-20T10:00:00' }], bookedAt, bookedAt)).toBe(true);
    expect(usFreeCancellation([{ origin: 'ORD', destination: 'DEN', departingAt: '2026-06-08T12:00:00' }], bookedAt, bookedAt)).toBe(true);
  });
  it('does not apply after 24 hours, under a week ahead, or away from the US', () => {
    expect(usFreeCancellation(jfkLhr, bookedAt, new Date(bookedAt.getTime() + 25 * HOUR))).toBe(false);
    // 2026-06-08 07:00 in Chicago is 12:00 UTC: exactly a week; an hour earlier is not.
    expect(usFreeCancellation([{ origin: 'ORD', destination: 'DEN', departingAt: '2026-06-08T06:00:00' }], bookedAt, bookedAt)).toBe(false);
    expect(usFreeCancellation([{ origin: 'ORD', destination: 'DEN', departingAt: '2026-06-08T07:00:00' }], bookedAt, bookedAt)).toBe(true);
    expect(usFreeCancellation([{ origin: 'LHR', destination: 'CDG', departingAt: '2026-06-20T10:00:00' }], bookedAt, bookedAt)).toBe(false);
    expect(usFreeCancellation(jfkLhr, bookedAt, new Date(bookedAt.getTime() - HOUR))).toBe(false);
  });
});

describe('cancelling a basic fare', () => {
  it('refunds everything paid, our fee included, within 24 hours (REST)', async () => {
    const { ref, paid } = await bookBasic(40);
    const done = await cancelRest(ref);
    expect(done.status).toBe('cancelled');
    expect(done.cancellation.refunded_to_customer.amount).toBeCloseTo(paid, 2);
  });

  it('refunds everything paid within 24 hours (MCP)', async () => {
    const { ref, paid } = await bookBasic(41);
    const quote = await call<{ confirmationToken: string; refund: { amount: number } }>(mcp, 'cancel_booking', { bookingRef: ref });
    expect(quote.refund.amount).toBeGreaterThan(0);
    const done = await call<{ status: string; refundedToCard: { amount: number } }>(mcp, 'cancel_booking', { bookingRef: ref, confirmationToken: quote.confirmationToken });
    expect(done.status).toBe('cancelled');
    expect(done.refundedToCard.amount).toBeCloseTo(paid, 2);
  });

  it('follows the fare once the 24 hours have passed on the service clock: our fee is kept', async () => {
    const { ref, paid } = await bookBasic(42);
    const clock = server.services.clock;
    server.services.clock = () => new Date(Date.now() + 25 * HOUR);
    try {
      const done = await cancelRest(ref);
      // No more than the airline gives back, never our fee.
      expect(done.cancellation.refunded_to_customer.amount).toBeCloseTo(done.cancellation.refund_to === 'airline_credits' ? 0 : done.cancellation.refund_from_airline.amount, 2);
      expect(done.cancellation.refunded_to_customer.amount).toBeLessThan(paid);
    } finally {
      server.services.clock = clock;
    }
  });

  it('follows the fare when booked less than a week before departure: nothing back', async () => {
    const { ref } = await bookBasic(4);
    const done = await cancelRest(ref);
    expect(done.cancellation.refund_to).toBe('airline_credits');
    expect(done.cancellation.refunded_to_customer.amount).toBe(0);
  });
});
