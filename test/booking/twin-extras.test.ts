import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { json, payByCard, searchOffers, traveller } from './booking-helpers.js';

// The twin rebook with extras (issue 23): two callers of one (cached) search hold
// the same offer ids; once the first books, the offer request is spent, and the
// second caller's checkout books the fresh twin with the same checked bag and seat
// at the same prices, under the twin's own service ids.

let server: TestServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await bearer(server, 'twin-extras-alice');
  bob = await bearer(server, 'twin-extras-bob');
});
afterAll(async () => {
  await server.close();
});

interface BookingView {
  booking_ref: string;
  status: string;
  order_id: string | null;
  totals: { total: number; services: number };
  order: { services: { type: string; designator: string | null; total: { amount: number } }[] } | null;
}

const bare = (offerId: string) => offerId.replace(/^duffel:/, '');

async function paidSeat(offerId: string): Promise<{ segmentId: string; designator: string; passengerId: string; price: number }> {
  const maps = await server.services.providers.flights.getSeatMaps(bare(offerId), AbortSignal.timeout(10_000));
  for (const map of maps) {
    for (const el of map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))) {
      const svc = el.services?.[0];
      if (el.type === 'seat' && el.available && el.designator && svc && svc.price.amount > 0) return { segmentId: map.segmentId, designator: el.designator, passengerId: svc.passengerId, price: svc.price.amount };
    }
  }
  throw new Error('no paid seat on sale');
}

describe('twin rebook with extras', () => {
  it('books the twin with the same bag and seat when the offer was spent by another caller', async () => {
    // The cheapest offer with a checked bag on sale and a paid seat Bob may choose now (basic fares may not).
    const offers = await searchOffers(server, { departure_date: daysAhead(53) });
    let found: { offer: (typeof offers)[number]; bag: { id: string; price: { amount: number } }; seat: Awaited<ReturnType<typeof paidSeat>> } | null = null;
    for (const candidate of offers) {
      const live = await server.services.providers.flights.getOffer(bare(candidate.offer_id), AbortSignal.timeout(10_000));
      const bag = live.availableServices?.find((s) => s.type === 'baggage' && s.baggage?.kind === 'checked');
      if (!bag) continue;
      const seat = await paidSeat(candidate.offer_id).catch(() => null);
      if (!seat) continue;
      const held = await server.post('/api/booking/seat-hold', { offer_id: candidate.offer_id, passenger_slot: seat.passengerId, segment_id: seat.segmentId, designator: seat.designator }, { headers: bob });
      if (held.status !== 200) continue;
      found = { offer: candidate, bag, seat };
      break;
    }
    expect(found, 'an offer with a bag and a seat to choose').not.toBeNull();
    const { offer, bag, seat } = found!;

    // Bob pays for fare + bag + seat; Alice books the same offer first.
    const services = [{ id: bag!.id, quantity: 1 }];
    const bobPaid = await payByCard(server, { offer_id: offer.offer_id, services }, bob);
    const alicePaid = await payByCard(server, { offer_id: offer.offer_id }, alice);
    const first = await json<BookingView>(await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: alicePaid.id, passengers: [traveller()] }, { headers: alice }));
    expect(first.status).toBe('confirmed');

    const res = await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: bobPaid.id, passengers: [traveller()], services }, { headers: bob });
    expect(res.status, await res.clone().text()).toBe(200);
    const second = (await res.json()) as BookingView;
    expect(second.status).toBe('confirmed');
    expect(second.order_id).not.toBe(first.order_id);
    const view = await json<BookingView>(await server.get(`/api/booking/${second.booking_ref}`, { headers: bob }));
    const lines = view.order!.services;
    expect(lines.filter((l) => l.type === 'baggage')).toHaveLength(1);
    expect(lines.find((l) => l.type === 'baggage')!.total.amount).toBe(bag!.price.amount);
    expect(lines).toContainEqual(expect.objectContaining({ type: 'seat', designator: seat.designator }));
    // The same money: what Bob paid is what the order cost him.
    expect(view.totals.total).toBeCloseTo(bobPaid.amount, 2);
    expect(view.totals.services).toBeCloseTo(bag!.price.amount + seat.price, 2);
  });
});
