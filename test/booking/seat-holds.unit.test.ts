import { describe, expect, it } from 'vitest';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import { createOfferTool } from '../../tools/booking/book/create-offer.js';
import { SEAT_HOLD_LAPSE_MS } from '../../tools/booking/seats/hold-lapse.js';
import { seatHoldTool } from '../../tools/booking/seats/seat-hold.js';
import { seatMapTool } from '../../tools/booking/seats/seat-map.js';
import { seatReleaseTool } from '../../tools/booking/seats/seat-release.js';
import { seatSelectionsTool } from '../../tools/booking/seats/seat-selections.js';
import { testContext, testUser, type TestContext } from '../kit/test-context.js';
import { paidSeats, seatsOf, type SeatMapsOut } from './seat-helpers.js';

// Seat holds on the in-memory seat store (test/kit/memory/seats.ts), through the seat
// tools on simulated offers: one selection per passenger and leg, one holder per seat
// of a flight, holds that lapse for others after 30 minutes, bought seats that never do.
// The same over HTTP and the database: seats.test.ts, seat-lapse.test.ts, seats-concurrency.test.ts.

const DEPART = '2027-04-14';

/** The first offer, from a search as `ctx`'s caller, whose fare lets seats be chosen, with paid seats on its first leg. */
async function seatableOffer(ctx: TestContext): Promise<SeatMapsOut> {
  const { offers } = (await invokeUnary(createOfferTool, ctx, { origin: 'JFK', destination: 'LHR', departure_date: DEPART, limit: 100 })) as { offers: { offer_id: string }[] };
  for (const offer of offers) {
    const map = (await invokeUnary(seatMapTool, ctx, { offer_id: offer.offer_id })) as SeatMapsOut;
    const first = map.seat_maps[0];
    if (first && map.seat_maps.every((m) => m.advance_seat_selection !== false) && paidSeats(first).length >= 4) return map;
  }
  throw new Error('no offer lets seats be chosen');
}

const summary = (seats: { passenger_slot: string; designator: string; status: string }[]) => seats.map((s) => `${s.passenger_slot}=${s.designator}:${s.status}`);

describe('seat holds in memory', () => {
  it('holds a seat at the map\'s price, replaces it, lists it, releases it and holds again', async () => {
    const ada = testContext({ principal: testUser('usr_ada') });
    const map = await seatableOffer(ada);
    const leg = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const [a, b] = paidSeats(leg);
    const hold = (designator: string) => invokeUnary(seatHoldTool, ada, { offer_id: map.offer_id, passenger_slot: pax, segment_id: leg.segment_id, designator });

    expect(await hold(a!.designator!)).toMatchObject({ designator: a!.designator, service_id: a!.available_services![0]!.id, price: a!.available_services![0]!.price, status: 'held', held_at: ada.clock().toISOString() });
    ada.clock.advance(60_000);
    expect(await hold(b!.designator!)).toMatchObject({ designator: b!.designator, service_id: b!.available_services![0]!.id, held_at: ada.clock().toISOString() });
    const mine = () => invokeUnary(seatSelectionsTool, ada, { offer_id: map.offer_id });
    expect(summary((await mine()).selections)).toEqual([`${pax}=${b!.designator}:held`]);

    const released = await invokeUnary(seatReleaseTool, ada, { offer_id: map.offer_id });
    expect(summary(released.released)).toEqual([`${pax}=${b!.designator}:released`]);
    // Nothing held now: a second release changes nothing; the row stays, marked released.
    expect((await invokeUnary(seatReleaseTool, ada, { offer_id: map.offer_id })).released).toEqual([]);
    expect(summary((await mine()).selections)).toEqual([`${pax}=${b!.designator}:released`]);
    expect(await hold(a!.designator!)).toMatchObject({ status: 'held', released_at: null });
    // Another traveller holds nothing here: a release is a 404 for them.
    await expect(invokeUnary(seatReleaseTool, ada.as(testUser('usr_bob')), { offer_id: map.offer_id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives a seat one holder per flight until the hold lapses, then to whoever holds it next', async () => {
    const ada = testContext({ principal: testUser('usr_ada') });
    const bob = ada.as(testUser('usr_bob'));
    const map = await seatableOffer(ada);
    const leg = map.seat_maps[0]!;
    const seat = paidSeats(leg)[0]!.designator!;
    const holdAs = (ctx: TestContext, m: SeatMapsOut) => invokeUnary(seatHoldTool, ctx, { offer_id: m.offer_id, passenger_slot: m.passengers[0]!.id, segment_id: m.seat_maps[0]!.segment_id, designator: seat });
    await holdAs(ada, map);

    // Bob sees it taken, and holding it anyway is refused naming the seat.
    const bobsMap = (await invokeUnary(seatMapTool, bob, { offer_id: map.offer_id })) as SeatMapsOut;
    expect(seatsOf(bobsMap.seat_maps[0]!).find((s) => s.designator === seat)?.available).toBe(false);
    await expect(holdAs(bob, map)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ loc: ['body', 'designator'] }] });
    // Ada's other passenger slot on the same flight cannot sit there either (the store's seat key, below the map).
    expect(await ada.services.seats.hold({ offerId: map.offer_id, userId: 'usr_ada', passengerSlot: 'pas_other', segmentId: leg.segment_id, flightKey: ada.stores.seats.rows[0]!.flightKey, designator: seat, serviceId: null, price: null }, new Date(0)))
      .toEqual({ ok: false, reason: 'seat_taken' });

    // Past the lapse the seat is Bob's to take, on a fresh offer for the same flight; Ada's hold is released.
    ada.clock.advance(SEAT_HOLD_LAPSE_MS + 1_000);
    const fresh = await seatableOffer(bob);
    expect(fresh.seat_maps[0]!.flight).toBe(leg.flight);
    expect(await holdAs(bob, fresh)).toMatchObject({ designator: seat, status: 'held' });
    expect(summary((await invokeUnary(seatSelectionsTool, ada, { offer_id: map.offer_id })).selections)).toEqual([`${map.passengers[0]!.id}=${seat}:released`]);
    expect((await invokeUnary(seatSelectionsTool, ada, { offer_id: map.offer_id })).selections[0]?.released_at).toBe(ada.clock().toISOString());
  });

  it('keeps a bought seat: never lapses, is not released, and is not replaced by a new hold', async () => {
    const ctx = testContext({ principal: testUser('usr_ada') });
    const seats = ctx.services.seats;
    const hold = (designator: string, userId = 'usr_ada', serviceId: string | null = `ase_${designator}`) =>
      seats.hold({ offerId: 'off_1', userId, passengerSlot: 'pas_1', segmentId: 'seg_1', flightKey: 'BA117|2027-04-14T18:00', designator, serviceId, price: { amount: 25.5, currency: 'usd' } }, new Date(ctx.clock().getTime() - SEAT_HOLD_LAPSE_MS));
    expect(await hold('12A')).toMatchObject({ ok: true, seat: { price: { amount: 25.5, currency: 'USD' } } });
    expect(await seats.confirm('off_1', 'usr_ada', 'bk_1', [])).toEqual([]);
    expect(await seats.confirm('off_1', 'usr_ada', 'bk_1', ['ase_other'])).toEqual([]);
    expect(await seats.confirm('off_1', 'usr_ada', 'bk_1', ['ase_12A'])).toMatchObject([{ designator: '12A', status: 'confirmed', bookingId: 'bk_1', confirmedAt: ctx.clock().toISOString() }]);

    expect(await hold('14C')).toEqual({ ok: false, reason: 'already_confirmed' });
    expect(await seats.release('off_1', 'usr_ada')).toEqual([]);
    expect(await seats.confirmedForBooking('bk_1')).toMatchObject([{ designator: '12A', status: 'confirmed' }]);
    ctx.clock.advance(10 * SEAT_HOLD_LAPSE_MS);
    const lapsedBefore = new Date(ctx.clock().getTime() - SEAT_HOLD_LAPSE_MS);
    expect(await seats.takenOnFlights(['BA117|2027-04-14T18:00'], 'usr_bob', lapsedBefore)).toEqual([{ flightKey: 'BA117|2027-04-14T18:00', designator: '12A' }]);
    // Its own holder is not kept from it; nobody else gets it.
    expect(await seats.takenOnFlights(['BA117|2027-04-14T18:00'], 'usr_ada', lapsedBefore)).toEqual([]);
    expect(await hold('12A', 'usr_bob')).toEqual({ ok: false, reason: 'seat_taken' });
  });
});
