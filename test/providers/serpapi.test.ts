import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderPolicy, type ResilienceOptions } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpRequest, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { createSerpApiProvider } from '../../adapters/providers/serpapi/serpapi-provider.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { FlightQuery } from '../../tools/_kit/providers.js';
import { FAKE_RETRY_AFTER_S, FAKE_SERPAPI_KEY, startSerpApiFake, type SerpApiFake, type SerpApiFakeScenario } from '../fakes/serpapi-fake.js';
import { settlesBefore } from '../kit/settles-before.js';

const FIXTURE = readFileSync(new URL('../fixtures/serpapi/one-way.json', import.meta.url), 'utf8');

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function query(over: Partial<FlightQuery> = {}): FlightQuery {
  return { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(45), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD', ...over };
}

function policy(opts: Partial<ResilienceOptions> = {}): ProviderPolicy {
  return new ProviderPolicy('serpapi', { retries: 0, timeoutMs: 5_000, ...opts });
}

/** A transport answering from a function, for wire shapes the fake cannot produce. */
function scripted(answer: (req: HttpRequest) => { status: number; body: unknown; headers?: Record<string, string> }): { transport: HttpTransport; calls: HttpRequest[] } {
  const calls: HttpRequest[] = [];
  const transport: HttpTransport = async (req) => {
    calls.push(req);
    const { status, body, headers = {} } = answer(req);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { status, header: (name) => headers[name.toLowerCase()] ?? null, text: async () => text, json: async () => JSON.parse(text) as unknown };
  };
  return { transport, calls };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** Everything a thrown error could show someone: its message and its causes' messages. */
function visibleText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message, String(e.stack));
  return parts.join('\n');
}

describe('SerpApi adapter: mapping a recorded-shape response', () => {
  const run = (q: FlightQuery, body: unknown = JSON.parse(FIXTURE)) => {
    const { transport } = scripted(() => ({ status: 200, body }));
    return createSerpApiProvider({ transport, apiKey: 'k', policy: policy(), mode: 'live' }).searchFlights(q, new AbortController().signal);
  };

  it('maps best and other flights field by field', async () => {
    const offers = await run(query({ origin: 'SFO', destination: 'JFK', departureDate: '2026-12-15' }));
    expect(offers.map((o) => o.owner)).toEqual(['UA', 'B6', 'WN', 'AA']);
    expect(offers[0]).toEqual({
      provider: 'serpapi',
      providerOfferId: 'WyJ1YTIyNjQtb25lLXdheSJd',
      bookable: false,
      total: { amount: 248, currency: 'USD' },
      cabin: 'economy',
      fareBrand: null,
      slices: [
        {
          origin: 'SFO',
          destination: 'JFK',
          durationMinutes: 332,
          segments: [
            {
              origin: 'SFO',
              destination: 'JFK',
              departingAt: '2026-12-15T07:00:00',
              arrivingAt: '2026-12-15T15:32:00',
              durationMinutes: 332,
              marketingCarrier: 'UA',
              marketingCarrierName: 'United',
              flightNumber: '2264',
              aircraft: 'Boeing 757',
            },
          ],
        },
      ],
      owner: 'UA',
      ownerName: 'United',
      expiresAt: null,
      observedAt: '2026-11-21T10:00:00.000Z',
      emissionsKg: 318,
    });
  });

  it('maps a connection into one slice with both segments and the total duration', async () => {
    const wn = (await run(query()))[2]!;
    expect(wn.total).toEqual({ amount: 212, currency: 'USD' });
    expect(wn.slices).toHaveLength(1);
    const slice = wn.slices[0]!;
    expect([slice.origin, slice.destination, slice.durationMinutes]).toEqual(['SFO', 'LGA', 440]);
    expect(slice.segments.map((s) => [s.origin, s.destination, s.marketingCarrier, s.flightNumber, s.durationMinutes])).toEqual([
      ['SFO', 'DEN', 'WN', '1432', 150],
      ['DEN', 'LGA', 'WN', '877', 225],
    ]);
    expect(slice.segments[1]!.departingAt).toBe('2026-12-15T10:40:00');
    expect(wn.emissionsKg).toBe(319);
  });

  it('prices in the asked currency, overnight arrivals keep their date, odd rows are dropped', async () => {
    const body = JSON.parse(FIXTURE) as { other_flights: { flights: { flight_number: string }[] }[]; search_metadata: { created_at?: string } };
    body.other_flights[1]!.flights[0]!.flight_number = 'not a flight';
    delete body.search_metadata.created_at;
    const before = Date.now();
    const offers = await run(query({ currency: 'eur' }), body);
    expect(offers).toHaveLength(3);
    expect(offers.every((o) => o.total.currency === 'EUR')).toBe(true);
    expect(offers[1]!.slices[0]!.segments[0]!.arrivingAt).toBe('2026-12-16T07:20:00');
    expect(Date.parse(offers[0]!.observedAt)).toBeGreaterThanOrEqual(before - 1);
  });

  it('takes the cabin from the legs, falling back to the searched one', async () => {
    const body = JSON.parse(FIXTURE) as { best_flights: { flights: { travel_class?: string }[] }[] };
    body.best_flights[0]!.flights[0]!.travel_class = 'Premium Economy';
    delete body.best_flights[1]!.flights[0]!.travel_class;
    const offers = await run(query({ cabin: 'business' }), body);
    expect(offers[0]!.cabin).toBe('premium_economy');
    expect(offers[1]!.cabin).toBe('business');
    expect(offers[2]!.cabin).toBe('economy');
  });
});

describe('SerpApi adapter against the local fake', () => {
  let fake: SerpApiFake;
  const provider = (p: ProviderPolicy = policy(), apiKey = FAKE_SERPAPI_KEY) =>
    createSerpApiProvider({ transport: httpTransport(fake.url), apiKey, policy: p, mode: 'live' });
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    fake = await startSerpApiFake({ seed: 'serpapi-adapter-test' });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends the engine, key and search parameters SerpApi expects', async () => {
    const offers = await provider().searchFlights(query({ cabin: 'business', maxConnections: 0, currency: 'EUR', adults: 2, children: 1, infants: 1 }), signal());
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/search');
    expect(sent.query).toMatchObject({
      engine: 'google_flights',
      api_key: FAKE_SERPAPI_KEY,
      output: 'json',
      departure_id: 'JFK',
      arrival_id: 'LHR',
      type: '2',
      travel_class: '3',
      stops: '1',
      currency: 'EUR',
      hl: 'en',
      adults: '2',
      children: '1',
      infants_on_lap: '1',
    });
    expect(sent.query).not.toHaveProperty('return_date');
    expect(sent.query).not.toHaveProperty('deep_search');
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.total.currency).toBe('EUR');
      expect(Number.isInteger(o.total.amount)).toBe(true);
      expect(o.slices).toHaveLength(1);
      expect(o.slices[0]!.segments).toHaveLength(1);
      expect(o.bookable).toBe(false);
    }
  });

  it('omits stops when any number of connections is fine, and maps 1 and 2 connections', async () => {
    await provider().searchFlights(query(), signal());
    await provider().searchFlights(query({ maxConnections: 1 }), signal());
    await provider().searchFlights(query({ maxConnections: 2 }), signal());
    expect(fake.requests.map((r) => r.query.stops)).toEqual([undefined, '2', '3']);
  });

  it('does a round trip in two steps and returns two-slice offers', async () => {
    const returnDate = daysAhead(52);
    const offers = await provider().searchFlights(query({ returnDate }), signal());
    const [first, ...second] = fake.requests;
    expect(first!.query).toMatchObject({ type: '1', return_date: returnDate });
    expect(first!.query).not.toHaveProperty('departure_token');
    expect(second.length).toBeGreaterThanOrEqual(1);
    expect(second.length).toBeLessThanOrEqual(4);
    const tokens = second.map((r) => r.query.departure_token);
    expect(new Set(tokens).size).toBe(second.length);
    for (const r of second) expect(r.query).toMatchObject({ type: '1', departure_id: 'JFK', arrival_id: 'LHR', return_date: returnDate });

    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.slices.map((s) => [s.origin, s.destination])).toEqual([['JFK', 'LHR'], ['LHR', 'JFK']]);
      expect(o.slices[1]!.segments[0]!.departingAt.startsWith(returnDate)).toBe(true);
      expect(tokens).not.toContain(o.providerOfferId);
    }
    expect(offers.map((o) => o.total.amount)).toEqual([...offers.map((o) => o.total.amount)].sort((a, b) => a - b));
  });

  it.each<[SerpApiFakeScenario, ProviderError['kind'], number]>([
    ['rate_limited', 'rate_limited', 429],
    ['server_error', 'unavailable', 500],
    ['unavailable', 'unavailable', 503],
    ['malformed', 'bad_response', 200],
    ['metadata_error', 'unavailable', 200],
  ])('%s becomes a ProviderError of kind %s', async (scenario, kind, status) => {
    fake.failNext(scenario);
    const err = await caught(provider().searchFlights(query(), signal()));
    expect(isProviderError(err)).toBe(true);
    expect((err as ProviderError).kind).toBe(kind);
    expect((err as ProviderError).status).toBe(status);
    expect((err as ProviderError).provider).toBe('serpapi');
    expect(visibleText(err)).not.toContain(FAKE_SERPAPI_KEY);
    if (scenario === 'rate_limited') expect((err as ProviderError).retryAfterMs).toBe(FAKE_RETRY_AFTER_S * 1000);
  });

  it('a refused key is an auth error that never quotes the key', async () => {
    const wrongKey = 'wrong_key_0c8d1e2f3a4b';
    const err = await caught(provider(policy(), wrongKey).searchFlights(query(), signal()));
    expect((err as ProviderError).kind).toBe('auth');
    expect((err as ProviderError).status).toBe(401);
    expect(fake.requests[0]!.query.api_key).toBe(wrongKey);
    expect(visibleText(err)).not.toContain(wrongKey);
  });

  it('an unknown airport is rejected (400)', async () => {
    const err = await caught(provider().searchFlights(query({ origin: 'QZQ' }), signal()));
    expect((err as ProviderError).kind).toBe('rejected');
    expect((err as ProviderError).status).toBe(400);
  });

  it('an empty search is [] and marks no inventory, not an error', async () => {
    const p = policy();
    fake.failNext('empty');
    await expect(provider(p).searchFlights(query(), signal())).resolves.toEqual([]);
    expect(p.noInventory).toBe(true);
    expect(p.lastOutcome?.status).toBe('empty');
    expect(p.breakerState).toBe('closed');
  });

  it('retries a transient failure once when the policy allows it', async () => {
    fake.failNext('unavailable');
    const offers = await provider(policy({ retries: 1 })).searchFlights(query(), signal());
    expect(offers.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
  });

  it('a hanging upstream times out as kind timeout', async () => {
    fake.failNext('timeout');
    const call = provider(policy({ timeoutMs: 300 })).searchFlights(query(), signal());
    // The 300 ms budget fires before a sentinel at 10 times it (order, not a measured time).
    expect(await settlesBefore(call, 3_000)).toBe(true);
    const err = await caught(call);
    expect((err as ProviderError).kind).toBe('timeout');
  });

  it('a caller abort rejects promptly, is not blamed on the provider and not recorded as an error', async () => {
    const p = policy({ timeoutMs: 5_000 });
    fake.failNext('timeout');
    const caller = new AbortController();
    setTimeout(() => caller.abort(new Error('caller went away')), 100);
    const call = provider(p).searchFlights(query(), caller.signal);
    // Settles on the caller's abort, long before the 5 s budget would have fired.
    expect(await settlesBefore(call, 2_500)).toBe(true);
    const err = await caught(call);
    expect(isProviderError(err)).toBe(false);
    expect(p.lastOutcome).toBeNull();
  });

  it('an unreachable host is a network error without the key', async () => {
    const closed = await startSerpApiFake();
    const url = closed.url;
    await closed.close();
    const p = createSerpApiProvider({ transport: httpTransport(url), apiKey: FAKE_SERPAPI_KEY, policy: policy(), mode: 'live' });
    const err = await caught(p.searchFlights(query(), signal()));
    expect((err as ProviderError).kind).toBe('network');
    expect(visibleText(err)).not.toContain(FAKE_SERPAPI_KEY);
  });
});

describe('SerpApi client: status mapping and round-trip fan-out', () => {
  const run = (transport: HttpTransport, q: FlightQuery = query(), apiKey = 'secret_key_9f8e7d') =>
    createSerpApiProvider({ transport, apiKey, policy: policy(), mode: 'live' }).searchFlights(q, new AbortController().signal);

  it.each<[number, ProviderError['kind']]>([
    [400, 'rejected'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [410, 'not_found'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [502, 'unavailable'],
    [503, 'unavailable'],
  ])('HTTP %i → %s, upstream text scrubbed of the key', async (status, kind) => {
    const { transport } = scripted(() => ({ status, body: { error: 'Bad key secret_key_9f8e7d for this request.' } }));
    const err = (await caught(run(transport))) as ProviderError;
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.message).toContain('[redacted]');
    expect(visibleText(err)).not.toContain('secret_key_9f8e7d');
  });

  it('a 429 without Retry-After has no retry hint; a non-JSON error page still maps by status', async () => {
    const plain = (await caught(run(scripted(() => ({ status: 429, body: { error: 'Too many' } })).transport))) as ProviderError;
    expect(plain.retryAfterMs).toBeUndefined();
    const html = (await caught(run(scripted(() => ({ status: 502, body: '<html>Bad gateway</html>' })).transport))) as ProviderError;
    expect(html.kind).toBe('unavailable');
  });

  it('a successful search with another error message is a failure, not empty', async () => {
    const body = { search_metadata: { id: 'x', status: 'Success' }, error: 'Something went wrong upstream.' };
    const err = (await caught(run(scripted(() => ({ status: 200, body })).transport))) as ProviderError;
    expect(err.kind).toBe('unavailable');
  });

  it('a 200 body without search_metadata is a bad response', async () => {
    const err = (await caught(run(scripted(() => ({ status: 200, body: [1, 2] })).transport))) as ProviderError;
    expect(err.kind).toBe('bad_response');
  });

  /** Outbound options priced 500..900 with tokens out0..out4; each token's returns cost outbound + 10 and + 40. */
  const roundTripWire = (failToken?: string) =>
    scripted((req) => {
      const fixture = JSON.parse(FIXTURE) as { best_flights: Record<string, unknown>[]; other_flights: Record<string, unknown>[] };
      const template = fixture.best_flights[0]!;
      const token = req.query?.departure_token as string | undefined;
      if (!token) {
        const outbound = [4, 2, 0, 3, 1].map((i) => ({ ...template, booking_token: undefined, departure_token: `out${i}`, price: 500 + i * 100 }));
        return { status: 200, body: { search_metadata: { id: 'a', status: 'Success' }, best_flights: outbound, other_flights: [] } };
      }
      if (token === failToken) return { status: 503, body: { error: 'busy' } };
      const base = 500 + Number(token.slice(3)) * 100 + 10;
      const returns = [0, 30].map((extra) => ({ ...template, booking_token: `${token}-ret${extra}`, price: base + extra }));
      return { status: 200, body: { search_metadata: { id: 'b', status: 'Success' }, best_flights: returns } };
    });

  it('fetches returns for the four cheapest outbounds in parallel and prices at the round-trip total', async () => {
    const { transport, calls } = roundTripWire();
    const offers = await run(transport, query({ returnDate: daysAhead(50) }));
    expect(calls).toHaveLength(5);
    expect(calls.slice(1).map((c) => c.query?.departure_token).sort()).toEqual(['out0', 'out1', 'out2', 'out3']);
    expect(offers.map((o) => [o.providerOfferId, o.total.amount])).toEqual([
      ['out0-ret0', 510], ['out0-ret30', 540], ['out1-ret0', 610], ['out1-ret30', 640],
      ['out2-ret0', 710], ['out2-ret30', 740], ['out3-ret0', 810], ['out3-ret30', 840],
    ]);
    expect(offers[0]!.slices).toHaveLength(2);
    expect(offers[0]!.emissionsKg).toBe(636);
  });

  it('keeps the round trips that came back when one return call fails', async () => {
    const { transport } = roundTripWire('out1');
    const offers = await run(transport, query({ returnDate: daysAhead(50) }));
    expect(offers.map((o) => o.providerOfferId)).not.toContain('out1-ret0');
    expect(offers).toHaveLength(6);
  });

  it('fails when every return call fails', async () => {
    const { transport } = scripted((req) =>
      req.query?.departure_token
        ? { status: 503, body: { error: 'busy' } }
        : { status: 200, body: { search_metadata: { id: 'a', status: 'Success' }, best_flights: [{ ...(JSON.parse(FIXTURE) as { best_flights: object[] }).best_flights[0], booking_token: undefined, departure_token: 't' }] } },
    );
    const err = (await caught(run(transport, query({ returnDate: daysAhead(50) })))) as ProviderError;
    expect(err.kind).toBe('unavailable');
  });
});
