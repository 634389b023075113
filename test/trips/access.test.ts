import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { caller, ok, send, threeMemberTrip, type Caller, type Group, type TripOut } from './trip-helpers.js';

// Who may do what: every trip route refuses a non-member with 404 (never the trip),
// members without the role get 403, and the status machine's legal and illegal moves.

const INTERNAL_KEY = 'internal-key-for-trip-tests-0123456789';
let server: TestServer;
let g: Group;
let stranger: Caller;
let shareId: string;
let pollId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
  g = await threeMemberTrip(server);
  stranger = await caller(server, `mallory_${Date.now()}`);
  shareId = (await ok<{ id: string }>(server, g.owner, 'POST', `/api/trips/${g.trip.id}/share`, {})).id;
  pollId = (await ok<{ id: string }>(server, g.owner, 'POST', `/api/trips/${g.trip.id}/votes`, { action: 'create_poll', question: 'Beach or hills?', options: ['Beach', 'Hills'] })).id;
});
afterAll(() => server.close());

/** Every member route of a trip, with a body that would be valid for a member. */
function routes(tripId: string, ids: Record<string, string>): [string, string, unknown?][] {
  const base = `/api/trips/${tripId}`;
  return [
    ['GET', base],
    ['POST', `${base}/travelers`, { name: 'Eve', role: 'viewer' }],
    ['POST', `${base}/activities`, { title: 'Tram 28', starts_at: '2027-05-02T10:00:00Z' }],
    ['POST', `${base}/expenses`, { paid_by: ids.Alice, description: 'Coffee', amount: 6 }],
    ['GET', `${base}/expenses/summary`],
    ['PATCH', `${base}/status`, { status: 'booked' }],
    ['PUT', `${base}/budget`, { total: 500 }],
    ['GET', `${base}/budget`],
    ['POST', `${base}/share`, {}],
    ['DELETE', `${base}/share/${shareId}`],
    ['GET', `${base}/votes`],
    ['POST', `${base}/votes`, { action: 'vote', poll_id: pollId, option_id: 'o1' }],
  ];
}

describe('cross-user access', () => {
  it('answers 404 to a non-member on every trip route, and leaks nothing of the trip', async () => {
    for (const [method, path, body] of routes(g.trip.id, g.ids)) {
      const res = await send(server, stranger, method, path, body);
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBe(404);
      expect(text).not.toContain('Lisbon');
      expect(text).not.toContain(g.owner.userId);
    }
    // The same for an id that does not exist: indistinguishable.
    for (const [method, path, body] of routes('trp_doesnotexist', g.ids)) {
      expect((await send(server, stranger, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Their list does not show it, and the owner cannot be impersonated with user_id.
    const mine = await ok<{ trips: { id: string }[] }>(server, stranger, 'GET', '/api/trips');
    expect(mine.trips.map((t) => t.id)).not.toContain(g.trip.id);
    expect((await send(server, stranger, 'GET', `/api/trips?user_id=${g.owner.userId}`)).status).toBe(403);
    expect((await send(server, stranger, 'GET', `/api/trips/${g.trip.id}?acting_user_id=${g.owner.userId}`)).status).toBe(403);
    // And nothing was written by those attempts.
    const trip = await ok<TripOut & { activities: unknown[]; expenses: { count: number } }>(server, g.owner, 'GET', `/api/trips/${g.trip.id}`);
    expect(trip.status).toBe('planning');
    expect(trip.members).toHaveLength(3);
    expect(trip.activities).toHaveLength(0);
    expect(trip.expenses.count).toBe(0);
  });

  it('needs credentials on every member route', async () => {
    for (const [method, path, body] of routes(g.trip.id, g.ids)) expect((await send(server, null, method, path, body)).status, `${method} ${path}`).toBe(401);
    expect((await send(server, null, 'GET', '/api/trips')).status).toBe(401);
  });

  it('lets the service back end list and read for a named user only', async () => {
    const internal = { userId: 'internal', headers: { 'x-internal-key': INTERNAL_KEY } };
    const list = await ok<{ trips: { id: string; role: string }[] }>(server, internal, 'GET', `/api/trips?user_id=${g.callers.Bob!.userId}`);
    expect(list.trips).toEqual([expect.objectContaining({ id: g.trip.id, role: 'editor' })]);
    expect((await send(server, internal, 'GET', '/api/trips')).status).toBe(422);
    expect((await send(server, internal, 'GET', `/api/trips/${g.trip.id}?acting_user_id=${stranger.userId}`)).status).toBe(404);
  });
});

describe('roles', () => {
  it('refuses writes to a viewer with 403, but lets them read and vote', async () => {
    const carol = g.callers.Carol!;
    const reads = new Set(['GET']);
    for (const [method, path, body] of routes(g.trip.id, g.ids)) {
      const res = await send(server, carol, method, path, body);
      const isVote = path.endsWith('/votes') && method === 'POST';
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(reads.has(method) || isVote ? 200 : 403);
    }
    expect((await send(server, carol, 'POST', `/api/trips/${g.trip.id}/votes`, { action: 'create_poll', question: 'Q?', options: ['a', 'b'] })).status).toBe(403);
  });

  it('lets only owners add members, and refuses a duplicate user with 409', async () => {
    expect((await send(server, g.callers.Bob!, 'POST', `/api/trips/${g.trip.id}/travelers`, { name: 'Zed' })).status).toBe(403);
    const dup = await send(server, g.owner, 'POST', `/api/trips/${g.trip.id}/travelers`, { user_id: g.callers.Bob!.userId, name: 'Bob again' });
    expect(dup.status).toBe(409);
    expect((await send(server, g.owner, 'POST', `/api/trips/${g.trip.id}/travelers`, { role: 'editor' })).status).toBe(422);
  });
});

describe('status machine', () => {
  it('walks planning → booked → planning → booked → in_progress → completed and refuses illegal moves with the allowed ones', async () => {
    const t = await threeMemberTrip(server);
    const path = `/api/trips/${t.trip.id}/status`;
    const move = (status: string, who: Caller = t.owner) => send(server, who, 'PATCH', path, { status });
    const conflict = async (status: string, allowed: string[]) => {
      const res = await move(status);
      const body = (await res.json()) as { details: { allowed: string[] } };
      expect(res.status).toBe(409);
      expect(body.details.allowed).toEqual(allowed);
    };
    expect(t.trip.allowed_status_moves).toEqual(['booked', 'cancelled']);
    await conflict('completed', ['booked', 'cancelled']);
    await conflict('planning', ['booked', 'cancelled']);
    expect((await ok<TripOut>(server, t.owner, 'PATCH', path, { status: 'booked' })).allowed_status_moves).toEqual(['in_progress', 'planning', 'cancelled']);
    await ok(server, t.owner, 'PATCH', path, { status: 'planning' });
    await ok(server, t.callers.Bob!, 'PATCH', path, { status: 'booked' });
    expect((await move('in_progress', t.callers.Carol!)).status).toBe(403);
    await ok(server, t.owner, 'PATCH', path, { status: 'in_progress' });
    await conflict('booked', ['completed', 'cancelled']);
    const done = await ok<TripOut>(server, t.owner, 'PATCH', path, { status: 'completed' });
    expect(done.status).toBe('completed');
    expect(done.allowed_status_moves).toEqual([]);
    await conflict('cancelled', []);
    expect((await move('paused')).status).toBe(422);

    const c = await threeMemberTrip(server);
    await ok(server, c.owner, 'PATCH', `/api/trips/${c.trip.id}/status`, { status: 'cancelled' });
    const again = await send(server, c.owner, 'PATCH', `/api/trips/${c.trip.id}/status`, { status: 'planning' });
    expect(again.status).toBe(409);
  });
});

describe('hostile input from a member', () => {
  it('never yields a 5xx: NUL bytes, huge amounts, wrong types', async () => {
    const krw = await threeMemberTrip(server, { currency: 'KRW' });
    const weird: unknown[] = ['\u0000', 'a\u0000b', 1e12, -1, null, [], {}, 'x'.repeat(400), '😀'];
    const statuses: number[] = [];
    for (const [method, path, body] of routes(krw.trip.id, krw.ids)) {
      statuses.push((await send(server, krw.owner, method, path.replace(krw.trip.id, '%00'), body)).status);
      if (body === undefined) continue;
      for (const key of Object.keys(body as object)) {
        for (const value of weird) {
          const res = await send(server, krw.owner, method, path, { ...(body as object), [key]: value });
          expect(res.status, `${method} ${path} ${key}=${JSON.stringify(value)}: ${await res.clone().text()}`).toBeLessThan(500);
        }
      }
    }
    expect(statuses.every((s) => s === 404 || s === 422)).toBe(true);
    // 9 million USD into a KRW trip does not fit a minor-unit column: refused on the field.
    const big = await send(server, krw.owner, 'POST', `/api/trips/${krw.trip.id}/expenses`, { paid_by: krw.ids.Alice, description: 'Yacht', amount: 9_000_000, currency: 'USD' });
    expect(big.status).toBe(422);
    const nul = await send(server, krw.owner, 'POST', `/api/trips/${krw.trip.id}/expenses`, { paid_by: krw.ids.Alice, description: 'Tea', amount: 5000, split: { method: 'shares', shares: { 'a\u0000': 1 } } });
    expect(nul.status).toBe(422);
  });
});
