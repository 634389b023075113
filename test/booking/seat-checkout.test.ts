import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashOffer } from '../../tools/_kit/providers.js';
import type { BookingStatus } from '../../tools/booking/store.js';
import { bearer } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookOnSimulator, json, payByCard, traveller } from './booking-helpers.js';
import { holdSeat, mySelections, paidSeats, priceOf, seatableOffer, summary, type Seat } from './seat-helpers.js';

// Held seats at checkout: each buyer pays for their own held seats only, the
// seats go to the airline with the order, and seat-confirm confirms what the
// airline's order really has.

let server: TestServer;
let ada: Record<string, string>;
let bob: Record<string, string>;
const adaId = `user_ada_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  server = await startTestServer();
  ada = await bearer(server, adaId);
  bob = await bearer(server, `user_bob_${randomBytes(4).toString('hex')}`);
}, 60_000);
afterAll(() => server.close());

async function intentAmount(offerId: string, headers: Record<string, string>): Promise<number> {
  return (await json<{ amount: number }>(await server.post('/api/booking/payment-intent', { offer_id: offerId }, { headers }))).amount;
}

const cents = (n: number) => Math.round(n * 100);

/** A booking row straight in the store, in the given state, for seat-confirm's refusals. */
async function bookingRow(offerId: string, status: BookingStatus): Promise<string> {
  const id = `bk_${randomBytes(13).toString('hex').slice(0, 26)}`;
  await server.services.bookings.create(
    {
      id, userId: adaId, agentUserId: null, channel: 'book', offerId, type: 'instant', currency: 'USD', fareMinor: 40_000, servicesMinor: 0, markupMinor: 0, totalMinor: 40_000,
      passengers: [{ slotId: 'pas_1', givenName: 'Ada', familyName: 'Lovelace', type: 'adult' }], contactEmail: null,
    },
    null,
  );
  if (status !== 'creating') await server.services.bookings.update(id, { status });
  return id;
}

describe('seats at checkout', () => {
  it('prices each buyer\'s own held seats only, sends them with the order and confirms them on it', async () => {
    const { offer, map } = await seatableOffer(server, 52);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const [adaSeat, bobSeat] = paidSeats(segment);
    const fare = offer.total.amount;
    const body = { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id };

    await holdSeat(server, ada, { ...body, designator: adaSeat!.designator });
    const adaAlone = await intentAmount(offer.offer_id, ada);
    expect(cents(adaAlone)).toBe(cents(fare) + cents(priceOf(adaSeat!, pax)));

    // Bob's hold on the same offer changes Bob's price only.
    await holdSeat(server, bob, { ...body, designator: bobSeat!.designator });
    expect(cents(await intentAmount(offer.offer_id, bob))).toBe(cents(fare) + cents(priceOf(bobSeat!, pax)));
    expect(await intentAmount(offer.offer_id, ada)).toBe(adaAlone);
    // A guest buying the same offer pays the fare: nobody's holds are theirs.
    expect(cents(await intentAmount(offer.offer_id, {}))).toBe(cents(fare));
    // Bob letting go does not move Ada's price either.
    await server.post('/api/booking/seat-release', { offer_id: offer.offer_id }, { headers: bob });
    expect(await intentAmount(offer.offer_id, ada)).toBe(adaAlone);

    // Ada pays and books: the seat rides with the order.
    const paid = await payByCard(server, { offer_id: offer.offer_id }, ada);
    expect(paid.amount).toBe(adaAlone);
    const booking = await json<{ booking_ref: string; status: string; order_id: string | null }>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: ada }),
    );
    expect(booking.status).toBe('confirmed');

    // Bob cannot see Ada's booking, so cannot confirm seats against it.
    expect((await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: booking.booking_ref }, { headers: bob })).status).toBe(404);

    const confirmed = await json<{ confirmed: Seat[] }>(await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: booking.booking_ref }, { headers: ada }));
    expect(summary(confirmed.confirmed)).toEqual([`${pax}/${segment.segment_id}=${adaSeat!.designator}:confirmed`]);
    expect(confirmed.confirmed[0]!.booking_id).toBe(booking.booking_ref);

    // The airline's order has the seat: on our order view and straight from the provider.
    const view = await json<{ order: { services: { type: string; designator?: string | null; passenger_ids: string[] }[] } }>(await server.get(`/api/booking/${booking.booking_ref}`, { headers: ada }));
    expect(view.order.services).toContainEqual(expect.objectContaining({ type: 'seat', designator: adaSeat!.designator }));
    expect(booking.order_id).toMatch(/^ord_/);
    const order = await server.services.providers.flights.getOrder(booking.order_id!, AbortSignal.timeout(10_000));
    const seatLines = order.services.filter((s) => s.type === 'seat');
    expect(seatLines).toEqual([expect.objectContaining({ designator: adaSeat!.designator, passengerIds: [pax], segmentIds: [segment.segment_id] })]);
    expect(cents(seatLines[0]!.total.amount)).toBe(cents(priceOf(adaSeat!, pax)));

    const byBooking = await json<{ selections: Seat[] }>(await server.get(`/api/booking/seat-selections/by-booking/${booking.booking_ref}`, { headers: ada }));
    expect(byBooking.selections.map((s) => s.designator)).toEqual([adaSeat!.designator]);

    // A bought seat is not replaced by holding again.
    const rehold = await server.post('/api/booking/seat-hold', { ...body, designator: bobSeat!.designator }, { headers: ada });
    expect(rehold.status).toBe(409);
  });

  it('confirms nothing the airline\'s order does not have, and refuses bookings of another offer or not yet booked', async () => {
    const { offer, map } = await seatableOffer(server, 53);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const seat = paidSeats(segment)[0]!;
    await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: seat.designator });

    // An order made without the seat (as a booking on hold, or one checked out before the hold).
    const live = await server.services.providers.flights.getOffer(map.offer_id, AbortSignal.timeout(10_000));
    const booked = await bookOnSimulator(server, live as CashOffer, { userId: adaId });
    const res = await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: booked.id }, { headers: ada });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT', details: { not_on_order: [{ passenger_slot: pax, segment_id: segment.segment_id, designator: seat.designator }] } });
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${seat.designator}:held`]);

    const otherOffer = await bookingRow('off_another', 'confirmed');
    expect((await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: otherOffer }, { headers: ada })).status).toBe(409);
    for (const status of ['creating', 'failed'] as const) {
      const id = await bookingRow(map.offer_id, status);
      const refused = await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: id }, { headers: ada });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { detail: string }).detail).toContain(status);
    }
    expect((await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: 'bk_does_not_exist' }, { headers: ada })).status).toBe(404);
    // Still held after every refusal.
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${seat.designator}:held`]);
  });
});
