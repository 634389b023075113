import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { driver, period, type CarBookingOut, type RateOut } from './car-helpers.js';

// The MCP car tools over the official SDK client with API keys: search_cars is
// read-only; booking is the two-step quote_car → book_car (no money moves in one
// call) for both flows, and a repeat answers the same booking.

let server: TestServer;
let alice: Client;
let bob: Client;

const connect = (secret: string): Promise<Client> => connectMcp(server.url, secret, 'vitest-cars');

beforeAll(async () => {
  server = await startTestServer();
  alice = await connect((await server.services.identity.createKey({ userId: 'mcp-car-alice', tier: 'pro' })).secret);
  bob = await connect((await server.services.identity.createKey({ userId: 'mcp-car-bob', tier: 'pro' })).secret);
});
afterAll(async () => {
  await Promise.all([alice.close(), bob.close()]);
  await server.close();
});

interface CarQuote {
  confirmationToken: string;
  expiresAt: string;
  flow: 'legacy' | 'partner';
  total: { amount: number; currency: string };
  rentalDueAtCounter: { amount: number };
  breakdown: { rental: { amount: number } | null; serviceFee: { amount: number }; addOns: { amount: number } };
  payment: { paymentIntentId: string; clientSecret: string | null; processorMode: string };
}

const payCard = (id: string) => server.services.providers.cards.confirmPaymentIntent(id, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${id}` }, AbortSignal.timeout(5_000));

async function searchCars(client: Client, start: number): Promise<RateOut[]> {
  const p = period(start, 4);
  const out = await call<{ rates: RateOut[]; total_found: number }>(client, 'search_cars', { pick_up: { place: 'MIA', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 40 });
  expect(out.rates.length).toBeGreaterThan(0);
  expect(out.rates.length).toBeLessThanOrEqual(25);
  expect(out.total_found).toBeGreaterThanOrEqual(out.rates.length);
  return out.rates;
}

describe('MCP car tools', () => {
  it('lists search_cars as read-only and quote_car/book_car as writes', async () => {
    const { tools } = await alice.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('search_cars')?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get('quote_car')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('book_car')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(Object.keys(byName.get('book_car')?.inputSchema.properties ?? {})).toEqual(['confirmationToken']);
  });

  it('lets a read-only key search but not quote (403 insufficient_scope)', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'mcp-car-reader', tier: 'pro', scopes: ['read'] });
    const rpc = (id: number, name: string, args: Record<string, unknown>) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
    const p = period(50, 2);
    expect((await rpc(1, 'search_cars', { pick_up: { place: 'MIA', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 40 })).status).toBe(200);
    const denied = await rpc(2, 'quote_car', { offerToken: 'car:x', driver: driver() });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('insufficient_scope');
  });

  it('books a counter-paid rate in two steps, and answers a repeat with the same booking', async () => {
    const rate = (await searchCars(alice, 51)).find((r) => r.flow === 'legacy')!;
    const quote = await call<CarQuote>(alice, 'quote_car', { offerToken: rate.offer_token, driver: driver(), addOns: [{ code: 'additional_driver', quantity: 1 }] });
    expect(quote.confirmationToken).toMatch(/^carq_/);
    expect(quote.flow).toBe('legacy');
    expect(quote.rentalDueAtCounter.amount).toBe(rate.total.amount);
    expect(quote.breakdown.addOns.amount).toBeGreaterThan(0);
    expect(quote.total.amount).toBeCloseTo(quote.breakdown.serviceFee.amount + quote.breakdown.addOns.amount, 2);

    // The payment quote_car opened is Alice's, for the rental fee of this rate.
    expect(await server.services.payments.get(quote.payment.paymentIntentId)).toMatchObject({ payerUserId: 'mcp-car-alice', openedBy: 'user', purpose: 'car_service_fee', state: 'open', amountMinor: Math.round(quote.total.amount * 100) });
    // Nothing is booked before the card is paid.
    expect(await failing(alice, 'book_car', { confirmationToken: quote.confirmationToken })).toMatch(/^PAYMENT_REQUIRED: /);
    expect(await server.services.carBookings.byPayment(quote.payment.paymentIntentId)).toBeNull();
    // Another user cannot use the token.
    expect(await failing(bob, 'book_car', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);

    await payCard(quote.payment.paymentIntentId);
    const booked = await call<CarBookingOut>(alice, 'book_car', { confirmationToken: quote.confirmationToken });
    expect(booked).toMatchObject({ status: 'confirmed', flow: 'legacy', charged: quote.total });
    const again = await call<CarBookingOut>(alice, 'book_car', { confirmationToken: quote.confirmationToken });
    expect(again.booking_id).toBe(booked.booking_id);
    expect(await server.services.carBookings.get(booked.booking_id)).toMatchObject({ userId: 'mcp-car-alice', status: 'confirmed' });
    expect(await server.services.payments.get(quote.payment.paymentIntentId)).toMatchObject({ state: 'attached', goods: { kind: 'car_booking', id: booked.booking_id }, refundedMinor: 0 });
    const created = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.type === 'booking.created' && e.userId === 'mcp-car-alice');
    expect(created.map((e) => e.aggregateId)).toEqual([booked.booking_id]);
  });

  it('books a partner deal in two steps, charging rental plus margin', async () => {
    const rate = (await searchCars(bob, 52)).find((r) => r.flow === 'partner')!;
    expect(await failing(bob, 'quote_car', { offerToken: rate.offer_token, driver: driver(), addOns: [{ code: 'gps' }] })).toMatch(/^UNPROCESSABLE: /);
    const quote = await call<CarQuote>(bob, 'quote_car', { offerToken: rate.offer_token, driver: driver() });
    expect(quote.flow).toBe('partner');
    expect(quote.rentalDueAtCounter.amount).toBe(0);
    expect(quote.total.amount).toBeCloseTo(quote.breakdown.rental!.amount + quote.breakdown.serviceFee.amount, 2);
    await payCard(quote.payment.paymentIntentId);
    const booked = await call<CarBookingOut>(bob, 'book_car', { confirmationToken: quote.confirmationToken });
    expect(booked).toMatchObject({ status: 'confirmed', flow: 'partner', charged: quote.total });
    const again = await call<CarBookingOut>(bob, 'book_car', { confirmationToken: quote.confirmationToken });
    expect(again.booking_id).toBe(booked.booking_id);
    expect(await server.services.payments.get(quote.payment.paymentIntentId)).toMatchObject({ payerUserId: 'mcp-car-bob', openedBy: 'user', purpose: 'car_partner_rental', state: 'attached', goods: { kind: 'car_booking', id: booked.booking_id } });
  });
});
