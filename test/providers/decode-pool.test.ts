import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuffelProvider, offerRequestBody } from '../../adapters/providers/duffel/duffel-provider.js';
import { duffelOffers } from '../../adapters/providers/http/decoders.js';
import { createDecodePool, INLINE_DECODING, type DecodePool } from '../../adapters/providers/http/decode-pool.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpRequest, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { createSeatsAeroProvider } from '../../adapters/providers/seats-aero/seats-aero-provider.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { isProviderError } from '../../tools/_kit/provider-error.js';
import type { FlightQuery } from '../../tools/_kit/providers.js';

// The decode pool must hand back exactly what inline decoding maps, over real
// HTTP bytes; and a body off the happy path, or a pool that is gone, must end
// as the adapter's usual provider error or answer, never a crash.

const seed = 'decode-pool';
const sims: Record<string, HttpTransport> = {
  duffel: simulatedTransport('duffel', createDuffelSimulator({ seed }), { latencyMs: 0, failRate: 0, seed }),
  seats_aero: simulatedTransport('seats_aero', createSeatsAeroSimulator({ seed }), { latencyMs: 0, failRate: 0, seed }),
};
/** Paths under /broken answer 200 with a body that is not JSON. */
let server: Server;
let base = '';
let pool: DecodePool;

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? '/', 'http://x');
      const [, name, ...rest] = url.pathname.split('/');
      if (name === 'broken') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [oops');
      const request: HttpRequest = { method: req.method as HttpRequest['method'], path: `/${rest.join('/')}`, query: Object.fromEntries(url.searchParams), headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), signal: new AbortController().signal, ...(chunks.length ? { body: Buffer.concat(chunks).toString('utf8') } : {}) };
      const answer = await sims[name!]!(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = createDecodePool(2, { always: true });
});
afterAll(async () => {
  await pool.close();
  await new Promise((r) => server.close(r));
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const query: FlightQuery = { origin: 'JFK', destination: 'LHR', departureDate: inDays(30), returnDate: inDays(37), adults: 1, children: 0, infants: 0, cabin: 'business', currency: 'USD' };

const duffel = (decode: DecodePool, path = 'duffel') =>
  createDuffelProvider({ transport: httpTransport(`${base}/${path}`), token: 'duffel_test_x', policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live', decode });
const seats = (decode: DecodePool, path = 'seats_aero') =>
  createSeatsAeroProvider({ transport: httpTransport(`${base}/${path}`), apiKey: 'pro_x', policy: new ProviderPolicy('seats_aero', { retries: 0 }), mode: 'live', decode });
const signal = () => new AbortController().signal;

describe('decode pool', () => {
  it('maps Duffel offers and seats.aero pages in its threads exactly as inline decoding does', async () => {
    // Duffel makes new offer ids per request: both decodings read the same answer.
    const res = await httpTransport(`${base}/duffel`)({
      method: 'POST', path: '/air/offer_requests', query: { return_offers: true }, signal: signal(),
      headers: { 'Duffel-Version': 'v2', Authorization: 'Bearer duffel_test_x', 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: offerRequestBody(query) }),
    });
    const inlineCash = duffelOffers(await res.json());
    expect(inlineCash.length).toBeGreaterThan(10);
    expect(await pool.decode(res, 'duffel-offers', undefined)).toEqual(inlineCash);
    for (const cabin of ['economy', 'business'] as const) {
      const inlineAwards = await seats(INLINE_DECODING).searchAwards({ ...query, cabin }, signal());
      const pooledAwards = await seats(pool).searchAwards({ ...query, cabin }, signal());
      expect(inlineAwards.length).toBeGreaterThan(0);
      expect(pooledAwards).toEqual(inlineAwards);
    }
  });

  it('turns a 200 that is not JSON into a bad_response provider error, as inline', async () => {
    for (const search of [() => duffel(pool, 'broken').searchOffers(query, signal()), () => seats(pool, 'broken').searchAwards(query, signal())]) {
      const err: unknown = await search().then(() => null, (e: unknown) => e);
      expect(isProviderError(err) && err.kind).toBe('bad_response');
    }
  });

  it('falls back to inline decoding when its threads are gone', async () => {
    const gone = createDecodePool(1, { always: true });
    await gone.close();
    expect((await duffel(gone).searchOffers(query, signal())).length).toBe((await duffel(INLINE_DECODING).searchOffers(query, signal())).length);
    expect(await seats(gone).searchAwards(query, signal())).toEqual(await seats(INLINE_DECODING).searchAwards(query, signal()));
  });

  it('decodes inline while the event loop is idle, in its threads while it is busy', async () => {
    const adaptive = createDecodePool(1);
    const body = JSON.stringify({ data: [], hasMore: false, cursor: 7 });
    const res = { status: 200, header: () => null, text: () => Promise.resolve(body), json: () => Promise.resolve(JSON.parse(body) as unknown) };
    // Idle: inline (undefined). Other work in this test process (timers of servers other files
    // started) can keep a window busy, so the loop gets up to 20 quiet windows to show it.
    let idleAnswer: unknown = 'never idle';
    for (let i = 0; i < 20 && idleAnswer !== undefined; i++) {
      await new Promise((r) => setTimeout(r, 150));
      idleAnswer = await adaptive.decode(res, 'seats-aero-page', 'economy');
    }
    expect(idleAnswer).toBeUndefined();
    const until = performance.now() + 150;
    while (performance.now() < until); // the loop busy for a whole window
    expect(await adaptive.decode(res, 'seats-aero-page', 'economy')).toEqual({ rows: [], hasMore: false, cursor: 7 });
    await adaptive.close();
  });
});
