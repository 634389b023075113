import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';
import { bearer } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json, payByCard, traveller } from './booking-helpers.js';
import { holdSeat, paidSeats, priceOf, seatableOffer, type Seat } from './seat-helpers.js';

// Seats through the real Duffel adapter (its HTTP client against the local Duffel
// fake): the seat map comes from GET /air/seat_maps, and the held seat goes to
// POST /air/orders as a service the fake's order then carries.

let duffel: DuffelFake;
let server: TestServer;
let ada: Record<string, string>;

beforeAll(async () => {
  duffel = await startDuffelFake();
  server = await startTestServer({ env: { DUFFEL_ACCESS_TOKEN: 'duffel_test_fake_token', DUFFEL_BASE_URL: duffel.url, SEARCH_CACHE_TTL_S: '0' } });
  ada = await bearer(server, `user_ada_${randomBytes(4).toString('hex')}`);
}, 60_000);
afterAll(async () => {
  await server.close();
  await duffel.close();
});

describe('seats on the live Duffel adapter', () => {
  it('reads the seat map from Duffel and sends the held seat with the order as a service', async () => {
    const { offer, map } = await seatableOffer(server, 45);
    expect(duffel.requests.some((r) => r.path === '/air/seat_maps' && r.query.offer_id === map.offer_id)).toBe(true);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const seat = paidSeats(segment)[0]!;
    const held = await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: seat.designator });

    const paid = await payByCard(server, { offer_id: offer.offer_id }, ada);
    expect(Math.round(paid.amount * 100)).toBe(Math.round((offer.total.amount + priceOf(seat, pax)) * 100));
    const booking = await json<{ booking_ref: string; status: string; order_id: string }>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: ada }),
    );
    expect(booking.status).toBe('confirmed');

    // Duffel was asked for the seat service and paid fare plus seat from the balance.
    const create = duffel.requests.find((r) => r.method === 'POST' && r.path === '/air/orders')!;
    const body = JSON.parse(create.body) as { data: { services?: { id: string; quantity: number }[]; payments: { amount: string }[] } };
    expect(body.data.services).toEqual([{ id: held.service_id, quantity: 1 }]);
    expect(body.data.payments[0]!.amount).toBe((offer.total.amount + priceOf(seat, pax)).toFixed(2));
    expect(duffel.order(booking.order_id)?.services).toContainEqual(expect.objectContaining({ type: 'seat', passenger_ids: [pax], segment_ids: [segment.segment_id] }));

    const confirmed = await json<{ confirmed: Seat[] }>(await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: booking.booking_ref }, { headers: ada }));
    expect(confirmed.confirmed.map((s) => `${s.designator}:${s.status}`)).toEqual([`${seat.designator}:confirmed`]);
  });
});
