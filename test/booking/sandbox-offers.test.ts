import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/api.js';
import { connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, latestResults, searchEvents } from '../flights/search-helpers.js';
import { json, payByCard, searchOffers, traveller } from './booking-helpers.js';

// The flight sandbox behaving like Duffel: every search its own offers, a cached
// search still bookable by its second caller, and passports where the trip crosses a border.

let server: TestServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await bearer(server, 'sandbox-alice');
  bob = await bearer(server, 'sandbox-bob');
});
afterAll(async () => {
  await server.close();
});

interface BookingOut {
  booking_ref: string;
  status: string;
  order_id: string | null;
  pnr: string | null;
}

interface ResultOut {
  bookable: boolean;
  offer_id: string | null;
}

async function checkout(offerId: string, headers: Record<string, string>, passenger = traveller()): Promise<Response> {
  const paid = await payByCard(server, { offer_id: offerId }, headers);
  return server.post('/api/booking/create-offer', { offer_id: offerId, payment_intent_id: paid.id, passengers: [passenger] }, { headers });
}

describe('offer ids per search', () => {
  it('gives two searches of one trip different offer ids at the same prices', async () => {
    const body = { departure_date: daysAhead(45) };
    const [first, second] = [await searchOffers(server, body), await searchOffers(server, body)];
    const firstIds = new Set(first.map((o) => o.offer_id));
    expect(second.some((o) => firstIds.has(o.offer_id))).toBe(false);
    expect(second.map((o) => o.total)).toEqual(first.map((o) => o.total));
  });

  it('books one offer for two callers of one search each: the second is not "already booked"', async () => {
    const [offer] = await searchOffers(server, { departure_date: daysAhead(46) });
    const a = await json<BookingOut>(await checkout(offer!.offer_id, alice));
    expect(a.status).toBe('confirmed');
    // Bob's search came back the same (a shared search cache does this): the same offer id.
    const b = await json<BookingOut>(await checkout(offer!.offer_id, bob));
    expect(b.status).toBe('confirmed');
    expect(b.order_id).not.toBe(a.order_id);
    expect(b.pnr).not.toBe(a.pnr);
  });

  it('keeps a cached search result bookable for the second caller after the first books it', async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(47), passengers: 1 };
    const bookable = (rs: ResultOut[]) => rs.filter((r) => r.bookable && r.offer_id).map((r) => r.offer_id!);
    const first = bookable(latestResults<ResultOut>(await searchEvents(server, body, alice)));
    const replayed = bookable(latestResults<ResultOut>(await searchEvents(server, body, bob)));
    expect(first.length).toBeGreaterThan(0);
    // The second answer is the cache's: the very same offer ids.
    expect(new Set(replayed)).toEqual(new Set(first));
    const a = await json<BookingOut>(await checkout(first[0]!, alice));
    const b = await json<BookingOut>(await checkout(replayed[0]!, bob));
    expect([a.status, b.status]).toEqual(['confirmed', 'confirmed']);
    expect(b.order_id).not.toBe(a.order_id);
  });
});

describe('passports where the trip crosses a border', () => {
  it('refuses an international booking without a passport with a 422 naming the passenger field, and refunds', async () => {
    const [offer] = await searchOffers(server, { departure_date: daysAhead(48) });
    const { passport: _none, ...noPassport } = traveller();
    const res = await checkout(offer!.offer_id, alice, noPassport);
    const body = await json<{ detail: string; errors?: { loc: (string | number)[] }[]; detail_items?: unknown }>(res, 422);
    expect(JSON.stringify(body)).toContain('passport');
    expect(JSON.stringify(body)).toMatch(/"passengers",0,"passport"/);
    const live = await server.get(`/api/offers/${offer!.offer_id}`);
    expect(((await live.json()) as { identity_documents_required: boolean }).identity_documents_required).toBe(true);
  });

  it('books a domestic trip without a passport', async () => {
    // A nonstop: a connection through Toronto would cross a border.
    const offer = (await searchOffers(server, { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(49) })).find((o) => o.slices.every((s) => s.segments.length === 1));
    const { passport: _none, ...noPassport } = traveller();
    const booked = await json<BookingOut>(await checkout(offer!.offer_id, alice, noPassport));
    expect(booked.status).toBe('confirmed');
  });

  it('asks for the passport over MCP too, before any payment', async () => {
    const client: Client = await connectMcp(server.url, (await server.services.identity.createKey({ userId: 'sandbox-mcp', tier: 'pro' })).secret, 'vitest-sandbox');
    try {
      const [offer] = await searchOffers(server, { departure_date: daysAhead(50) });
      const { passport: _none, ...noPassport } = traveller();
      const text = await failing(client, 'quote_booking', { offerId: offer!.offer_id, passengers: [noPassport], purpose: 'book' });
      expect(text).toMatch(/passport/i);
      expect(text).toMatch(/passengers/);
    } finally {
      await client.close();
    }
  });
});
