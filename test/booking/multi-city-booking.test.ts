import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, latestResults, searchEvents } from '../flights/search-helpers.js';
import { payByCard, traveller } from './booking-helpers.js';

// A multi-city trip from search to booking (issue 23): the open-jaw offer a search
// streams is quoted, paid by test card and booked on the simulators, and the
// booking shows every slice, over REST and over MCP.

let server: TestServer;
let client: Client;
const me = { authorization: '' };

beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'multi-city-booker', tier: 'pro' });
  me.authorization = `Bearer ${secret}`;
  client = await connectMcp(server.url, secret, 'vitest-multi-city');
});
afterAll(async () => {
  await client.close();
  await server.close();
});

interface Result {
  offer_id: string | null;
  bookable: boolean;
  slices: { origin: string; destination: string }[];
}
interface BookingOut {
  booking_ref: string;
  status: string;
  order: { slices: { origin: string; destination: string }[] } | null;
}

const route = (b: BookingOut) => b.order!.slices.map((s) => `${s.origin}-${s.destination}`);

describe('multi-city booking', () => {
  it('books an open-jaw offer from a REST search and shows both slices', async () => {
    const slices = [
      { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(44) },
      { origin: 'CDG', destination: 'JFK', departure_date: daysAhead(52) },
    ];
    const results = latestResults<Result>(await searchEvents(server, { slices, search_type: 'cash' }, me));
    const offer = results.find((r) => r.bookable && r.offer_id?.startsWith('duffel:'));
    expect(offer, 'a bookable Duffel offer').toBeDefined();
    expect(offer!.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['JFK-LHR', 'CDG-JFK']);
    const got = await server.get(`/api/offers/${offer!.offer_id}`, { headers: me });
    expect(got.status, await got.clone().text()).toBe(200);
    const paid = await payByCard(server, { offer_id: offer!.offer_id }, me);
    const res = await server.post('/api/booking/create-offer', { offer_id: offer!.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: me });
    expect(res.status, await res.clone().text()).toBe(200);
    const booking = (await res.json()) as BookingOut;
    expect(booking.status).toBe('confirmed');
    const view = await server.get(`/api/booking/${booking.booking_ref}`, { headers: me });
    expect(view.status, await view.clone().text()).toBe(200);
    expect(route((await view.json()) as BookingOut)).toEqual(['JFK-LHR', 'CDG-JFK']);
  });

  it('books a three-city trip over MCP: search_flights, quote_booking, card payment, book_flight, manage_booking', async () => {
    const slices = [
      { origin: 'JFK', destination: 'LHR', date: daysAhead(45) },
      { origin: 'LHR', destination: 'CDG', date: daysAhead(49) },
      { origin: 'CDG', destination: 'JFK', date: daysAhead(55) },
    ];
    const out = await call<{ results: unknown[]; cheapestBookable: { id: string; offerId: string; price: number } | null }>(client, 'search_flights', { slices, searchType: 'cash', limit: 20 });
    // Google Flights' mixed legs are often cheaper and unbookable: the answer names the cheapest offer that can be booked.
    const offer = out.cheapestBookable;
    expect(offer?.offerId).toMatch(/^duffel:off_/);
    const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(client, 'quote_booking', { offerId: offer!.offerId, passengers: [traveller()], purpose: 'book' });
    await server.services.providers.cards.confirmPaymentIntent(quote.payment.paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${quote.payment.paymentIntentId}` }, AbortSignal.timeout(5_000));
    const booked = await call<{ booking_ref: string; status: string }>(client, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(booked.status).toBe('confirmed');
    const view = await call<{ booking: BookingOut }>(client, 'manage_booking', { action: 'get', bookingRef: booked.booking_ref });
    expect(route(view.booking)).toEqual(['JFK-LHR', 'LHR-CDG', 'CDG-JFK']);
  });
});
