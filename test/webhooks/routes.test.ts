import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json } from '../booking/booking-helpers.js';
import { bearer } from './support/helpers.js';

// The account webhook routes: create (secret once), list (never secrets), delete,
// rotate, delivery log; other users' endpoints look absent; unsafe URLs are refused.

interface EndpointOut { id: string; url: string; events: string[]; description: string | null; active: boolean; previous_secret_expires_at: string | null; secret?: string }

let server: TestServer;
let strict: TestServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  [server, strict] = await Promise.all([startTestServer(), startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' } })]);
  alice = await bearer(server, 'wh-alice');
  bob = await bearer(server, 'wh-bob');
});
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
});

const create = (body: unknown, headers: Record<string, string>, on = server) => on.post('/api/account/webhooks', body, { headers });
const del = (id: string, headers: Record<string, string>) => fetch(`${server.url}/api/account/webhooks/${id}`, { method: 'DELETE', headers });

describe('webhook endpoint routes', () => {
  it('creates an endpoint and shows its secret once', async () => {
    const made = await json<EndpointOut>(await create({ url: 'http://127.0.0.1:9/hook', events: ['booking.confirmed', 'booking.confirmed', 'alert.mistake_fare'], description: 'dev' }, alice), 201);
    expect(made.id).toMatch(/^wh_[0-9a-f]{24}$/);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.events).toEqual(['booking.confirmed', 'alert.mistake_fare']);
    expect(made).toMatchObject({ url: 'http://127.0.0.1:9/hook', description: 'dev', active: true, previous_secret_expires_at: null });

    const listed = await json<{ webhooks: EndpointOut[] }>(await server.get('/api/account/webhooks', { headers: alice }));
    const mine = listed.webhooks.find((w) => w.id === made.id);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    // Another user sees none of it.
    const bobs = await json<{ webhooks: EndpointOut[] }>(await server.get('/api/account/webhooks', { headers: bob }));
    expect(bobs.webhooks.map((w) => w.id)).not.toContain(made.id);
  });

  it('denies other users: delete, rotate and the log answer 404; the owner can delete once', async () => {
    const made = await json<EndpointOut>(await create({ url: 'http://127.0.0.1:9/x' }, alice), 201);
    expect(made.events).toEqual([]);
    expect((await del(made.id, bob)).status).toBe(404);
    expect((await server.post(`/api/account/webhooks/${made.id}/rotate-secret`, {}, { headers: bob })).status).toBe(404);
    expect((await server.get(`/api/account/webhooks/${made.id}/deliveries`, { headers: bob })).status).toBe(404);
    expect(await json(await del(made.id, alice))).toEqual({ deleted: true, id: made.id });
    expect((await del(made.id, alice)).status).toBe(404);
    expect((await server.get(`/api/account/webhooks/${made.id}/deliveries`, { headers: alice })).status).toBe(404);
  });

  it('rotates the secret: a new one, shown once, with the old one overlapping for 24 h', async () => {
    const made = await json<EndpointOut>(await create({ url: 'http://127.0.0.1:9/r' }, alice), 201);
    const before = Date.now();
    const rotated = await json<EndpointOut>(await server.post(`/api/account/webhooks/${made.id}/rotate-secret`, {}, { headers: alice }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made.secret);
    const until = Date.parse(rotated.previous_secret_expires_at ?? '');
    expect(until - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(until - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    const listed = await json<{ webhooks: EndpointOut[] }>(await server.get('/api/account/webhooks', { headers: alice }));
    expect(listed.webhooks.find((w) => w.id === made.id)?.previous_secret_expires_at).toBe(rotated.previous_secret_expires_at);
  });

  it('requires authentication and validates input with 422', async () => {
    expect((await create({ url: 'https://example.com/h' }, {})).status).toBe(401);
    expect((await server.get('/api/account/webhooks')).status).toBe(401);
    const badEvent = await json<{ detail: { loc: (string | number)[] }[] }>(await create({ url: 'http://127.0.0.1:9/h', events: ['booking.exploded'] }, alice), 422);
    expect(badEvent.detail[0]?.loc).toEqual(['body', 'events', 0]);
    expect((await create({ url: 'not a url at all' }, alice)).status).toBe(422);
    expect((await create({ url: 'ftp://127.0.0.1/h' }, alice)).status).toBe(422);
    expect((await create({ url: 'https://user:pw@127.0.0.1/h' }, alice)).status).toBe(422);
    expect((await create({}, alice)).status).toBe(422);
    expect((await server.get('/api/account/webhooks/wh_nope/deliveries?limit=0', { headers: alice })).status).toBe(422);
  });

  it('refuses private, loopback and plain-http URLs unless private URLs are allowed', async () => {
    const key = await bearer(strict, 'wh-strict');
    for (const url of ['https://127.0.0.1/h', 'https://10.1.2.3/h', 'https://[::1]/h', 'https://169.254.169.254/latest', 'https://localhost/h', 'http://93.184.215.14/h']) {
      const res = await create({ url }, key, strict);
      const body = await res.text();
      expect(res.status, `${url}: ${body}`).toBe(422);
      expect(body).toContain('url');
    }
    // A public address over https is accepted (IP literal: no DNS needed in the sandbox).
    expect((await create({ url: 'https://93.184.215.14/hook' }, key, strict)).status).toBe(201);
  });

  it('pages the delivery log and rejects a foreign cursor', async () => {
    const made = await json<EndpointOut>(await create({ url: 'http://127.0.0.1:9/p' }, alice), 201);
    const empty = await json<{ deliveries: unknown[]; next_cursor: string | null }>(await server.get(`/api/account/webhooks/${made.id}/deliveries`, { headers: alice }));
    expect(empty).toEqual({ deliveries: [], next_cursor: null });
    expect((await server.get(`/api/account/webhooks/${made.id}/deliveries?cursor=nope`, { headers: alice })).status).toBe(422);
  });
});
