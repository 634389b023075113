import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, errorText, failing, type CallResult } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { unrefundedMinor } from '../cars/car-helpers.js';
import { searchOffers, traveller, type OfferOut } from './booking-helpers.js';

// The MCP booking tools over the official SDK client with API keys: the two-step
// quote → book (no money moves in one call), holds, and the two-step cancel.

let server: TestServer;
let alice: Client;
let bob: Client;

const connect = (secret: string): Promise<Client> => connectMcp(server.url, secret, 'vitest-booking');

beforeAll(async () => {
  server = await startTestServer();
  alice = await connect((await server.services.identity.createKey({ userId: 'mcp-booker-alice', tier: 'pro' })).secret);
  bob = await connect((await server.services.identity.createKey({ userId: 'mcp-booker-bob', tier: 'pro' })).secret);
});
afterAll(async () => {
  await Promise.all([alice.close(), bob.close()]);
  await server.close();
});

interface Quote {
  confirmationToken: string;
  expiresAt: string;
  purpose: 'book' | 'hold';
  total: { amount: number; currency: string };
  breakdown: { fare: { amount: number }; extras: { amount: number }; serviceFee: { amount: number } };
  payment: { paymentIntentId: string; clientSecret: string | null; processorMode: string } | null;
}

interface Booked {
  booking_ref: string;
  status: string;
  order_id: string | null;
  pnr: string | null;
  total: { amount: number; currency: string };
  payment_required_by: string | null;
}

interface Cancel {
  bookingRef: string;
  status: string;
  refund: { amount: number; currency: string };
  refundTo: string;
  confirmationToken: string | null;
  expiresAt: string | null;
  refundedToCard: { amount: number; currency: string } | null;
}

let searchDay = 50;
async function mcpOffers(client: Client, route: { origin: string; destination: string; cabinClass?: string } = { origin: 'JFK', destination: 'LHR' }): Promise<OfferOut[]> {
  const out = await call<{ mode: string; offers: OfferOut[] }>(client, 'search_offers', { ...route, date: daysAhead(searchDay++), limit: 30 });
  expect(out.mode).toBe('search');
  expect(out.offers.length).toBeGreaterThan(0);
  return out.offers;
}

const payCard = (paymentIntentId: string) =>
  server.services.providers.cards.confirmPaymentIntent(paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${paymentIntentId}` }, AbortSignal.timeout(5_000));

async function quoteAndBook(client: Client, offer: OfferOut): Promise<{ quote: Quote; booked: Booked }> {
  const quote = await call<Quote>(client, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'book' });
  await payCard(quote.payment!.paymentIntentId);
  const booked = await call<Booked>(client, 'book_flight', { confirmationToken: quote.confirmationToken });
  return { quote, booked };
}

describe('MCP booking tools', () => {
  it('are listed as writes, and book/hold/cancel as destructive', async () => {
    const { tools } = await alice.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['search_offers', 'quote_booking', 'book_flight', 'hold_flight', 'cancel_booking']) {
      expect(byName.get(name), name).toBeDefined();
      expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(false);
    }
    for (const name of ['book_flight', 'hold_flight', 'cancel_booking']) expect(byName.get(name)?.annotations?.destructiveHint, name).toBe(true);
    expect(byName.get('quote_booking')?.annotations?.destructiveHint).toBe(false);
    expect(Object.keys(byName.get('book_flight')?.inputSchema.properties ?? {})).toEqual(['confirmationToken']);
  });

  it('refuses quote_booking to a key with only the read scope (403 insufficient_scope)', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'mcp-reader', tier: 'pro', scopes: ['read'] });
    const rpc = (id: number, name: string, args: Record<string, unknown>) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
    const denied = await rpc(1, 'quote_booking', { offerId: 'duffel:off_x', passengers: [traveller()] });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(denied.headers.get('www-authenticate')).toContain('book');
    // The same key may still use read tools: the 403 is about the scope, not the key.
    const allowed = await rpc(2, 'suggest_places', { query: 'LIS' });
    expect(allowed.status).toBe(200);
  });

  it('quotes, refuses to book before the card is paid, books once paid, and answers a repeat with the same booking', async () => {
    const offer = (await mcpOffers(alice))[0]!;
    const quote = await call<Quote>(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'book' });
    expect(quote.purpose).toBe('book');
    expect(quote.confirmationToken).toMatch(/^bq_/);
    expect(Date.parse(quote.expiresAt)).toBeGreaterThan(Date.now());
    expect(quote.total).toEqual({ amount: offer.total.amount, currency: offer.total.currency });
    expect(quote.payment).toMatchObject({ processorMode: 'simulator', paymentIntentId: expect.stringMatching(/^pi_/) as unknown });
    const piId = quote.payment!.paymentIntentId;

    // Quoting moved no money and booked nothing; the payment it opened is Alice's, for this offer only.
    expect(await server.services.bookings.payment(piId)).toBeNull();
    expect(await server.services.payments.get(piId)).toMatchObject({ payerUserId: 'mcp-booker-alice', openedBy: 'user', purpose: 'order', subject: offer.offer_id.replace(/^duffel:/, ''), state: 'open' });
    const unpaid = await failing(alice, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(unpaid).toMatch(/^PAYMENT_REQUIRED: /);
    expect(unpaid).toContain('has not succeeded');
    expect(await server.services.bookings.payment(piId)).toBeNull();

    const paid = await payCard(piId);
    // Paying authorizes the card; booking charges it.
    expect(paid.status).toBe('requires_capture');
    const booked = await call<Booked>(alice, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(booked.status).toBe('confirmed');
    expect((await server.services.providers.cards.retrievePaymentIntent(piId, AbortSignal.timeout(5_000))).status).toBe('succeeded');
    expect(booked.booking_ref).toMatch(/^bk_/);
    expect(booked.order_id).toMatch(/^ord_/);
    expect(booked.total).toEqual(quote.total);

    // The same token again: the same booking, never a second order.
    const again = await call<Booked>(alice, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(again.booking_ref).toBe(booked.booking_ref);
    expect(again.order_id).toBe(booked.order_id);
    const record = await server.services.bookings.get(booked.booking_ref);
    expect(record).toMatchObject({ userId: 'mcp-booker-alice', channel: 'mcp', status: 'confirmed' });
    expect(await server.services.bookings.payment(piId)).toMatchObject({ bookingId: booked.booking_ref, purpose: 'order', status: 'used' });
    expect(await server.services.payments.get(piId)).toMatchObject({ state: 'attached', goods: { kind: 'flight_booking', id: booked.booking_ref }, refundedMinor: 0 });
    const events = await server.services.bookings.undeliveredEvents(1000);
    expect(events.filter((e) => e.type === 'booking.created' && e.aggregateId === booked.booking_ref)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'payment.completed' && e.aggregateId === piId)).toHaveLength(1);
    // Alice's only booking so far: the repeat made no second one.
    const mcpBookings = events.filter((e) => e.type === 'booking.created' && e.userId === 'mcp-booker-alice');
    expect(mcpBookings.map((e) => e.aggregateId)).toEqual([booked.booking_ref]);
  });

  it('makes one order when book_flight is called twice at once with the same token', async () => {
    const offer = (await mcpOffers(bob))[2]!;
    const quote = await call<Quote>(bob, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()] });
    await payCard(quote.payment!.paymentIntentId);
    const both = (await Promise.all([1, 2].map(() => bob.callTool({ name: 'book_flight', arguments: { confirmationToken: quote.confirmationToken } })))) as CallResult[];
    const ok = both.filter((r) => !r.isError).map((r) => r.structuredContent as unknown as Booked);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const ref = ok[0]!.booking_ref;
    for (const b of ok) expect(b.booking_ref).toBe(ref);
    // The loser of the race may be told the payment is taken, naming the winner's booking.
    for (const r of both.filter((x) => x.isError)) expect(errorText(r)).toContain(ref);
    const events = await server.services.bookings.undeliveredEvents(1000);
    expect(events.filter((e) => e.type === 'booking.created' && e.userId === 'mcp-booker-bob').map((e) => e.aggregateId)).toEqual([ref]);
    expect(await server.services.bookings.payment(quote.payment!.paymentIntentId)).toMatchObject({ bookingId: ref });
  });

  it('answers an unknown token, or one of another user, with an error and books nothing', async () => {
    const unknown = await failing(alice, 'book_flight', { confirmationToken: 'bq_doesnotexist0000000000' });
    expect(unknown).toMatch(/^GONE: /);
    expect(await failing(alice, 'hold_flight', { confirmationToken: 'bq_doesnotexist0000000000' })).toMatch(/^GONE: /);

    const offer = (await mcpOffers(alice))[1]!;
    const quote = await call<Quote>(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()] });
    await payCard(quote.payment!.paymentIntentId);
    // Bob holds Alice's token: to him it is as unknown as any other.
    expect(await failing(bob, 'book_flight', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);
    expect(await server.services.bookings.payment(quote.payment!.paymentIntentId)).toBeNull();
    // A book token is not a hold token.
    expect(await failing(alice, 'hold_flight', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);
    // Expired after Alice paid: too late to book, and her card is never charged (the authorization is released).
    const key = `mcp-quote:${quote.confirmationToken}`;
    const entry = (await server.services.cache.get<{ expiresAtMs: number }>(key))!;
    await server.services.cache.set(key, { ...entry, expiresAtMs: Date.now() - 1000 }, 3600);
    // Bob still learns nothing from it, and his call gives nothing back.
    expect(await failing(bob, 'book_flight', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);
    const paidMinor = Math.round(quote.total.amount * 100);
    expect(await server.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'open', refundedMinor: 0 });
    const expired = await failing(alice, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(expired).toMatch(/^GONE: /);
    expect(expired).toContain('expired');
    expect(expired).toContain('Your card was not charged: the hold on it has been released.');
    expect(expired).toContain('"card_charged":false');
    expect(await unrefundedMinor(server, quote.payment!.paymentIntentId, paidMinor)).toBe(0);
    expect(await server.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'void', refundedMinor: 0 });
    expect(await server.services.bookings.payment(quote.payment!.paymentIntentId)).toBeNull();
    // Asking again refunds nothing twice; once the entry is gone too, the token is simply unknown.
    expect(await failing(alice, 'book_flight', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);
    await server.services.cache.delete(key);
    expect(await failing(alice, 'book_flight', { confirmationToken: quote.confirmationToken })).toMatch(/^GONE: /);
    expect(await server.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'void', refundedMinor: 0 });
  });

  it('holds a fare that allows it, without payment, until payment_required_by', async () => {
    const offer = (await mcpOffers(alice)).find((o) => o.can_hold === true);
    if (!offer) throw new Error('the simulator offered no fare that can be held');
    const quote = await call<Quote>(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'hold' });
    expect(quote.purpose).toBe('hold');
    expect(quote.payment).toBeNull();
    expect(quote.confirmationToken).toMatch(/^bq_/);

    const held = await call<Booked>(alice, 'hold_flight', { confirmationToken: quote.confirmationToken });
    expect(held.status).toBe('hold');
    expect(held.payment_required_by).not.toBeNull();
    expect(Date.parse(held.payment_required_by!)).toBeGreaterThan(Date.now());
    expect(held.order_id).toMatch(/^ord_/);
    const again = await call<Booked>(alice, 'hold_flight', { confirmationToken: quote.confirmationToken });
    expect(again.booking_ref).toBe(held.booking_ref);
    expect(await server.services.bookings.payments(held.booking_ref)).toEqual([]);
  });

  it('refuses a hold quote on a fare that must be paid at once', async () => {
    // Low-cost carriers (easyJet, Vueling between Gatwick and Barcelona) sell instant-payment fares only.
    const offer = (await mcpOffers(alice, { origin: 'LGW', destination: 'BCN' })).find((o) => o.can_hold === false);
    if (!offer) throw new Error('the simulator offered no instant-payment fare');
    // Refused at the quote already, so the agent never holds a token it cannot use.
    const refused = await failing(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'hold' });
    expect(refused).toMatch(/^CONFLICT: /);
    expect(refused).toContain('cannot be held');
  });

  it('cancels in two steps: a refund quote with a token, then the cancellation with a refund to the card', async () => {
    // Flexible fares sit at the top of the cabin, past the 30 offers MCP lists: found over REST (up to 100), booked over MCP.
    const offer = (await searchOffers(server, { cabin_class: 'business', departure_date: daysAhead(searchDay++) })).find((o) => o.refundable === true);
    if (!offer) throw new Error('the simulator offered no refundable fare');
    const { quote, booked } = await quoteAndBook(alice, offer);
    expect(booked.status).toBe('confirmed');

    // Bob cannot even see it.
    expect(await failing(bob, 'cancel_booking', { bookingRef: booked.booking_ref })).toMatch(/^NOT_FOUND: /);

    const first = await call<Cancel>(alice, 'cancel_booking', { bookingRef: booked.booking_ref });
    expect(first.confirmationToken).toMatch(/^cq_/);
    expect(first.refundedToCard).toBeNull();
    expect(first.refund.currency).toBe(booked.total.currency);
    expect((await server.services.bookings.get(booked.booking_ref))?.status).toBe('confirmed');

    // Bob with Alice's token still gets nothing.
    expect(await failing(bob, 'cancel_booking', { bookingRef: booked.booking_ref, confirmationToken: first.confirmationToken! })).toMatch(/^NOT_FOUND: /);

    const done = await call<Cancel>(alice, 'cancel_booking', { bookingRef: booked.booking_ref, confirmationToken: first.confirmationToken! });
    expect(done.status).toBe('cancelled');
    expect(done.confirmationToken).toBeNull();
    expect(done.refundedToCard).not.toBeNull();
    expect(done.refundedToCard!.currency).toBe(booked.total.currency);
    // A refundable fare gives money back; the card gets what the airline refunds (never more than was paid).
    expect(first.refund.amount).toBeGreaterThan(0);
    expect(done.refundedToCard!.amount).toBeCloseTo(Math.min(done.refund.amount, quote.total.amount), 2);
    expect(done.refundedToCard!.amount).toBeGreaterThan(0);
    const payment = await server.services.bookings.payment(quote.payment!.paymentIntentId);
    expect(payment!.refundedMinor).toBe(Math.round(done.refundedToCard!.amount * 100));
    expect((await server.services.bookings.get(booked.booking_ref))?.status).toBe('cancelled');

    // The token is spent with the booking: cancelling again is refused.
    const twice = await failing(alice, 'cancel_booking', { bookingRef: booked.booking_ref, confirmationToken: first.confirmationToken! });
    expect(twice).toMatch(/^CONFLICT: /);
  });
});
