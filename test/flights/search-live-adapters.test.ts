import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';
import { startSeatsAeroFake, type SeatsAeroFake } from '../fakes/seats-aero-fake.js';
import { FAKE_SERPAPI_KEY, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi-fake.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, ofType, searchEvents } from './search-helpers.js';

// With credentials configured, the server picks the real HTTP adapters. Here they
// talk to local fakes of Duffel, SerpApi and seats.aero over HTTP; one fake then
// sends garbage, and the stream carries on without it.

let duffel: DuffelFake;
let serp: SerpApiFake;
let seats: SeatsAeroFake;
let server: TestServer;

beforeAll(async () => {
  [duffel, serp, seats] = await Promise.all([startDuffelFake(), startSerpApiFake(), startSeatsAeroFake({ apiKey: 'pro_live_test' })]);
  server = await startTestServer({
    env: {
      DUFFEL_ACCESS_TOKEN: 'duffel_test_fake_token',
      DUFFEL_BASE_URL: duffel.url,
      SERPAPI_API_KEY: FAKE_SERPAPI_KEY,
      SERPAPI_BASE_URL: serp.url,
      SEATS_AERO_API_KEY: 'pro_live_test',
      SEATS_AERO_BASE_URL: seats.url,
      SEARCH_CACHE_TTL_S: '0',
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([duffel.close(), serp.close(), seats.close()]);
});

const progress = (events: Awaited<ReturnType<typeof searchEvents>>) =>
  Object.fromEntries(ofType(events, 'progress').map((e) => [e.data.provider as string, e.data as { status: string; reason: string | null; mode: string }]));

describe('search through the real adapters', () => {
  it('runs live against the three wire formats', async () => {
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), cabin_class: 'business' });
    const p = progress(events);
    for (const name of ['duffel', 'serpapi', 'seats_aero']) expect(p[name]).toMatchObject({ status: 'ok', mode: 'live' });
    expect(duffel.requests.some((r) => r.path.startsWith('/air/offer_requests'))).toBe(true);
    expect(serp.requests.length).toBeGreaterThan(0);
    expect(seats.requests.length).toBeGreaterThan(0);
    const health = (await (await server.get('/health/providers')).json()) as { providers: { name: string; mode: string; credential_present: boolean }[] };
    for (const h of health.providers.filter((x) => x.name !== 'stripe')) expect(h).toMatchObject({ mode: 'live', credential_present: true });
  });

  it('keeps streaming when a provider sends garbage or times out', async () => {
    serp.failNext('malformed', 2);
    seats.failNext('server_error', 2);
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(41) });
    const p = progress(events);
    expect(p.serpapi).toMatchObject({ status: 'error', reason: 'bad_response' });
    expect(p.seats_aero).toMatchObject({ status: 'error', reason: 'unavailable' });
    expect(p.duffel).toMatchObject({ status: 'ok' });
    expect(ofType(events, 'result').length).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe('complete');
  });
});
