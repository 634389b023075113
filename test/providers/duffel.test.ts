import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import { isoDurationMinutes, mapOffer, toMoney } from '../../adapters/providers/duffel/map-offer.js';
import { mapSeatMap } from '../../adapters/providers/duffel/map-seat-map.js';
import type { DuffelOffer, DuffelOfferRequest, DuffelSeatMap } from '../../adapters/providers/duffel/wire.js';
import { ProviderPolicy, type ResilienceOptions } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { ProviderError, isProviderError } from '../../tools/_kit/provider-error.js';
import type { FlightQuery } from '../../tools/_kit/providers.js';
import { startDuffelFake, type DuffelFake, type DuffelScenario } from '../fakes/duffel-fake.js';
import { settlesBefore } from '../kit/settles-before.js';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/duffel/${name}`, import.meta.url), 'utf8')) as T;
const offerRequest = fixture<{ data: DuffelOfferRequest }>('offer-request.json');
const seatMaps = fixture<{ data: DuffelSeatMap[] }>('seat-map.json');
const [basicOffer, connectingOffer] = offerRequest.data.offers as [DuffelOffer, DuffelOffer];

const TOKEN = 'duffel_test_s3cr3t-token-value';
const signal = () => new AbortController().signal;

function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

const query: FlightQuery = { origin: 'LHR', destination: 'JFK', departureDate: inDays(30), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' };

/** Serves one canned body for every call, recording what was asked. */
function cannedTransport(status: number, body: unknown, seen: { path: string; query: unknown }[] = []): HttpTransport {
  return async (req) => {
    seen.push({ path: req.path, query: req.query });
    return { status, header: () => null, text: async () => JSON.stringify(body), json: async () => body };
  };
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe('Duffel mapping of a recorded response', () => {
  it('maps a direct offer field by field', () => {
    const o = mapOffer(basicOffer);
    expect(o).toMatchObject({
      provider: 'duffel',
      providerOfferId: 'off_0000Ak3sQmF1wGp9ZrB2cQ',
      bookable: true,
      total: { amount: 512.34, currency: 'GBP' },
      base: { amount: 400, currency: 'GBP' },
      tax: { amount: 112.34, currency: 'GBP' },
      cabin: 'economy',
      fareBrand: 'Basic',
      owner: 'BA',
      ownerName: 'British Airways',
      expiresAt: '2026-11-02T09:44:27.811932Z',
      observedAt: '2026-11-02T09:14:27.812044Z',
      conditions: { refundable: false, changeable: true, changePenalty: { amount: 75, currency: 'GBP' }, refundPenalty: null },
      baggage: { checked: 0, carryOn: 1 },
      emissionsKg: 461,
    });
    expect(o.slices).toEqual([
      {
        origin: 'LHR',
        destination: 'JFK',
        durationMinutes: 485,
        providerSliceId: 'sli_0000Ak3sQmF1wGp9ZrB2cR',
        segments: [
          {
            origin: 'LHR',
            destination: 'JFK',
            departingAt: '2026-12-01T08:25:00',
            arrivingAt: '2026-12-01T11:30:00',
            durationMinutes: 485,
            marketingCarrier: 'BA',
            marketingCarrierName: 'British Airways',
            flightNumber: '117',
            operatingCarrier: 'BA',
            aircraft: 'Boeing 777-300ER',
            originTerminal: '5',
            destinationTerminal: '8',
            providerSegmentId: 'seg_0000Ak3sQmF1wGp9ZrB2cS',
          },
        ],
      },
    ]);
  });

  it('maps a connecting offer with a codeshare and a day-long duration', () => {
    const o = mapOffer(connectingOffer);
    expect(o.total).toEqual({ amount: 489.1, currency: 'GBP' });
    expect(o.fareBrand).toBe('Flexible');
    expect(o.owner).toBe('IB');
    expect(o.conditions).toEqual({ refundable: true, changeable: true, refundPenalty: { amount: 0, currency: 'GBP' }, changePenalty: { amount: 0, currency: 'GBP' } });
    expect(o.baggage).toEqual({ checked: 1, carryOn: 1 });
    const slice = o.slices[0]!;
    expect(slice.durationMinutes).toBe(24 * 60 + 50);
    expect(slice.segments.map((s) => `${s.origin}-${s.destination}`)).toEqual(['LHR-MAD', 'MAD-JFK']);
    expect(slice.segments[0]).toMatchObject({ marketingCarrier: 'IB', flightNumber: '3177', operatingCarrier: 'I2', durationMinutes: 145, destinationTerminal: '4S', aircraft: 'Airbus A320neo' });
    expect(slice.segments[1]).toMatchObject({ departingAt: '2026-12-02T12:10:00', durationMinutes: 500 });
  });

  it('reads ISO 8601 durations and rounds money to the minor unit', () => {
    expect(isoDurationMinutes('PT7H5M')).toBe(425);
    expect(isoDurationMinutes('P1DT2H')).toBe(1560);
    expect(isoDurationMinutes('PT45M')).toBe(45);
    expect(isoDurationMinutes('P1D')).toBe(1440);
    expect(isoDurationMinutes('7 hours')).toBeNull();
    expect(toMoney('12345.6', 'jpy')).toEqual({ amount: 12346, currency: 'JPY' });
    expect(toMoney('10.005', 'KWD')).toEqual({ amount: 10.005, currency: 'KWD' });
    expect(() => toMoney('abc', 'USD')).toThrow(ProviderError);
  });

  it('rejects an offer without a price as a bad response', () => {
    const broken = { ...basicOffer, total_amount: null } as unknown as DuffelOffer;
    expect(() => mapOffer(broken)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('maps a seat map, keeping the layout, availability and prices', () => {
    const map = mapSeatMap(seatMaps.data[0]!);
    expect(map).toMatchObject({ id: 'sea_00003hthlsHZ8W4LxXjkzo', sliceId: 'sli_0000Ak3sQmF1wGp9ZrB2cR', segmentId: 'seg_0000Ak3sQmF1wGp9ZrB2cS' });
    const cabin = map.cabins[0]!;
    expect(cabin).toMatchObject({ cabinClass: 'economy', deck: 0, aisles: 1, wings: { firstRowIndex: 2, lastRowIndex: 3 } });
    expect(cabin.rows).toHaveLength(4);
    expect(cabin.rows[0]!.sections.map((s) => s.elements[0]!.type)).toEqual(['galley', 'lavatory']);
    const [window, aisle] = cabin.rows[1]!.sections[0]!.elements;
    expect(window).toEqual({
      type: 'seat',
      designator: '10A',
      name: 'Window seat',
      disclosures: [],
      available: true,
      services: [{ serviceId: 'ase_00009UhD4ongolulWd9123', passengerId: 'pas_0000Ak3sQm2YfB7cXnR1tF', price: { amount: 24.5, currency: 'GBP' } }],
    });
    expect(aisle).toMatchObject({ designator: '10C', available: false, services: [] });
    expect(cabin.rows[1]!.sections[1]!.elements[1]).toEqual({ type: 'bassinet' });
    const restricted = cabin.rows[3]!.sections[0]!.elements[0]!;
    expect(restricted).toMatchObject({ type: 'restricted_seat_general', designator: '11A', available: true });
    expect(restricted.disclosures).toHaveLength(2);
  });

  it('unwraps the {data} envelope on the way through the adapter', async () => {
    const seen: { path: string; query: unknown }[] = [];
    const policy = new ProviderPolicy('duffel', { retries: 0 });
    const flights = createDuffelProvider({ transport: cannedTransport(201, offerRequest, seen), token: TOKEN, policy, mode: 'live' });
    const offers = await flights.searchOffers(query, signal());
    expect(offers.map((o) => o.providerOfferId)).toEqual([basicOffer.id, connectingOffer.id]);
    expect(offers[1]).toEqual(mapOffer(connectingOffer));
    const maps = await createDuffelProvider({ transport: cannedTransport(200, seatMaps, seen), token: TOKEN, policy, mode: 'live' }).getSeatMaps(basicOffer.id, signal());
    expect(maps[0]!.cabins[0]!.rows).toHaveLength(4);
    expect(seen.map((s) => s.path)).toEqual(['/air/offer_requests', '/air/seat_maps']);
  });

  it('treats a 2xx without data as a bad response', async () => {
    const policy = new ProviderPolicy('duffel', { retries: 0 });
    const flights = createDuffelProvider({ transport: cannedTransport(200, { meta: {} }), token: TOKEN, policy, mode: 'live' });
    expect((await failure(flights.getOffer('off_1', signal()))).kind).toBe('bad_response');
  });
});

describe('Duffel adapter against the local fake', () => {
  let fake: DuffelFake;
  beforeAll(async () => {
    fake = await startDuffelFake({ seed: 'adapter-test' });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  function adapter(opts: Partial<ResilienceOptions> = {}, token = TOKEN) {
    const policy = new ProviderPolicy('duffel', { retries: 0, timeoutMs: 5_000, breakerThreshold: 5, ...opts });
    return { policy, flights: createDuffelProvider({ transport: httpTransport(fake.url), token, policy, mode: 'live', supplierTimeoutMs: 9_000 }) };
  }

  it('sends the Duffel headers, the {data} body and the search query', async () => {
    const { flights } = adapter();
    const roundTrip: FlightQuery = { ...query, returnDate: inDays(37), adults: 2, children: 1, infants: 1, cabin: 'business', maxConnections: 1 };
    await flights.searchOffers(roundTrip, signal());
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/air/offer_requests');
    expect(req.query).toEqual({ return_offers: 'true', supplier_timeout: '9000' });
    expect(req.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'duffel-version': 'v2',
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'deal-engine/1.0',
    });
    expect(JSON.parse(req.body)).toEqual({
      data: {
        slices: [
          { origin: 'LHR', destination: 'JFK', departure_date: roundTrip.departureDate },
          { origin: 'JFK', destination: 'LHR', departure_date: roundTrip.returnDate },
        ],
        passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 8 }, { age: 1 }],
        cabin_class: 'business',
        max_connections: 1,
      },
    });
  });

  it('leaves max_connections out when the query does not set it', async () => {
    await adapter().flights.searchOffers(query, signal());
    expect(JSON.parse(fake.requests[0]!.body).data).not.toHaveProperty('max_connections');
  });

  it('asks for one offer with its services, and seat maps by offer id', async () => {
    const { flights } = adapter();
    const err = await failure(flights.getOffer('off_unknown/../x', signal()));
    expect(err.kind).toBe('not_found');
    expect(fake.requests[0]!.path).toBe('/air/offers/off_unknown%2F..%2Fx');
    expect(fake.requests[0]!.query).toEqual({ return_available_services: 'true' });
    await failure(flights.getSeatMaps('off_unknown', signal()));
    expect(fake.requests[1]).toMatchObject({ method: 'GET', path: '/air/seat_maps', query: { offer_id: 'off_unknown' } });
  });

  it('reports status from a cheap airlines call, with no invented balance', async () => {
    const status = await adapter().flights.status(signal());
    expect(status).toMatchObject({ reachable: true, environment: 'sandbox', balance: null });
    expect(status.detail).toMatch(/balance/);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/air/airlines', query: { limit: '1' } });
    const live = await adapter({}, 'duffel_live_abc').flights.status(signal());
    expect(live.environment).toBe('production');
  });

  it('reports an unreachable status instead of throwing', async () => {
    fake.failNext('unavailable');
    const status = await adapter().flights.status(signal());
    expect(status).toMatchObject({ reachable: false, environment: 'sandbox', balance: null });
    expect(status.detail).toMatch(/unavailable 503/);
  });

  const scenarios: [DuffelScenario, 'search' | 'offer', Partial<ProviderError>][] = [
    ['rate_limited', 'search', { kind: 'rate_limited', status: 429, code: 'rate_limit_exceeded' }],
    ['server_error', 'search', { kind: 'unavailable', status: 500 }],
    ['unavailable', 'search', { kind: 'unavailable', status: 503, code: 'service_unavailable' }],
    ['malformed', 'search', { kind: 'bad_response', status: 200 }],
    ['offer_gone', 'offer', { kind: 'not_found', status: 422, code: 'offer_no_longer_available' }],
    ['validation', 'search', { kind: 'rejected', status: 422, code: 'validation_required' }],
    ['errors_in_200', 'search', { kind: 'unavailable', status: 200, code: 'airline_unknown' }],
  ];

  it.each(scenarios)('maps %s to the right ProviderError', async (scenario, call, expected) => {
    const { flights } = adapter();
    fake.failNext(scenario);
    const p = call === 'search' ? flights.searchOffers(query, signal()) : flights.getOffer('off_whatever', signal());
    const err = await failure(p);
    expect(err).toMatchObject({ provider: 'duffel', ...expected });
    if (scenario !== 'malformed') expect(err.message).toMatch(/request fake-req-\d+/);
    expect(err.message).not.toContain(TOKEN);
  });

  it('reads the wait from ratelimit-reset and does not retry a long wait', async () => {
    const { flights } = adapter({ retries: 1 });
    fake.failNext('rate_limited');
    const err = await failure(flights.searchOffers(query, signal()));
    expect(err.retryAfterMs).toBeGreaterThan(25_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('maps refused credentials to auth, without echoing the token', async () => {
    const err = await failure(adapter({}, 'not-a-duffel-token').flights.searchOffers(query, signal()));
    expect(err).toMatchObject({ kind: 'auth', status: 401, code: 'access_token_not_found' });
    expect(err.message).not.toContain('not-a-duffel-token');
  });

  it('retries a 503 on an idempotent call', async () => {
    const { flights } = adapter({ retries: 1 });
    fake.failNext('unavailable');
    await expect(flights.searchOffers(query, signal())).resolves.toBeInstanceOf(Array);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a 500, as Duffel asks', async () => {
    const { flights } = adapter({ retries: 1 });
    fake.failNext('server_error');
    expect((await failure(flights.searchOffers(query, signal()))).status).toBe(500);
    expect(fake.requests).toHaveLength(1);
  });

  it('opens the breaker after consecutive failures and then fails fast', async () => {
    const { flights, policy } = adapter({ breakerThreshold: 2, retries: 0, timeoutMs: 300 });
    fake.failNext('server_error', 2);
    await failure(flights.searchOffers(query, signal()));
    await failure(flights.searchOffers(query, signal()));
    expect(policy.breakerState).toBe('open');
    const err = await failure(flights.searchOffers(query, signal()));
    expect(err.kind).toBe('circuit_open');
    expect(fake.requests).toHaveLength(2);
  });

  it('cancels the request when the caller aborts, without blaming the provider', async () => {
    const { flights, policy } = adapter({ breakerThreshold: 1 });
    fake.failNext('timeout');
    const caller = new AbortController();
    const pending = flights.searchOffers(query, caller.signal).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await expect.poll(() => fake.requests.length).toBe(1);
    caller.abort();
    const outcome = await pending;
    // The policy hands back the cancellation itself (cockatiel's or fetch's), not a provider failure.
    expect(outcome).toBeInstanceOf(Error);
    expect(isProviderError(outcome)).toBe(false);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.abandoned).toBe(true);
    expect(policy.breakerState).toBe('closed');
    expect(policy.lastOutcome).toBeNull();
  });

  it('gives up after the time budget with a timeout', async () => {
    const { flights, policy } = adapter({ timeoutMs: 300 });
    fake.failNext('timeout');
    const call = flights.searchOffers(query, signal());
    // The 300 ms budget fires before a sentinel at 10 times it (order, not a measured time).
    expect(await settlesBefore(call, 3_000)).toBe(true);
    const err = await failure(call);
    expect(err.kind).toBe('timeout');
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.abandoned).toBe(true);
    expect(policy.lastOutcome).toMatchObject({ status: 'error', detail: 'timeout' });
  });
});
