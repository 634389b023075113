import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALERTS_PER_USER } from '../../tools/alerts/create-alert.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bearer, json, prismaOf } from './alert-helpers.js';

// POST/GET/DELETE /api/alerts on the real server: two users who cannot see or
// delete each other's alerts, validation, the per-user cap, and GET failing open.

interface AlertOut {
  id: string; user_id: string; origin: string; destination: string; departure_date: string | null; date_from: string; date_to: string;
  cabin_class: string; target_price: number | null; currency: string; channels: string[]; status: string; created_at: string;
  last_price: number | null; last_checked_at: string | null; trigger_count: number; last_triggered_at: string | null;
}
interface Invalid { detail: { loc: (string | number)[]; msg: string }[] }

const INTERNAL_KEY = 'internal-key-for-alert-tests-0123456789';
let server: TestServer;
let ada: Record<string, string>;
let bob: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
  [ada, bob] = await Promise.all([bearer(server, 'alert-ada'), bearer(server, 'alert-bob')]);
});
afterAll(() => server.close());

const create = (body: Record<string, unknown>, headers: Record<string, string>) => server.post('/api/alerts', body, { headers });
const list = async (headers: Record<string, string>, query = '') => json<{ alerts: AlertOut[] }>(await server.get(`/api/alerts${query}`, { headers }));

describe('POST /api/alerts', () => {
  it('creates a single-date target alert and a window any-drop alert, with defaults', async () => {
    const date = daysAhead(45);
    const one = await json<AlertOut>(await create({ origin: 'jfk', destination: 'LHR', departure_date: date, target_price: 399.99 }, ada));
    expect(one).toMatchObject({
      user_id: 'alert-ada', origin: 'JFK', destination: 'LHR', departure_date: date, date_from: date, date_to: date, cabin_class: 'economy',
      target_price: 399.99, currency: 'USD', channels: ['webhook', 'in_app'], status: 'active', last_price: null, last_checked_at: null,
      trigger_count: 0, last_triggered_at: null,
    });
    expect(one.id).toMatch(/^alt_[0-9a-f]{24}$/);
    expect(Date.parse(one.created_at)).not.toBeNaN();

    const window = await json<AlertOut>(await create({ origin: 'SFO', destination: 'NRT', date_from: daysAhead(60), date_to: daysAhead(66), cabin_class: 'business', currency: 'eur', channels: ['in_app'] }, ada));
    expect(window).toMatchObject({ departure_date: null, date_from: daysAhead(60), date_to: daysAhead(66), cabin_class: 'business', currency: 'EUR', target_price: null, channels: ['in_app'] });
  });

  it('rejects bad input with 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ origin: 'JFK', destination: 'LHR' }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), date_from: daysAhead(10), date_to: daysAhead(12) }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', date_from: daysAhead(10) }, 'date_to'],
      [{ origin: 'JFK', destination: 'LHR', date_from: daysAhead(10), date_to: daysAhead(45) }, 'date_to'],
      [{ origin: 'JFK', destination: 'LHR', date_from: daysAhead(12), date_to: daysAhead(10) }, 'date_to'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(-3) }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(400) }, 'departure_date'],
      [{ origin: 'JFK', destination: 'LHR', date_from: daysAhead(355), date_to: daysAhead(370) }, 'date_to'],
      [{ origin: 'JFK', destination: 'JFK', departure_date: daysAhead(10) }, 'destination'],
      [{ origin: 'XXQ', destination: 'LHR', departure_date: daysAhead(10) }, 'origin'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), target_price: -5 }, 'target_price'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), channels: ['sms'] }, 'channels'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), channels: [] }, 'channels'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(10), cabin_class: 'deluxe' }, 'cabin_class'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: '2030-02-31' }, 'departure_date'],
    ];
    for (const [body, field] of cases) {
      const out = await json<Invalid>(await create(body, ada), 422);
      expect(out.detail.flatMap((d) => d.loc), JSON.stringify(body)).toContain(field);
    }
  });

  it('needs a caller', async () => {
    expect((await create({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(20) }, {})).status).toBe(401);
  });

  it(`caps each user at ${MAX_ALERTS_PER_USER} alerts with 409 naming the limit`, async () => {
    const carol = await bearer(server, 'alert-carol');
    const body = { origin: 'BOS', destination: 'ORD', departure_date: daysAhead(30) };
    for (let i = 0; i < MAX_ALERTS_PER_USER; i++) await json(await create(body, carol));
    const out = await json<{ code: string; details: { limit: number; count: number } }>(await create(body, carol), 409);
    expect(out.details).toEqual({ limit: MAX_ALERTS_PER_USER, count: MAX_ALERTS_PER_USER });
    expect((await list(carol)).alerts).toHaveLength(MAX_ALERTS_PER_USER);
  });
});

describe('GET and DELETE /api/alerts between two users', () => {
  it("lists only the caller's alerts, newest first; another user's id is 403; anonymous is empty", async () => {
    const bobs = await json<AlertOut>(await create({ origin: 'LAX', destination: 'HNL', departure_date: daysAhead(50) }, bob));
    const adas = (await list(ada)).alerts;
    expect(adas.length).toBe(2);
    expect(adas.every((a) => a.user_id === 'alert-ada')).toBe(true);
    expect(adas[0]?.origin).toBe('SFO'); // newest first
    expect((await list(bob)).alerts.map((a) => a.id)).toEqual([bobs.id]);
    expect((await list(ada, '?user_id=alert-ada')).alerts.length).toBe(2);
    expect((await server.get('/api/alerts?user_id=alert-bob', { headers: ada })).status).toBe(403);
    expect((await server.get('/api/alerts?user_id=alert-bob')).status).toBe(403);
    expect(await list({})).toEqual({ alerts: [] });
    // The web app's server may read anyone's.
    expect((await list({ 'x-internal-key': INTERNAL_KEY }, '?user_id=alert-bob')).alerts.map((a) => a.id)).toEqual([bobs.id]);
  });

  it("deletes only the caller's own: another user's or an unknown id is 404", async () => {
    const [target] = (await list(ada)).alerts;
    if (!target) throw new Error('ada has no alerts');
    expect((await server.get(`/api/alerts/${target.id}`, { method: 'DELETE', headers: bob })).status).toBe(404);
    expect((await server.get('/api/alerts/alt_nope', { method: 'DELETE', headers: ada })).status).toBe(404);
    expect((await server.get(`/api/alerts/${target.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await list(ada)).alerts.map((a) => a.id)).toContain(target.id);
    expect(await json(await server.get(`/api/alerts/${target.id}`, { method: 'DELETE', headers: ada }))).toEqual({ ok: true, id: target.id });
    expect((await list(ada)).alerts.map((a) => a.id)).not.toContain(target.id);
    expect((await server.get(`/api/alerts/${target.id}`, { method: 'DELETE', headers: ada })).status).toBe(404);
  });
});

describe('GET /api/alerts fails open', () => {
  it('answers 200 {alerts: []} when the alert store throws', async () => {
    expect((await list(bob)).alerts.length).toBe(1);
    const store = server.services.alerts;
    const original = store.list;
    store.list = () => Promise.reject(new Error('store down'));
    try {
      expect(await list(bob)).toEqual({ alerts: [] });
    } finally {
      store.list = original;
    }
    expect((await list(bob)).alerts.length).toBe(1);
  });

  it('answers 200 {alerts: []} when the alert table is gone', async () => {
    const other = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
    try {
      const internal = { 'x-internal-key': INTERNAL_KEY }; // checked without the database, so only the store is down
      await json(await other.post('/api/alerts', { origin: 'JFK', destination: 'CDG', departure_date: daysAhead(33), user_id: 'alert-dan' }, { headers: internal }));
      const before = await json<{ alerts: AlertOut[] }>(await other.get('/api/alerts?user_id=alert-dan', { headers: internal }));
      expect(before.alerts.length).toBe(1);
      // A real store failure on either engine (closing PGlite works too, but the PostgreSQL pool reconnects).
      await prismaOf(other).$executeRawUnsafe('ALTER TABLE fare_alerts RENAME TO fare_alerts_gone');
      const res = await other.get('/api/alerts?user_id=alert-dan', { headers: internal });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ alerts: [] });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
