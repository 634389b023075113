import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../tools/_kit/context.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CarsProvider, StaysProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { settleUnknownCarBooking, settleUnknownCarBookings } from '../../tools/cars/settle-unknown.js';
import type { CarBookingRecord } from '../../tools/cars/car-store.js';
import { settleUnknownStayBooking, settleUnknownStayBookings } from '../../tools/hotels/settle-unknown.js';
import type { StayBookingRecord } from '../../tools/hotels/stay-store.js';
import { driver, payCar, rateOf, unrefundedMinor } from '../cars/car-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { prismaOf } from '../helpers/api.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Settling car and stay bookings whose provider call went unanswered, on the real
// stores, simulators and payments ledger: the booking call "times out" either
// before reaching the provider (nothing booked) or after it booked (the answer
// lost). Found at the provider → confirmed with its events, payment attached; not
// found before the give-up time → left alone; not found after it → failed and the
// payment refunded in full, once, however many settlers race.

const MIN = 60_000;
let server: TestServer;
let mcp: Client;
let clockOffsetMs = 0;

beforeAll(async () => {
  // Nothing runs on its own: the tests call the settle functions.
  server = await startTestServer({ env: { BOOKING_SETTLE_INTERVAL_MS: '0', PENDING_ORDER_POLL_MS: '0', PAYMENT_RECONCILE_INTERVAL_MS: '0' } });
  server.services.clock = () => new Date(Date.now() + clockOffsetMs);
  const key = await server.services.identity.createKey({ userId: 'settle-ada', tier: 'pro' });
  mcp = await connectMcp(server.url, key.secret, 'vitest-settle');
}, 120_000);
afterAll(async () => {
  await mcp.close();
  await server.close();
});
afterEach(() => {
  clockOffsetMs = 0;
});

const ctx = (): ToolContext => ({ principal: { kind: 'internal' }, requestId: 'test-settle', log: server.logger, signal: AbortSignal.timeout(60_000), services: server.services });
const lostAnswer = () => new ProviderError('duffel', 'timeout', 'no answer in time (fault injection)');

/** Makes createBooking time out: before reaching the provider (nothing booked), or after it booked (the answer lost). */
function timeOut<T extends CarsProvider | StaysProvider>(provider: T, booked: boolean): () => void {
  const p = provider as unknown as { createBooking: (...a: unknown[]) => Promise<unknown> };
  const real = p.createBooking;
  p.createBooking = async (...args: unknown[]) => {
    if (booked) await real.apply(provider, args);
    throw lostAnswer();
  };
  return () => {
    p.createBooking = real;
  };
}

const paymentState = async (id: string) => (await server.services.payments.get(id))?.state;
const refundRows = (paymentId: string) => prismaOf(server).paymentRefund.count({ where: { paymentId } });
const eventsOf = async (bookingId: string) => (await prismaOf(server).outboxEvent.findMany({ where: { aggregateId: bookingId } })).map((e) => e.type).sort();

let carDay = 40;
/** A legacy car booking (fee paid by card) whose provider call timed out: left `creating`, payment claimed. */
async function unknownCar(booked: boolean): Promise<{ record: CarBookingRecord; paymentId: string; chargedMinor: number }> {
  const rate = await rateOf(server, 'legacy', carDay++);
  const intent = await payCar(server, { offer_token: rate.offer_token });
  const undo = timeOut(server.services.providers.cars, booked);
  try {
    const res = await server.post('/api/cars/book', { offer_token: rate.offer_token, driver: driver(), add_ons: [], payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(res.status, await res.text()).toBe(504);
  } finally {
    undo();
  }
  const record = (await server.services.carBookings.byPayment(intent.payment_intent_id))!;
  expect(record).toMatchObject({ status: 'creating', failureReason: 'outcome_unknown:timeout' });
  expect(await paymentState(intent.payment_intent_id)).toBe('claimed');
  return { record, paymentId: intent.payment_intent_id, chargedMinor: record.chargedMinor };
}

let hotelDay = 50;
/** A stay booked over MCP (quote_hotel, paid, book_hotel) whose provider call timed out: left `creating`, payment claimed. */
async function unknownStay(booked: boolean): Promise<{ record: StayBookingRecord; paymentId: string }> {
  const day = hotelDay++;
  const found = await call<{ results: { search_result_id: string }[] }>(mcp, 'search_hotels', { city: 'PAR', checkIn: daysAhead(day), checkOut: daysAhead(day + 2) });
  const { rates } = await call<{ rates: { rate_id: string }[] }>(mcp, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
  const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(mcp, 'quote_hotel', {
    rateId: rates[0]!.rate_id,
    guests: [{ givenName: 'Ada', familyName: 'Lovelace' }],
    email: 'ada@example.com',
    phoneNumber: '+442080160509',
  });
  const paymentId = quote.payment.paymentIntentId;
  await server.services.providers.cards.confirmPaymentIntent(paymentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${paymentId}` }, AbortSignal.timeout(5_000));
  const undo = timeOut(server.services.providers.stays, booked);
  try {
    const result = (await mcp.callTool({ name: 'book_hotel', arguments: { confirmationToken: quote.confirmationToken } })) as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^UPSTREAM_TIMEOUT/);
  } finally {
    undo();
  }
  const payment = (await server.services.payments.get(paymentId))!;
  const record = (await server.services.stayBookings.byQuote(payment.goods!.id))!;
  expect(record).toMatchObject({ status: 'creating', failureReason: 'outcome_unknown:timeout', paymentIntentId: paymentId });
  expect(payment.state).toBe('claimed');
  return { record, paymentId };
}

describe('car bookings with an unknown outcome', () => {
  it('found at the provider (the answer was lost): confirmed with its events, the payment attached', async () => {
    const { record, paymentId } = await unknownCar(true);
    clockOffsetMs = 6 * MIN;
    expect(await settleUnknownCarBooking(ctx(), record)).toBe('confirmed');
    const settled = (await server.services.carBookings.get(record.id))!;
    expect(settled).toMatchObject({ status: 'confirmed', failureReason: null, refundMinor: null });
    expect(settled.providerBookingId).toMatch(/^boo_/);
    expect(settled.booking?.metadata).toMatchObject({ booking_id: record.id });
    expect(await eventsOf(record.id)).toEqual(['booking.confirmed', 'booking.created']);
    expect(await paymentState(paymentId)).toBe('attached');
    expect(await refundRows(paymentId)).toBe(0);
  }, 60_000);

  it('not found before the give-up time: left alone; a failing lookup is no verdict even after it', async () => {
    const { record, paymentId } = await unknownCar(false);
    // Younger than the settle delay: not even picked up.
    expect((await server.services.carBookings.unsettled(new Date(Date.now() - 5 * MIN), 100)).map((r) => r.id)).not.toContain(record.id);
    clockOffsetMs = 10 * MIN;
    expect(await settleUnknownCarBooking(ctx(), record)).toBe('unsettled');
    clockOffsetMs = 20 * MIN;
    const cars = server.services.providers.cars as { findBooking: CarsProvider['findBooking'] };
    const real = cars.findBooking;
    cars.findBooking = async () => Promise.reject(new ProviderError('duffel', 'unavailable', 'down (fault injection)', { status: 503 }));
    try {
      expect(await settleUnknownCarBooking(ctx(), record)).toBe('unsettled');
    } finally {
      cars.findBooking = real;
    }
    expect(await server.services.carBookings.get(record.id)).toMatchObject({ status: 'creating' });
    expect(await paymentState(paymentId)).toBe('claimed');
    expect(await refundRows(paymentId)).toBe(0);
  }, 60_000);

  it('not found after the give-up time: failed and refunded in full, once, however many settlers race', async () => {
    const { record, paymentId, chargedMinor } = await unknownCar(false);
    clockOffsetMs = 16 * MIN;
    const outcomes = await Promise.all([settleUnknownCarBooking(ctx(), record), settleUnknownCarBooking(ctx(), record), settleUnknownCarBookings(ctx(), 100)]);
    // The batch may settle other records too; this one moved once, so it was refunded once.
    expect(outcomes.slice(0, 2).filter((o) => o === 'failed').length).toBeLessThanOrEqual(1);
    expect(await server.services.carBookings.get(record.id)).toMatchObject({ status: 'failed', failureReason: 'not_found_at_provider', refundMinor: chargedMinor });
    expect(await paymentState(paymentId)).toBe('refunded');
    expect(await refundRows(paymentId)).toBe(1);
    expect(await unrefundedMinor(server, paymentId, chargedMinor)).toBe(0);
    // Settled: nothing more happens.
    await settleUnknownCarBookings(ctx(), 100);
    expect(await settleUnknownCarBooking(ctx(), (await server.services.carBookings.get(record.id))!)).toBe('failed');
    expect(await refundRows(paymentId)).toBe(1);
  }, 60_000);
});

describe('stay bookings with an unknown outcome', () => {
  it('found at the provider (the answer was lost): confirmed with its events, the payment attached', async () => {
    const { record, paymentId } = await unknownStay(true);
    clockOffsetMs = 6 * MIN;
    expect(await settleUnknownStayBooking(ctx(), record)).toBe('confirmed');
    const settled = (await server.services.stayBookings.get(record.id))!;
    expect(settled).toMatchObject({ status: 'confirmed', failureReason: null });
    expect(settled.providerBookingId).toMatch(/^bok_/);
    expect(await eventsOf(record.id)).toEqual(['booking.confirmed', 'booking.created']);
    expect(await paymentState(paymentId)).toBe('attached');
    expect(await refundRows(paymentId)).toBe(0);
  }, 60_000);

  it('not found before the give-up time: left alone', async () => {
    const { record, paymentId } = await unknownStay(false);
    expect((await server.services.stayBookings.unsettled(new Date(Date.now() - 5 * MIN), 100)).map((r) => r.id)).not.toContain(record.id);
    clockOffsetMs = 10 * MIN;
    expect(await settleUnknownStayBooking(ctx(), record)).toBe('unsettled');
    expect(await server.services.stayBookings.get(record.id)).toMatchObject({ status: 'creating' });
    expect(await paymentState(paymentId)).toBe('claimed');
  }, 60_000);

  it('not found after the give-up time: failed and refunded in full, once', async () => {
    const { record, paymentId } = await unknownStay(false);
    clockOffsetMs = 16 * MIN;
    const report = await settleUnknownStayBookings(ctx(), 100);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await server.services.stayBookings.get(record.id)).toMatchObject({ status: 'failed', failureReason: 'not_found_at_provider', refundMinor: record.totalMinor });
    expect(await paymentState(paymentId)).toBe('refunded');
    expect(await refundRows(paymentId)).toBe(1);
    expect(await unrefundedMinor(server, paymentId, record.totalMinor)).toBe(0);
    expect(await settleUnknownStayBooking(ctx(), record)).toBe('unsettled'); // the stale copy: the store refuses the second move
    expect(await refundRows(paymentId)).toBe(1);
  }, 60_000);
});
