import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, type CallResult } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, type BookingOut, type RatesOut, type SearchOut } from './hotel-helpers.js';

// The hotel tools over MCP with the official SDK client: search_hotels and
// get_hotel_rates are read-only (a read-scope key may call them), and booking
// takes two calls: quote_hotel states the price and returns a token, book_hotel
// books with it, once, as a booking of the signed-in user.

let server: TestServer;
let alice: Client;
let reader: Client;

const connect = (secret: string): Promise<Client> => connectMcp(server.url, secret, 'vitest-hotels');

beforeAll(async () => {
  server = await startTestServer();
  alice = await connect((await server.services.identity.createKey({ userId: 'mcp-hotel-alice', tier: 'pro' })).secret);
  reader = await connect((await server.services.identity.createKey({ userId: 'mcp-hotel-reader', tier: 'pro', scopes: ['read'] })).secret);
});
afterAll(async () => {
  await Promise.all([alice.close(), reader.close()]);
  await server.close();
});

interface McpQuote {
  quote_id: string;
  total: { amount: number; currency: string };
  confirmationToken: string;
  tokenExpiresAt: string;
  expires_at: string;
  payment: { paymentIntentId: string; clientSecret: string | null; processorMode: string };
}

describe('hotel tools over MCP', () => {
  it('lists search_hotels and get_hotel_rates as read-only, quote_hotel and book_hotel as writes', async () => {
    const { tools } = await alice.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['search_hotels', 'get_hotel_rates']) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
    expect(byName.get('quote_hotel')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('book_hotel')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(Object.keys(byName.get('book_hotel')?.inputSchema.properties ?? {})).toEqual(['confirmationToken']);
    expect(byName.get('book_hotel')?.description).toMatch(/card payment/);
  });

  it('searches with camelCase arguments (20 results at most), also for a read-only key', async () => {
    const out = await call<SearchOut>(reader, 'search_hotels', { city: 'London', checkIn: daysAhead(25), checkOut: daysAhead(27) });
    expect(out.count).toBeGreaterThan(0);
    expect(out.count).toBeLessThanOrEqual(20);
    expect(out.area.city).toBe('London');
    const rates = await call<RatesOut>(reader, 'get_hotel_rates', { searchResultId: out.results[0]!.search_result_id });
    expect(rates.rates.length).toBeGreaterThan(0);
    const bad = (await reader.callTool({ name: 'search_hotels', arguments: { checkIn: daysAhead(25), checkOut: daysAhead(27) } })) as CallResult;
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toMatch(/VALIDATION_FAILED/);
  });

  it('refuses quote_hotel to a read-only key (403 insufficient_scope)', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'mcp-hotel-reader2', tier: 'pro', scopes: ['read'] });
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'quote_hotel', arguments: {} } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
  });

  it('quotes, then books with the token once; the booking belongs to the caller', async () => {
    const found = await call<SearchOut>(alice, 'search_hotels', { city: 'PAR', checkIn: daysAhead(35), checkOut: daysAhead(38) });
    const { rates } = await call<RatesOut>(alice, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
    const quote = await call<McpQuote>(alice, 'quote_hotel', {
      rateId: rates[0]!.rate_id,
      guests: [{ givenName: 'Ada', familyName: 'Lovelace' }],
      email: 'ada@example.com',
      phoneNumber: '+442080160509',
    });
    expect(quote.confirmationToken).toMatch(/^hq_/);
    expect(Date.parse(quote.tokenExpiresAt) - Date.now()).toBeLessThanOrEqual(600_000);
    expect(quote.total.amount).toBeCloseTo(rates[0]!.total.amount, 2);
    // Nothing is booked by the quote; the payment it opened is Alice's, for this quote.
    expect(await server.services.stayBookings.byQuote(quote.quote_id)).toBeNull();
    expect(await server.services.payments.get(quote.payment.paymentIntentId)).toMatchObject({ payerUserId: 'mcp-hotel-alice', openedBy: 'user', purpose: 'hotel', subject: quote.quote_id, state: 'open' });

    // No booking before the guest's card payment succeeds.
    const unpaid = (await alice.callTool({ name: 'book_hotel', arguments: { confirmationToken: quote.confirmationToken } })) as CallResult;
    expect(unpaid.isError).toBe(true);
    expect(unpaid.content[0]?.text).toMatch(/^PAYMENT_REQUIRED/);
    expect(await server.services.stayBookings.byQuote(quote.quote_id)).toBeNull();
    const paid = await server.services.providers.cards.confirmPaymentIntent(quote.payment.paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay-${quote.quote_id}` }, AbortSignal.timeout(5_000));
    expect(paid.amountMinor).toBe(Math.round(quote.total.amount * 100));

    const booked = await call<BookingOut>(alice, 'book_hotel', { confirmationToken: quote.confirmationToken });
    expect(booked.status).toBe('confirmed');
    expect(booked.total.amount).toBeCloseTo(quote.total.amount, 2);
    const again = await call<BookingOut>(alice, 'book_hotel', { confirmationToken: quote.confirmationToken });
    expect(again.booking_id).toBe(booked.booking_id);
    const record = await server.services.stayBookings.get(booked.booking_id);
    expect(record).toMatchObject({ userId: 'mcp-hotel-alice', quoteId: quote.quote_id, paymentIntentId: quote.payment.paymentIntentId, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }] });
    expect(await server.services.payments.get(quote.payment.paymentIntentId)).toMatchObject({ state: 'attached', goods: { kind: 'stay_quote', id: quote.quote_id }, refundedMinor: 0 });

    // The token is bound to the caller.
    const bob = await connect((await server.services.identity.createKey({ userId: 'mcp-hotel-bob', tier: 'pro' })).secret);
    try {
      const stolen = (await bob.callTool({ name: 'book_hotel', arguments: { confirmationToken: quote.confirmationToken } })) as CallResult;
      expect(stolen.isError).toBe(true);
      expect(stolen.content[0]?.text).toMatch(/^GONE/);
    } finally {
      await bob.close();
    }
  });

  it('cancelling a stay booked over MCP refunds the card and booking.canceled says what reached it', async () => {
    const found = await call<SearchOut>(alice, 'search_hotels', { city: 'LON', checkIn: daysAhead(44), checkOut: daysAhead(46) });
    const { rates } = await call<RatesOut>(alice, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
    const quote = await call<McpQuote>(alice, 'quote_hotel', { rateId: rates[0]!.rate_id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+442080160509' });
    const id = quote.payment.paymentIntentId;
    await server.services.providers.cards.confirmPaymentIntent(id, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay-${quote.quote_id}` }, AbortSignal.timeout(5_000));
    const booked = await call<BookingOut>(alice, 'book_hotel', { confirmationToken: quote.confirmationToken });

    const key = (await server.services.identity.createKey({ userId: 'mcp-hotel-alice', tier: 'pro' })).secret;
    const res = await server.post(`/api/hotels/bookings/${booked.booking_id}/cancel`, {}, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    const out = (await res.json()) as { cancellation: { refund: { amount: number }; refunded_to_card: { amount: number; currency: string } | null } };
    expect(out.cancellation.refunded_to_card).not.toBeNull();
    const refundedMinor = Math.round(out.cancellation.refunded_to_card!.amount * 100);
    expect(refundedMinor).toBe(Math.round(out.cancellation.refund.amount * 100));
    expect(await server.services.payments.get(id)).toMatchObject({ refundedMinor });

    const [event] = (await server.services.bookings.undeliveredEvents(1000)).filter((e) => e.aggregateId === booked.booking_id && e.type === 'booking.canceled');
    expect(event?.payload).toMatchObject({
      product: 'stay',
      status: 'cancelled',
      cancellation: { refund: out.cancellation.refund, refunded_to_card: out.cancellation.refunded_to_card, refund_source: expect.stringMatching(/^(provider|timeline)$/) },
    });
  });
});
