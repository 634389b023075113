import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/api.js';
import { call, connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { holdSeat, mySelections, paidSeats, seatableOffer, seatlessOffer, seatMap, seatsOf, summary, type Seat, type SeatMapsOut } from './seat-helpers.js';

// Seat maps and seat holds over HTTP, on the real server, database and Duffel
// simulator: holds are checked against the offer and its seat map, and belong to
// the signed-in user who made them.

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

type Detail = { detail: { loc: (string | number)[]; msg: string }[] };

describe('seat map', () => {
  it('answers for a simulated offer: one map per segment with rows, designators, availability and per-passenger prices', async () => {
    const { offer, map } = await seatableOffer(server, 41, { adults: 2 });
    expect(map.offer_id).toBe(offer.offer_id.replace(/^duffel:/, ''));
    expect(map.passengers.map((p) => p.id)).toEqual(offer.passengers.map((p) => p.id));
    const segments = offer.slices.reduce((n, s) => n + s.segments.length, 0);
    expect(map.seat_maps).toHaveLength(segments);
    expect(map.seat_maps.map((m) => m.flight)).toEqual(offer.slices.flatMap((s) => s.segments.map((g) => g.flight)));

    const first = map.seat_maps[0]!;
    expect(first.cabins[0]!.rows.length).toBeGreaterThan(10);
    const seats = seatsOf(first);
    for (const seat of seats) expect(seat.designator).toMatch(/^\d{1,3}[A-K]$/);
    const open = seats.filter((s) => s.available);
    const taken = seats.filter((s) => !s.available);
    expect(open.length).toBeGreaterThan(0);
    expect(taken.length).toBeGreaterThan(0);
    for (const seat of taken) expect(seat.available_services).toEqual([]);
    // Both passengers can buy each open seat, each with their own service id.
    for (const seat of open) {
      expect(seat.available_services!.map((s) => s.passenger_id).sort()).toEqual(map.passengers.map((p) => p.id).sort());
      expect(new Set(seat.available_services!.map((s) => s.id)).size).toBe(2);
      for (const s of seat.available_services!) expect(s.price).toMatchObject({ amount: expect.any(Number), currency: 'USD' });
    }
    expect(paidSeats(first)[0]!.available_services![0]!.price.amount).toBeGreaterThan(0);
  });

  it('shows no seat available on a fare that does not allow choosing seats', async () => {
    const { map } = await seatlessOffer(server, 42);
    for (const m of map.seat_maps) expect(seatsOf(m).filter((s) => s.available)).toEqual([]);
  });

  it('is get_seat_map over MCP: per flight, the seats that can be chosen now and their price', async () => {
    const { offer, map } = await seatableOffer(server, 43);
    const { secret } = await server.services.identity.createKey({ userId: adaId, tier: 'pro' });
    const client = await connectMcp(server.url, secret);
    try {
      const tools = await client.listTools();
      expect(tools.tools.find((t) => t.name === 'get_seat_map')?.annotations).toMatchObject({ readOnlyHint: true });
      const out = await call<{ offerId: string; flights: { segmentId: string; totalSeats: number; availableSeats: { designator: string; price: { amount: number } }[] }[] }>(client, 'get_seat_map', { offerId: offer.offer_id });
      expect(out.flights.map((f) => f.segmentId)).toEqual(map.seat_maps.map((m) => m.segment_id));
      const first = map.seat_maps[0]!;
      expect(out.flights[0]!.totalSeats).toBe(seatsOf(first).length);
      expect(out.flights[0]!.availableSeats.map((s) => s.designator)).toEqual(seatsOf(first).filter((s) => s.available).map((s) => s.designator));
    } finally {
      await client.close();
    }
  });

  it('answers 422 for an offer of a provider we cannot book', async () => {
    const res = await server.get('/api/booking/seat-map?offer_id=serpapi:abc');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'UNPROCESSABLE' });
  });
});

describe('seat holds', () => {
  it('holds a seat from the map at the map\'s price, replaces it, lists it and releases it', async () => {
    const { offer, map } = await seatableOffer(server, 44);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const [a, b] = paidSeats(segment);

    const first = await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: a!.designator });
    expect(first).toMatchObject({
      offer_id: map.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: a!.designator,
      service_id: a!.available_services![0]!.id, price: a!.available_services![0]!.price, status: 'held', booking_id: null,
    });

    // Holding again replaces seat, service and price: still one selection.
    const replaced = await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: b!.designator });
    expect(replaced).toMatchObject({ designator: b!.designator, service_id: b!.available_services![0]!.id, price: b!.available_services![0]!.price });
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${b!.designator}:held`]);

    const release = await server.post('/api/booking/seat-release', { offer_id: offer.offer_id }, { headers: ada });
    expect(release.status).toBe(200);
    expect(summary(((await release.json()) as { released: Seat[] }).released)).toEqual([`${pax}/${segment.segment_id}=${b!.designator}:released`]);
    // Nothing held any more: a second release changes nothing, and the row is kept.
    const again = await server.post('/api/booking/seat-release', { offer_id: offer.offer_id }, { headers: ada });
    expect(((await again.json()) as { released: Seat[] }).released).toEqual([]);
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${b!.designator}:released`]);
    // A released selection can be held again.
    expect(await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: a!.designator })).toMatchObject({ status: 'held', released_at: null });
  });

  it('answers 422 naming the field for a passenger, segment or seat the offer does not have, or a seat that is taken', async () => {
    const { offer, map } = await seatableOffer(server, 45);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const open = paidSeats(segment)[0]!.designator!;
    const taken = seatsOf(segment).find((s) => !s.available)!.designator!;
    const base = { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id, designator: open };
    const cases: [Record<string, unknown>, string][] = [
      [{ passenger_slot: 'pas_made_up' }, 'passenger_slot'],
      [{ segment_id: 'seg_made_up' }, 'segment_id'],
      [{ designator: '99K' }, 'designator'],
      [{ designator: taken }, 'designator'],
    ];
    for (const [change, field] of cases) {
      const res = await server.post('/api/booking/seat-hold', { ...base, ...change }, { headers: ada });
      expect(res.status, JSON.stringify(change)).toBe(422);
      const body = (await res.json()) as Detail;
      expect(body.detail.map((d) => d.loc)).toEqual([['body', field]]);
    }
    // Not a seat designator at all: refused by the schema.
    const malformed = await server.post('/api/booking/seat-hold', { ...base, designator: 'B14' }, { headers: ada });
    expect(((await malformed.json()) as Detail).detail.map((d) => d.loc)).toContainEqual(['body', 'designator']);
    // Nothing was stored by any of them.
    expect(await mySelections(server, offer.offer_id, ada)).toEqual([]);
  });

  it('answers 422 UNPROCESSABLE for a fare that does not allow choosing seats', async () => {
    const { offer, map } = await seatlessOffer(server, 46);
    const segment = map.seat_maps[0]!;
    const res = await server.post('/api/booking/seat-hold', { offer_id: offer.offer_id, passenger_slot: map.passengers[0]!.id, segment_id: segment.segment_id, designator: seatsOf(segment)[0]!.designator }, { headers: ada });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'UNPROCESSABLE' });
  });

  it('keeps a seat to one passenger: the same seat for a second passenger is refused', async () => {
    const { offer, map } = await seatableOffer(server, 47, { adults: 2 });
    const segment = map.seat_maps[0]!;
    const [p1, p2] = map.passengers;
    const seat = paidSeats(segment)[0]!.designator!;
    await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: p1!.id, segment_id: segment.segment_id, designator: seat });
    const twice = await server.post('/api/booking/seat-hold', { offer_id: offer.offer_id, passenger_slot: p2!.id, segment_id: segment.segment_id, designator: seat }, { headers: ada });
    expect(twice.status).toBe(422);
    expect(((await twice.json()) as Detail).detail[0]!.loc).toEqual(['body', 'designator']);
  });
});

describe('seat ownership', () => {
  it('needs a signed-in caller: a guest can neither hold, list nor release', async () => {
    const { offer, map } = await seatableOffer(server, 48);
    const segment = map.seat_maps[0]!;
    const held = await holdSeat(server, ada, { offer_id: offer.offer_id, passenger_slot: map.passengers[0]!.id, segment_id: segment.segment_id, designator: paidSeats(segment)[0]!.designator });

    const hold = await server.post('/api/booking/seat-hold', { offer_id: offer.offer_id, passenger_slot: map.passengers[0]!.id, segment_id: segment.segment_id, designator: paidSeats(segment)[1]!.designator });
    expect(hold.status).toBe(401);
    const list = await server.get(`/api/booking/seat-selections?offer_id=${encodeURIComponent(offer.offer_id)}`);
    expect(list.status).toBe(401);
    expect(JSON.stringify(await list.json())).not.toContain(held.designator);
    expect((await server.post('/api/booking/seat-release', { offer_id: offer.offer_id })).status).toBe(401);

    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${held.passenger_slot}/${held.segment_id}=${held.designator}:held`]);
  });

  it('keeps two people on one offer apart: another user cannot see, release or take a hold, and holds their own', async () => {
    const { offer, map } = await seatableOffer(server, 49);
    const segment = map.seat_maps[0]!;
    const pax = map.passengers[0]!.id;
    const [mine, theirs] = paidSeats(segment);
    const body = { offer_id: offer.offer_id, passenger_slot: pax, segment_id: segment.segment_id };
    await holdSeat(server, ada, { ...body, designator: mine!.designator });

    // Bob sees nothing of Ada's, and releasing answers 404 as if nothing were held.
    expect(await mySelections(server, offer.offer_id, bob)).toEqual([]);
    const release = await server.post('/api/booking/seat-release', { offer_id: offer.offer_id }, { headers: bob });
    expect(release.status).toBe(404);
    expect(await release.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${mine!.designator}:held`]);

    // Ada's seat is taken for Bob (in the map and to hold), still open for Ada.
    const seatIn = (m: SeatMapsOut) => seatsOf(m.seat_maps[0]!).find((s) => s.designator === mine!.designator)!;
    expect(seatIn(await seatMap(server, offer.offer_id, bob))).toMatchObject({ available: false, available_services: [] });
    expect(seatIn(await seatMap(server, offer.offer_id))).toMatchObject({ available: false });
    expect(seatIn(await seatMap(server, offer.offer_id, ada))).toMatchObject({ available: true });
    const steal = await server.post('/api/booking/seat-hold', { ...body, designator: mine!.designator }, { headers: bob });
    expect(steal.status).toBe(422);
    expect(((await steal.json()) as Detail).detail[0]!.loc).toEqual(['body', 'designator']);

    // Bob holds his own seat for the same passenger slot of the same offer: both holds stand.
    await holdSeat(server, bob, { ...body, designator: theirs!.designator });
    expect(summary(await mySelections(server, offer.offer_id, ada))).toEqual([`${pax}/${segment.segment_id}=${mine!.designator}:held`]);
    expect(summary(await mySelections(server, offer.offer_id, bob))).toEqual([`${pax}/${segment.segment_id}=${theirs!.designator}:held`]);

    // Ada's release frees only her seat; Bob's stays held.
    await server.post('/api/booking/seat-release', { offer_id: offer.offer_id }, { headers: ada });
    expect(seatIn(await seatMap(server, offer.offer_id, bob))).toMatchObject({ available: true });
    expect(summary(await mySelections(server, offer.offer_id, bob))).toEqual([`${pax}/${segment.segment_id}=${theirs!.designator}:held`]);
  });
});
