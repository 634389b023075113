import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../adapters/providers/http/transport.js';
import { OVERSIZED_BYTES, startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';
import { FAKE_SERPAPI_KEY, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi-fake.js';
import { daysAhead, ofType, searchEvents } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Issue 21, "fail honestly": a provider that answers too much, answers in the wrong
// shape or never answers is a provider failure the client is told about, that
// /health/providers shows and that opens the provider's breaker (5 in a row).

interface Health {
  name: string;
  breaker: string;
  status: string;
  last_outcome: { status: string; detail: string | null } | null;
}

let duffel: DuffelFake;
let serp: SerpApiFake;
beforeAll(async () => {
  [duffel, serp] = await Promise.all([startDuffelFake(), startSerpApiFake()]);
});
afterAll(async () => {
  await Promise.all([duffel.close(), serp.close()]);
});

async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    env: {
      DUFFEL_ACCESS_TOKEN: 'duffel_test_fake_token',
      DUFFEL_BASE_URL: duffel.url,
      SERPAPI_API_KEY: FAKE_SERPAPI_KEY,
      SERPAPI_BASE_URL: serp.url,
      SEARCH_CACHE_TTL_S: '0',
      ...env,
    },
  });
}

let day = 30;
/** A cash search on a date no other search used; the Duffel progress event it streamed. */
async function duffelProgress(server: TestServer): Promise<{ status: string; reason: string | null }> {
  const events = await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(day++), search_type: 'cash' });
  const progress = ofType(events, 'progress').map((e) => e.data as { provider: string; status: string; reason: string | null });
  expect(events.at(-1)?.type).toBe('complete');
  return progress.find((p) => p.provider === 'duffel')!;
}

async function duffelHealth(server: TestServer): Promise<Health> {
  const res = await server.get('/health/providers');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { providers: Health[] };
  return body.providers.find((p) => p.name === 'duffel')!;
}

const offerRequests = () => duffel.requests.filter((r) => r.path === '/air/offer_requests').length;

describe('a wrongly shaped Duffel answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is bad_response, not no_results, and five in a row open the breaker', async () => {
    duffel.failNext('wrong_shape', 5);
    for (let i = 0; i < 5; i++) expect(await duffelProgress(server)).toMatchObject({ status: 'error', reason: 'bad_response' });
    expect(await duffelHealth(server)).toMatchObject({ breaker: 'open', status: 'down', last_outcome: { status: 'error', detail: 'bad_response' } });

    // Open: the next search does not call Duffel at all.
    const before = offerRequests();
    expect(await duffelProgress(server)).toMatchObject({ status: 'error', reason: 'circuit_open' });
    expect(offerRequests()).toBe(before);
  });
});

describe('a 60 MB Duffel answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is bad_response, and reading stops near the size cap', async () => {
    duffel.failNext('oversized');
    const progress = await duffelProgress(server);
    expect(progress).toMatchObject({ status: 'error', reason: 'bad_response' });

    const answered = duffel.requests.filter((r) => r.path === '/air/offer_requests').at(-1)!;
    await answered.closed;
    expect(answered.abandoned).toBe(true);
    // The client hung up at the cap; what is past it sat in socket buffers (a few MB on loopback), not in the server.
    expect(answered.bytesSent).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES);
    expect(answered.bytesSent).toBeLessThan(DEFAULT_MAX_BODY_BYTES + 8 * 1024 * 1024);
    expect(answered.bytesSent).toBeLessThan(OVERSIZED_BYTES / 2);
    expect(await duffelHealth(server)).toMatchObject({ breaker: 'closed', status: 'degraded', last_outcome: { status: 'error', detail: 'bad_response' } });
  });

  it('fails a REST call with 502 UPSTREAM_FAILED naming bad_response', async () => {
    duffel.failNext('oversized');
    const res = await server.get('/api/offers/off_0000000000000000000000');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_FAILED', details: { provider: 'duffel', reason: 'bad_response' } });
  });
});

describe('a Duffel that never answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SEARCH_BUDGET_MS: '1000' });
  });
  afterAll(() => server.close());

  it('is a search-budget timeout in /health/providers, and five of them open the breaker', async () => {
    duffel.failNext('timeout', 10);
    expect(await duffelProgress(server)).toMatchObject({ status: 'error', reason: 'timeout' });
    expect(await duffelHealth(server)).toMatchObject({ breaker: 'closed', status: 'degraded', last_outcome: { status: 'error', detail: 'search_budget_timeout' } });

    for (let i = 0; i < 4; i++) expect(await duffelProgress(server)).toMatchObject({ status: 'error', reason: 'timeout' });
    expect(await duffelHealth(server)).toMatchObject({ breaker: 'open', status: 'down' });

    const before = offerRequests();
    expect(await duffelProgress(server)).toMatchObject({ status: 'error', reason: 'circuit_open' });
    expect(offerRequests()).toBe(before);
  });
});
