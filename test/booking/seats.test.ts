import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../tools/booking/store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The seat selection state machine over HTTP, on the real server and database.

interface Seat {
  offer_id: string;
  passenger_slot: string;
  segment_id: string;
  designator: string;
  service_id: string | null;
  price: { amount: number; currency: string } | null;
  status: 'held' | 'confirmed' | 'released';
  booking_id: string | null;
  held_at: string;
  confirmed_at: string | null;
  released_at: string | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const unique = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** A booking row as the booking flow leaves it, inserted straight into the store. */
async function booking(offerId: string, opts: { status?: BookingStatus; userId?: string | null } = {}): Promise<{ id: string; orderId: string }> {
  const id = unique('bk');
  const orderId = unique('ord');
  const created = await server.services.bookings.create(
    {
      id, userId: opts.userId ?? null, agentUserId: null, channel: 'book', offerId, type: 'instant', currency: 'USD',
      fareMinor: 40_000, servicesMinor: 0, markupMinor: 0, totalMinor: 40_000,
      passengers: [{ slotId: 'pas_1', givenName: 'Ada', familyName: 'Lovelace', type: 'adult' }], contactEmail: null,
    },
    null,
  );
  expect(created).toEqual({ ok: true });
  if (opts.status !== 'creating') await server.services.bookings.update(id, { status: opts.status ?? 'confirmed', providerOrderId: orderId });
  return { id, orderId };
}

async function hold(body: Record<string, unknown>): Promise<Seat> {
  const res = await server.post('/api/booking/seat-hold', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Seat;
}

async function selections(offerId: string): Promise<Seat[]> {
  const res = await server.get(`/api/booking/seat-selections?offer_id=${encodeURIComponent(offerId)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { offer_id: string; selections: Seat[] };
  expect(body.offer_id).toBe(offerId.replace(/^duffel:/, ''));
  return body.selections;
}

async function byBooking(bookingId: string): Promise<{ status: number; body: { booking_id: string; selections: Seat[] } }> {
  const res = await server.get(`/api/booking/seat-selections/by-booking/${encodeURIComponent(bookingId)}`);
  return { status: res.status, body: (await res.json()) as { booking_id: string; selections: Seat[] } };
}

const summary = (seats: Seat[]) => seats.map((s) => `${s.passenger_slot}/${s.segment_id}=${s.designator}:${s.status}`);

describe('seat selections', () => {
  it('holds, replaces, confirms, releases and re-holds, following the state machine', async () => {
    const offer = unique('off');
    const prefixed = `duffel:${offer}`;

    // A first hold: the record, with the provider prefix stripped from the offer id.
    const first = await hold({ offer_id: prefixed, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '14B', service_id: 'ase_1', price: 25.5, currency: 'usd' });
    expect(first).toMatchObject({
      offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '14B', service_id: 'ase_1',
      price: { amount: 25.5, currency: 'USD' }, status: 'held', booking_id: null, confirmed_at: null, released_at: null,
    });
    expect(Date.parse(first.held_at)).not.toBeNaN();

    // The same key again replaces seat, service and price: still one row.
    const replaced = await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '15C' });
    expect(replaced).toMatchObject({ designator: '15C', service_id: null, price: null, status: 'held' });
    expect(summary(await selections(prefixed))).toEqual(['pas_1/seg_1=15C:held']);

    await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_2', designator: '3A', service_id: 'ase_2', price: 10, currency: 'USD' });

    // Confirm by the provider's order id: the booking's own id is stored.
    const bk = await booking(offer);
    const confirm = await server.post('/api/booking/seat-confirm', { offer_id: prefixed, booking_id: bk.orderId });
    expect(confirm.status).toBe(200);
    const confirmed = (await confirm.json()) as { offer_id: string; booking_id: string; confirmed: Seat[] };
    expect(confirmed.offer_id).toBe(offer);
    expect(confirmed.booking_id).toBe(bk.id);
    expect(summary(confirmed.confirmed)).toEqual(['pas_1/seg_1=15C:confirmed', 'pas_1/seg_2=3A:confirmed']);
    for (const s of confirmed.confirmed) {
      expect(s.booking_id).toBe(bk.id);
      expect(Date.parse(s.confirmed_at ?? '')).not.toBeNaN();
    }

    // Release touches only what is held; confirmed seats stay and rows are kept.
    await hold({ offer_id: offer, passenger_slot: 'pas_2', segment_id: 'seg_1', designator: '14D' });
    const release = await server.post('/api/booking/seat-release', { offer_id: offer });
    expect(release.status).toBe(200);
    const released = (await release.json()) as { offer_id: string; released: Seat[] };
    expect(released.offer_id).toBe(offer);
    expect(summary(released.released)).toEqual(['pas_2/seg_1=14D:released']);
    expect(released.released[0]?.released_at).not.toBeNull();
    expect(summary(await selections(offer))).toEqual(['pas_1/seg_1=15C:confirmed', 'pas_1/seg_2=3A:confirmed', 'pas_2/seg_1=14D:released']);

    // Nothing held: confirm and release change nothing.
    const again = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: bk.id });
    expect(((await again.json()) as { confirmed: Seat[] }).confirmed).toEqual([]);
    const releaseAgain = await server.post('/api/booking/seat-release', { offer_id: offer });
    expect(((await releaseAgain.json()) as { released: Seat[] }).released).toEqual([]);

    // By booking: confirmed seats only, by either id form.
    const listed = await byBooking(bk.orderId);
    expect(listed.status).toBe(200);
    expect(listed.body.booking_id).toBe(bk.id);
    expect(summary(listed.body.selections)).toEqual(['pas_1/seg_1=15C:confirmed', 'pas_1/seg_2=3A:confirmed']);

    // Holding a confirmed seat again makes it held, unlinked from the booking.
    const reheld = await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '16A' });
    expect(reheld).toMatchObject({ designator: '16A', status: 'held', booking_id: null, confirmed_at: null, released_at: null });
    expect(summary((await byBooking(bk.id)).body.selections)).toEqual(['pas_1/seg_2=3A:confirmed']);

    // And a released one too.
    const unreleased = await hold({ offer_id: offer, passenger_slot: 'pas_2', segment_id: 'seg_1', designator: '14D' });
    expect(unreleased).toMatchObject({ status: 'held', released_at: null });
    expect(summary(await selections(offer))).toEqual(['pas_1/seg_1=16A:held', 'pas_1/seg_2=3A:confirmed', 'pas_2/seg_1=14D:held']);
  });

  it('confirms against a booking on hold (pay later)', async () => {
    const offer = unique('off');
    await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '2F' });
    const bk = await booking(offer, { status: 'hold' });
    const res = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: bk.id });
    expect(res.status).toBe(200);
    expect(summary(((await res.json()) as { confirmed: Seat[] }).confirmed)).toEqual(['pas_1/seg_1=2F:confirmed']);
  });

  it('keeps offers apart', async () => {
    const a = unique('off');
    const b = unique('off');
    await hold({ offer_id: a, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '1A' });
    await hold({ offer_id: b, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '1B' });
    await server.post('/api/booking/seat-release', { offer_id: a });
    expect(summary(await selections(a))).toEqual(['pas_1/seg_1=1A:released']);
    expect(summary(await selections(b))).toEqual(['pas_1/seg_1=1B:held']);
  });
});

describe('seat selection errors', () => {
  it('answers 422 for a missing offer_id query', async () => {
    const res = await server.get('/api/booking/seat-selections');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: [{ loc: ['query', 'offer_id'], type: 'missing' }] });
    // Ids are tokens: a NUL byte or spaces inside cannot name an offer or a booking.
    expect((await server.get('/api/booking/seat-selections?offer_id=off%00x')).status).toBe(422);
    expect((await server.get('/api/booking/seat-selections/by-booking/bk%20x')).status).toBe(422);
  });

  it('answers 422 for a bad designator', async () => {
    for (const designator of ['14Z', 'B14', '1234A', '']) {
      const res = await server.post('/api/booking/seat-hold', { offer_id: 'off_x', passenger_slot: 'pas_1', segment_id: 'seg_1', designator });
      expect(res.status, designator).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[] }[] };
      expect(body.detail.map((d) => d.loc)).toContainEqual(['body', 'designator']);
    }
  });

  it('answers 422 for a price without its currency, and the reverse', async () => {
    const base = { offer_id: 'off_x', passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '14B' };
    const noCurrency = await server.post('/api/booking/seat-hold', { ...base, price: 12 });
    expect(noCurrency.status).toBe(422);
    expect(await noCurrency.json()).toMatchObject({ detail: [{ loc: ['body', 'currency'] }] });
    const noPrice = await server.post('/api/booking/seat-hold', { ...base, currency: 'EUR' });
    expect(noPrice.status).toBe(422);
    expect(await noPrice.json()).toMatchObject({ detail: [{ loc: ['body', 'price'] }] });
    // Neither was stored.
    expect(await selections('off_x')).toEqual([]);
  });

  it('answers 422 for missing fields and an offer of a provider we cannot book', async () => {
    const missing = await server.post('/api/booking/seat-confirm', { offer_id: 'off_x' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ detail: [{ loc: ['body', 'booking_id'], type: 'missing' }] });
    const foreign = await server.post('/api/booking/seat-release', { offer_id: 'serpapi:abc' });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toMatchObject({ code: 'UNPROCESSABLE' });
  });

  it('answers 404 for an unknown booking, and for a booking the caller may not see', async () => {
    const offer = unique('off');
    await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '7C' });
    const unknown = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: 'bk_does_not_exist' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await byBooking('bk_does_not_exist')).status).toBe(404);

    // A signed-in user's booking is invisible to an anonymous caller.
    const owned = await booking(offer, { userId: unique('user') });
    expect((await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: owned.id })).status).toBe(404);
    expect((await byBooking(owned.id)).status).toBe(404);
    expect(summary(await selections(offer))).toEqual(['pas_1/seg_1=7C:held']);
  });

  it('answers 409 for a booking of another offer, or one not yet booked', async () => {
    const offer = unique('off');
    await hold({ offer_id: offer, passenger_slot: 'pas_1', segment_id: 'seg_1', designator: '9A' });

    const other = await booking(unique('off'));
    const wrongOffer = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: other.id });
    expect(wrongOffer.status).toBe(409);
    expect(await wrongOffer.json()).toMatchObject({ code: 'CONFLICT' });

    const creating = await booking(offer, { status: 'creating' });
    const notBooked = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: creating.id });
    expect(notBooked.status).toBe(409);
    expect(((await notBooked.json()) as { detail: string }).detail).toContain('creating');

    const failed = await booking(offer, { status: 'failed' });
    const failedRes = await server.post('/api/booking/seat-confirm', { offer_id: offer, booking_id: failed.id });
    expect(failedRes.status).toBe(409);
    expect(((await failedRes.json()) as { detail: string }).detail).toContain('failed');

    // The seat is still held after the refusals.
    expect(summary(await selections(offer))).toEqual(['pas_1/seg_1=9A:held']);
  });
});
