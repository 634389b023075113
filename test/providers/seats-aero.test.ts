import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { MAX_PAGES, parseRetryAfter, partnerAuthorization } from '../../adapters/providers/seats-aero/client.js';
import { mapAvailability } from '../../adapters/providers/seats-aero/map-availability.js';
import { createSeatsAeroProvider } from '../../adapters/providers/seats-aero/seats-aero-provider.js';
import type { Availability, ListResponse } from '../../adapters/providers/seats-aero/wire.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { AwardProvider, FlightQuery } from '../../tools/_kit/providers.js';
import { FAKE_RETRY_AFTER_SECONDS, startSeatsAeroFake, type SeatsAeroFailure, type SeatsAeroFake } from '../fakes/seats-aero-fake.js';
import { settlesBefore } from '../kit/settles-before.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/seats-aero/search.json', import.meta.url), 'utf8')) as ListResponse<Availability>;

// A busy transatlantic route a few weeks out: several programs have space.
const QUERY: FlightQuery = {
  origin: 'JFK',
  destination: 'LHR',
  departureDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  adults: 1,
  children: 0,
  infants: 0,
  cabin: 'economy',
  currency: 'USD',
};

function provider(transport: HttpTransport, apiKey: string, policy = new ProviderPolicy('seats_aero', { timeoutMs: 2_000, retries: 0 })): AwardProvider {
  return createSeatsAeroProvider({ transport, apiKey, policy, mode: 'live' });
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

/** A transport that answers every call with the same body, counting calls. */
function stubTransport(body: unknown, status = 200): HttpTransport & { calls: number } {
  const t = Object.assign(
    async () => {
      t.calls++;
      return { status, header: () => null, text: async () => JSON.stringify(body), json: async () => structuredClone(body) };
    },
    { calls: 0 },
  );
  return t;
}

describe('seats.aero adapter against the local fake', () => {
  let fake: SeatsAeroFake;
  beforeAll(async () => {
    fake = await startSeatsAeroFake({ apiKey: 'pro_test_key' });
  });
  afterAll(() => fake.close());

  it('sends a Pro key raw, with the documented search parameters', async () => {
    fake.requests.length = 0;
    const offers = await provider(httpTransport(fake.url), 'pro_test_key').searchAwards(QUERY, new AbortController().signal);
    expect(offers.length).toBeGreaterThan(0);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/search');
    expect(req.headers['partner-authorization']).toBe('pro_test_key');
    expect(req.headers['accept']).toBe('application/json');
    expect(req.query).toMatchObject({
      origin_airport: 'JFK',
      destination_airport: 'LHR',
      start_date: QUERY.departureDate,
      end_date: QUERY.departureDate,
      cabins: 'economy',
      include_trips: 'true',
      take: '500',
      order_by: 'lowest_mileage',
    });
    for (const o of offers) {
      expect(o).toMatchObject({ provider: 'seats_aero', cabin: 'economy', origin: 'JFK', destination: 'LHR', date: QUERY.departureDate });
      expect(o.miles).toBeGreaterThan(0);
    }
  });

  it('sends an OAuth token with the Bearer scheme', async () => {
    const oauth = await startSeatsAeroFake({ apiKey: 'seats:ota:abc123' });
    try {
      const offers = await provider(httpTransport(oauth.url), 'seats:ota:abc123').searchAwards(QUERY, new AbortController().signal);
      expect(offers.length).toBeGreaterThan(0);
      expect(oauth.requests[0]!.headers['partner-authorization']).toBe('Bearer seats:ota:abc123');
      expect(partnerAuthorization('pro_abc')).toBe('pro_abc');
    } finally {
      await oauth.close();
    }
  });

  it('maps a refused key to auth', async () => {
    const err = await failure(provider(httpTransport(fake.url), 'pro_wrong').searchAwards(QUERY, new AbortController().signal));
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
  });

  it('searches both directions of a round trip', async () => {
    fake.requests.length = 0;
    const returnDate = new Date(Date.parse(QUERY.departureDate) + 7 * 86_400_000).toISOString().slice(0, 10);
    const offers = await provider(httpTransport(fake.url), 'pro_test_key').searchAwards({ ...QUERY, returnDate }, new AbortController().signal);
    const searched = fake.requests.map((r) => `${r.query.origin_airport}-${r.query.destination_airport}@${r.query.start_date}`).sort();
    expect(searched).toEqual([`JFK-LHR@${QUERY.departureDate}`, `LHR-JFK@${returnDate}`]);
    expect(offers.some((o) => o.origin === 'JFK' && o.date === QUERY.departureDate)).toBe(true);
    expect(offers.some((o) => o.origin === 'LHR' && o.date === returnDate)).toBe(true);
  });

  it('follows the cursor across pages and returns what one big page returns', async () => {
    const p = provider(httpTransport(fake.url), 'pro_test_key');
    const whole = await p.searchAwards(QUERY, new AbortController().signal);
    const first = fake.requests.at(-1)!;
    const raw = await fetch(`${fake.url}/search?${new URLSearchParams(first.query).toString()}`, { headers: { 'Partner-Authorization': 'pro_test_key' } });
    const rows = ((await raw.json()) as ListResponse<Availability>).data.length;
    expect(rows).toBeGreaterThanOrEqual(6);

    // Pages sized so the rows need three or four of them, under the cap.
    const size = Math.floor(rows / 3);
    fake.requests.length = 0;
    fake.forcePageSize(size);
    try {
      const paged = await p.searchAwards(QUERY, new AbortController().signal);
      const pages = fake.requests.filter((r) => r.path === '/search');
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages.length).toBeLessThan(MAX_PAGES);
      expect(pages[0]!.query.cursor).toBeUndefined();
      const cursor = pages[1]!.query.cursor;
      expect(cursor).toMatch(/^\d+$/);
      pages.slice(1).forEach((page, i) => {
        expect(page.query.cursor).toBe(cursor);
        expect(page.query.skip).toBe(String((i + 1) * size));
      });
      const ids = (offers: typeof whole) => offers.map((o) => o.availabilityId).sort();
      expect(ids(paged)).toEqual(ids(whole));
    } finally {
      fake.forcePageSize(null);
    }
  });

  const KINDS: [SeatsAeroFailure, ProviderError['kind'], number | undefined][] = [
    ['rate_limited', 'rate_limited', 429],
    ['server_error', 'unavailable', 500],
    ['unavailable', 'unavailable', 503],
    ['malformed', 'bad_response', undefined],
    ['missing_data', 'bad_response', undefined],
    ['forbidden', 'auth', 403],
    ['not_found', 'not_found', 404],
    ['bad_request', 'rejected', 400],
  ];
  it.each(KINDS)('maps %s to %s', async (scenario, kind, status) => {
    fake.failNext(scenario);
    const err = await failure(provider(httpTransport(fake.url), 'pro_test_key').searchAwards(QUERY, new AbortController().signal));
    expect(err.kind).toBe(kind);
    expect(err.provider).toBe('seats_aero');
    expect(err.status).toBe(status);
    if (scenario === 'rate_limited') expect(err.retryAfterMs).toBe(FAKE_RETRY_AFTER_SECONDS * 1000);
  });

  it('retries a 503 once, but not a long Retry-After', async () => {
    const policy = () => new ProviderPolicy('seats_aero', { timeoutMs: 2_000, retries: 1 });
    fake.requests.length = 0;
    fake.failNext('unavailable');
    await expect(provider(httpTransport(fake.url), 'pro_test_key', policy()).searchAwards(QUERY, new AbortController().signal)).resolves.not.toHaveLength(0);
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    fake.failNext('rate_limited');
    const err = await failure(provider(httpTransport(fake.url), 'pro_test_key', policy()).searchAwards(QUERY, new AbortController().signal));
    expect(err.kind).toBe('rate_limited');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up with timeout when the API does not answer', async () => {
    fake.failNext('timeout');
    const policy = new ProviderPolicy('seats_aero', { timeoutMs: 300, retries: 0 });
    const call = provider(httpTransport(fake.url), 'pro_test_key', policy).searchAwards(QUERY, new AbortController().signal);
    // The 300 ms budget fires before a sentinel at 10 times it (order, not a measured time).
    expect(await settlesBefore(call, 3_000)).toBe(true);
    expect((await failure(call)).kind).toBe('timeout');
  });

  it('stops promptly when the caller aborts, without blaming the provider', async () => {
    fake.failNext('timeout');
    const caller = new AbortController();
    const policy = new ProviderPolicy('seats_aero', { timeoutMs: 5_000, retries: 1 });
    setTimeout(() => caller.abort(new Error('caller left')), 100);
    const call = provider(httpTransport(fake.url), 'pro_test_key', policy).searchAwards(QUERY, caller.signal);
    // Settles on the caller's abort, long before the 5 s budget would have fired.
    expect(await settlesBefore(call, 2_500)).toBe(true);
    const err = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    expect(isProviderError(err)).toBe(false);
    expect(policy.lastOutcome?.status).not.toBe('error');
  });
});

describe('seats.aero mapping of a recorded-shape response', () => {
  const [aeroplan, united] = fixture.data;

  it('gives one offer per business trip, field by field', () => {
    const offers = mapAvailability(fixture.data, 'business');
    expect(offers).toHaveLength(3);
    const [nonstop, connection, routeOnly] = offers;

    expect(nonstop).toEqual({
      provider: 'seats_aero',
      program: 'aeroplan',
      cabin: 'business',
      miles: 70000,
      taxes: { amount: 58.6, currency: 'CAD' },
      seatsRemaining: null,
      origin: 'SFO',
      destination: 'FRA',
      date: '2026-12-01',
      direct: true,
      airlines: ['LH'],
      slices: [
        {
          origin: 'SFO',
          destination: 'FRA',
          durationMinutes: 660,
          providerSliceId: aeroplan!.AvailabilityTrips![0]!.ID,
          segments: [
            {
              origin: 'SFO',
              destination: 'FRA',
              departingAt: '2026-12-01T15:40:00',
              arrivingAt: '2026-12-02T11:40:00',
              durationMinutes: 660,
              marketingCarrier: 'LH',
              flightNumber: '455',
              aircraft: 'Airbus A350-900',
              providerSegmentId: aeroplan!.AvailabilityTrips![0]!.AvailabilitySegments[0]!.ID,
            },
          ],
        },
      ],
      availabilityId: aeroplan!.AvailabilityTrips![0]!.ID,
      observedAt: '2026-11-02T14:05:09.774Z',
    });

    // Segments come back in Order, not array order; durations come from the airports' zones.
    expect(connection!.slices[0]!.segments.map((s) => [s.marketingCarrier + s.flightNumber, s.origin, s.destination, s.durationMinutes])).toEqual([
      ['UA1234', 'SFO', 'EWR', 330],
      ['UA960', 'EWR', 'FRA', 475],
    ]);
    expect(connection).toMatchObject({
      miles: 80000,
      taxes: { amount: 123.45, currency: 'CAD' },
      seatsRemaining: 4,
      direct: false,
      airlines: ['UA'],
      availabilityId: aeroplan!.AvailabilityTrips![1]!.ID,
      observedAt: '2026-11-02T13:58:51.120Z',
    });
    expect(connection!.slices[0]!.durationMinutes).toBe(955);

    expect(routeOnly).toEqual({
      provider: 'seats_aero',
      program: 'united',
      cabin: 'business',
      miles: 88000,
      taxes: { amount: 5.6, currency: 'USD' },
      seatsRemaining: 1,
      origin: 'SFO',
      destination: 'FRA',
      date: '2026-12-01',
      direct: false,
      airlines: ['UA', 'LH'],
      slices: [],
      availabilityId: united!.ID,
      observedAt: '2026-11-02T11:47:36.005Z',
    });
  });

  it('returns only the requested cabin', () => {
    const economy = mapAvailability(fixture.data, 'economy');
    expect(economy).toHaveLength(1);
    expect(economy[0]).toMatchObject({ program: 'united', cabin: 'economy', miles: 40000, seatsRemaining: 7, direct: true, airlines: ['UA'] });
    expect(mapAvailability(fixture.data, 'premium_economy')).toEqual([]);
    expect(mapAvailability(fixture.data, 'first')).toEqual([]);
  });

  it('drops space with fewer known seats than travellers', async () => {
    const p = provider(stubTransport(fixture), 'pro_x');
    const query = { ...QUERY, origin: 'SFO', destination: 'FRA', departureDate: '2026-12-01', cabin: 'business' as const };
    expect(await p.searchAwards(query, new AbortController().signal)).toHaveLength(3);
    const two = await p.searchAwards({ ...query, adults: 2 }, new AbortController().signal);
    expect(two.map((o) => o.program)).toEqual(['aeroplan', 'aeroplan']); // united's 1 seat is not enough; aeroplan's unknown count might be
  });

  it(`stops after ${MAX_PAGES} pages when the cursor never ends`, async () => {
    const endless = stubTransport({ ...fixture, hasMore: true });
    await provider(endless, 'pro_x').searchAwards({ ...QUERY, cabin: 'business' }, new AbortController().signal);
    expect(endless.calls).toBe(MAX_PAGES);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('7')).toBe(7_000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
