import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../adapters/config/env.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// TRUST_PROXY (issue 21): behind a balancer every request comes from the balancer's
// address, so without it all clients share one IP rate-limit bucket. Set, the
// client address in X-Forwarded-For is the bucket; unset, the header is ignored so
// a client cannot pick its own bucket. Measured on /oauth/register (30 a minute per address).

const REGISTER_LIMIT = 30;
const register = (server: TestServer, forwardedFor: string) =>
  server.post('/oauth/register', { client_name: 'proxy-test', redirect_uris: ['http://127.0.0.1:9/cb'] }, { headers: { 'x-forwarded-for': forwardedFor } });

/** The limit's window is the clock minute: start a round with time to spare before the next one. */
async function awayFromMinuteEdge(): Promise<void> {
  const s = new Date().getSeconds();
  if (s >= 40) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

/** Uses up one address's bucket (the limit at once), then one more: the statuses in order. */
async function exhaust(server: TestServer, forwardedFor: string): Promise<number[]> {
  await awayFromMinuteEdge();
  const first = await Promise.all(Array.from({ length: REGISTER_LIMIT }, () => register(server, forwardedFor)));
  return [...first.map((r) => r.status), (await register(server, forwardedFor)).status];
}

describe('TRUST_PROXY', () => {
  let trusting: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [trusting, plain] = await Promise.all([startTestServer({ env: { TRUST_PROXY: 'loopback' } }), startTestServer()]);
  });
  afterAll(() => Promise.all([trusting?.close(), plain?.close()]));

  it('set: each X-Forwarded-For client gets its own bucket', { timeout: 60_000 }, async () => {
    const first = await exhaust(trusting, '203.0.113.7');
    expect(first.slice(0, REGISTER_LIMIT).every((s) => s === 201)).toBe(true);
    expect(first.at(-1)).toBe(429);
    expect((await register(trusting, '203.0.113.8')).status).toBe(201);
    // The right-most untrusted address counts, whatever a client prepends.
    expect((await register(trusting, '198.51.100.1, 203.0.113.7')).status).toBe(429);
  });

  it('unset (the default): X-Forwarded-For is ignored and the connection address is the bucket', { timeout: 60_000 }, async () => {
    const first = await exhaust(plain, '203.0.113.7');
    expect(first.at(-1)).toBe(429);
    expect((await register(plain, '203.0.113.8')).status).toBe(429);
  });

  it('parses false, true, hop counts and address lists', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'not a proxy!' })).toThrow(/TRUST_PROXY/);
  });
});
