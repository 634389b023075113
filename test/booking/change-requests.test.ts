import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashOffer, FlightOrder } from '../../tools/_kit/providers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookOnSimulator } from './booking-helpers.js';

// Change requests over HTTP: create, poll while offers fill in, list the offers,
// and the checks before anything reaches the provider.

type Json = Record<string, unknown>;
interface Money { amount: number; currency: string }
interface ChangeOffer { id: string; change_total: Money; new_total: Money; penalty: Money | null; expires_at: string; slices_add: { origin: string; destination: string; departing_at: string; flights: string[] }[]; slices_remove: { id: string }[] }
interface ChangeRequest { id: string; booking_id: string; order_id: string; created_at: string; offers: ChangeOffer[]; offers_may_grow: boolean; complete: boolean; poll_after_ms: number | null }

let server: TestServer;
let changeable: CashOffer[];
let userId: string;
let userKey: string;
let otherKey: string;

const unique = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function call(method: 'GET' | 'POST', path: string, key: string | null, body?: unknown): Promise<{ status: number; body: Json }> {
  const init = key ? bearer(key) : {};
  const res = method === 'GET' ? await server.get(path, init) : await server.post(path, body, init);
  return { status: res.status, body: (await res.json()) as Json };
}

beforeAll(async () => {
  server = await startTestServer();
  const offers = await server.services.providers.flights.searchOffers(
    { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(40), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' },
    AbortSignal.timeout(20_000),
  );
  changeable = offers.filter((o) => o.conditions?.changeable === true);
  if (changeable.length < 4) throw new Error('too few changeable offers on JFK-LHR');
  userId = unique('user');
  userKey = (await server.services.identity.createKey({ userId, tier: 'pro' })).secret;
  otherKey = (await server.services.identity.createKey({ userId: unique('other'), tier: 'pro' })).secret;
}, 60_000);
afterAll(() => server.close());

describe('change requests', () => {
  let booked: { id: string; order: FlightOrder };
  let created: ChangeRequest;

  beforeAll(async () => {
    booked = await bookOnSimulator(server, changeable[0]!, { userId });
  }, 60_000);

  const removeFirst = () => ({ remove: [{ slice_id: booked.order.slices[0]!.providerSliceId }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(44) }] });

  it('creates a change request that says its offers may still grow', async () => {
    const { status, body } = await call('POST', `/api/booking/${booked.id}/change-request`, userKey, { slices: removeFirst() });
    expect(status, JSON.stringify(body)).toBe(200);
    created = body as unknown as ChangeRequest;
    expect(created.id).toMatch(/^ocr_/);
    expect(created).toMatchObject({ booking_id: booked.id, order_id: booked.order.id, offers_may_grow: true, complete: false, poll_after_ms: 1000 });
    expect(Array.isArray(created.offers)).toBe(true);
    expect(await server.services.bookings.changeRequest(created.id)).toMatchObject({ id: created.id, bookingId: booked.id, confirmedOfferId: null });
  });

  it('fills in the offers as the caller polls, then lists them', async () => {
    let polled: ChangeRequest;
    const deadline = Date.now() + 10_000;
    do {
      await new Promise((r) => setTimeout(r, 700));
      const res = await call('GET', `/api/booking/change-requests/${created.id}`, userKey);
      expect(res.status).toBe(200);
      polled = res.body as unknown as ChangeRequest;
    } while (polled.offers.length < 3 && Date.now() < deadline);
    expect(polled.offers.length).toBeGreaterThanOrEqual(created.offers.length);
    expect(polled.offers.length).toBeGreaterThan(0);
    for (const o of polled.offers) {
      expect(o.change_total.currency).toBe('USD');
      expect(o.new_total.amount).toBeGreaterThan(0);
      expect(o.slices_add[0]).toMatchObject({ origin: 'JFK', destination: 'LHR' });
      expect(o.slices_add[0]!.departing_at.slice(0, 10)).toBe(daysAhead(44));
      expect(o.slices_add[0]!.flights[0]).toMatch(/^[A-Z0-9]{2}\d+$/);
      expect(o.slices_remove.map((s) => s.id)).toEqual([booked.order.slices[0]!.providerSliceId]);
    }
    const listed = await call('GET', `/api/booking/change-requests/${created.id}/offers`, userKey);
    expect(listed.status).toBe(200);
    expect(listed.body.change_request_id).toBe(created.id);
    expect((listed.body.offers as ChangeOffer[]).map((o) => o.id)).toEqual(polled.offers.map((o) => o.id));
  }, 20_000);

  it('is complete once the offers can no longer grow', async () => {
    const clock = server.services.clock;
    server.services.clock = () => new Date(Date.now() + 11_000);
    try {
      const { body } = await call('GET', `/api/booking/change-requests/${created.id}`, userKey);
      expect(body).toMatchObject({ offers_may_grow: false, complete: true, poll_after_ms: null });
    } finally {
      server.services.clock = clock;
    }
  });

  it('refuses a slice that is not the booking\'s, a date in the past and an empty change with 422', async () => {
    const bad = await call('POST', `/api/booking/${booked.id}/change-request`, userKey, { slices: { ...removeFirst(), remove: [{ slice_id: 'sli_not_mine' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'slices', 'remove', 0, 'slice_id'] })]);

    const past = await call('POST', `/api/booking/${booked.id}/change-request`, userKey, { slices: { ...removeFirst(), add: [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(-2) }] } });
    expect(past.status).toBe(422);
    expect(past.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'slices', 'add', 0, 'departure_date'] })]);

    expect((await call('POST', `/api/booking/${booked.id}/change-request`, userKey, { slices: { remove: [], add: [] } })).status).toBe(422);
    expect((await call('POST', `/api/booking/${booked.id}/change-request`, userKey, { slices: { ...removeFirst(), add: [{ origin: 'JFK', destination: 'ZZZ', departure_date: daysAhead(44) }] } })).status).toBe(422);
  });

  it('is 409 unless the booking is confirmed', async () => {
    const held = await bookOnSimulator(server, changeable[1]!, { userId, status: 'hold' });
    const { status, body } = await call('POST', `/api/booking/${held.id}/change-request`, userKey, {
      slices: { remove: [{ slice_id: held.order.slices[0]!.providerSliceId }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(44) }] },
    });
    expect(status).toBe(409);
    expect(body.code).toBe('CONFLICT');
  });

  it('hides bookings and change requests of other users', async () => {
    expect((await call('POST', `/api/booking/${booked.id}/change-request`, otherKey, { slices: removeFirst() })).status).toBe(404);
    expect((await call('POST', `/api/booking/${booked.id}/change-request`, null, { slices: removeFirst() })).status).toBe(404);
    expect((await call('GET', `/api/booking/change-requests/${created.id}`, otherKey)).status).toBe(404);
    expect((await call('GET', `/api/booking/change-requests/${created.id}/offers`, null)).status).toBe(404);
    expect((await call('GET', '/api/booking/change-requests/ocr_unknown', userKey)).status).toBe(404);
  });

  it('lets a guest change a guest booking by its id', async () => {
    const guest = await bookOnSimulator(server, changeable[2]!, { userId: null });
    const { status, body } = await call('POST', `/api/booking/${guest.order.id}/change-request`, null, {
      slices: { remove: [{ slice_id: guest.order.slices[0]!.providerSliceId }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(45) }] },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.booking_id).toBe(guest.id);
    expect((await call('GET', `/api/booking/change-requests/${body.id as string}`, null)).status).toBe(200);
  });
});
