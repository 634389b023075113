import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashOffer } from '../../tools/_kit/providers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookOnSimulator, findOffer, json, payByCard, traveller } from './booking-helpers.js';

// Cancelling keeps what came back: airline credits (id, code, amount, expiry) or
// the card refund, on the booking and in the booking.canceled webhook event.

const INTERNAL = 'internal-cancel-credits-0123456789abcdef';
const internal = { headers: { 'x-internal-key': INTERNAL } };

interface Money { amount: number; currency: string }
interface CreditOut { id: string; code: string | null; name: string | null; amount: Money; passenger_id: string | null; issued_on: string | null; expires_at: string | null }
interface CancellationOut { id: string; refund_to: string; refund_from_airline: Money; refunded_to_customer: Money; airline_credits: CreditOut[]; cancelled_at: string }
interface BookingViewOut { status: string; totals: { refund: number | null }; cancellation: CancellationOut | null }

let server: TestServer;
let userId: string;
let auth: { headers: Record<string, string> };
/** Fares that refund nothing but can be changed: the simulated airline answers a cancel with credit. */
let creditFares: CashOffer[];

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL } });
  userId = `credits_${randomBytes(6).toString('hex')}`;
  auth = { headers: { authorization: `Bearer ${(await server.services.identity.createKey({ userId, tier: 'pro' })).secret}` } };
  const offers = await server.services.providers.flights.searchOffers(
    // Five days ahead: too close to departure for the US 24-hour rule, so the fare's own rules decide.
    { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(5), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' },
    AbortSignal.timeout(20_000),
  );
  creditFares = offers.filter((o) => o.conditions?.refundable === false && o.conditions?.changeable === true);
  if (creditFares.length < 2) throw new Error('too few non-refundable, changeable fares on JFK-LHR');
}, 60_000);
afterAll(() => server.close());

async function canceledEvent(bookingId: string) {
  const events = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === bookingId && e.type === 'booking.canceled');
  expect(events).toHaveLength(1);
  return events[0]!.payload as { booking_id: string; status: string; cancellation: CancellationOut };
}

function expectCredit(credit: CreditOut | undefined, currency: string) {
  expect(credit).toBeDefined();
  expect(credit!.id).toMatch(/^acd_/);
  expect(credit!.code).toMatch(/^\w+$/);
  expect(credit!.amount.currency).toBe(currency);
  expect(credit!.amount.amount).toBeGreaterThan(0);
  expect(Date.parse(credit!.expires_at ?? '')).toBeGreaterThan(Date.now());
}

describe('cancelling a fare that refunds to airline credits', () => {
  it('keeps the credit on the booking and announces it in booking.canceled (REST)', async () => {
    const booked = await bookOnSimulator(server, creditFares[0]!, { userId });
    const answer = await json<{ status: string; cancellation: CancellationOut }>(await server.post(`/api/booking/${booked.id}/cancel`, {}, internal));
    expect(answer.status).toBe('cancelled');
    expect(answer.cancellation.refund_to).toBe('airline_credits');
    expect(answer.cancellation.refunded_to_customer.amount).toBe(0);
    const credit = answer.cancellation.airline_credits[0];
    expectCredit(credit, booked.order.total.currency);

    // The booking view, read afterwards: no card refund, and the same credit.
    const view = await json<BookingViewOut>(await server.get(`/api/booking/${booked.id}`, auth));
    expect(view.status).toBe('cancelled');
    expect(view.totals.refund).toBe(0);
    expect(view.cancellation?.refund_to).toBe('airline_credits');
    expect(view.cancellation?.airline_credits).toEqual([credit]);

    // The webhook event carries it too.
    const event = await canceledEvent(booked.id);
    expect(event).toMatchObject({ booking_id: booked.id, status: 'cancelled' });
    expect(event.cancellation.airline_credits).toEqual([credit]);
    expect(event.cancellation.id).toBe(answer.cancellation.id);

    // Cancelling again answers the kept cancellation, credits included.
    const again = await json<{ cancellation: CancellationOut }>(await server.post(`/api/booking/${booked.id}/cancel`, {}, internal));
    expect(again.cancellation.airline_credits).toEqual([credit]);
  }, 60_000);

  it('shows the credit in both steps of MCP cancel_booking and keeps it on the booking', async () => {
    const booked = await bookOnSimulator(server, creditFares[1]!, { userId });
    const call = async (args: Record<string, unknown>) => {
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...auth.headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'cancel_booking', arguments: args } }),
      });
      const body = (await res.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown> } };
      expect(body.result.isError, JSON.stringify(body)).toBeFalsy();
      return body.result.structuredContent as { refundTo: string; confirmationToken: string | null; airlineCredits: { id: string; code: string | null; amount: Money; expiresAt: string | null }[] };
    };
    const quote = await call({ bookingRef: booked.id });
    expect(quote.refundTo).toBe('airline_credits');
    expect(quote.airlineCredits).toHaveLength(1);
    const done = await call({ bookingRef: booked.id, confirmationToken: quote.confirmationToken });
    const credit = done.airlineCredits[0];
    expect(credit?.id).toMatch(/^acd_/);
    expect(Date.parse(credit?.expiresAt ?? '')).toBeGreaterThan(Date.now());

    const view = await json<BookingViewOut>(await server.get(`/api/booking/${booked.id}`, auth));
    expect(view.cancellation?.airline_credits.map((c) => ({ id: c.id, expires_at: c.expires_at }))).toEqual([{ id: credit!.id, expires_at: credit!.expiresAt }]);
    expect((await canceledEvent(booked.id)).cancellation.airline_credits[0]?.id).toBe(credit!.id);
  }, 60_000);
});

describe('cancelling a refundable fare', () => {
  it('records the card refund on the booking and in booking.canceled, with no credits', async () => {
    const offer = await findOffer(server, (o) => o.refundable === true);
    const paid = await payByCard(server, { offer_id: offer.offer_id }, auth.headers);
    const booking = await json<{ booking_ref: string; status: string }>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: { ...auth.headers, 'idempotency-key': `credits-refund-${userId}` } }),
    );
    expect(booking.status).toBe('confirmed');

    const answer = await json<{ cancellation: CancellationOut }>(await server.post(`/api/booking/${booking.booking_ref}/cancel`, {}, internal));
    expect(answer.cancellation.refund_to).not.toBe('airline_credits');
    expect(answer.cancellation.airline_credits).toEqual([]);
    const refunded = answer.cancellation.refunded_to_customer.amount;
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThanOrEqual(paid.amount);

    const view = await json<BookingViewOut>(await server.get(`/api/booking/${booking.booking_ref}`, auth));
    expect(view.totals.refund).toBe(refunded);
    expect(view.cancellation).toMatchObject({ refunded_to_customer: { amount: refunded }, airline_credits: [] });
    const event = await canceledEvent(booking.booking_ref);
    expect(event.cancellation).toMatchObject({ refund_to: answer.cancellation.refund_to, refunded_to_customer: { amount: refunded }, airline_credits: [] });
  }, 60_000);
});
