import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport } from '../../adapters/providers/http/transport.js';
import { MULTI_CITY_FIRST_LEGS, createSerpApiProvider } from '../../adapters/providers/serpapi/serpapi-provider.js';
import type { FlightQuery } from '../../tools/_kit/providers.js';
import { startDuffelFake, type DuffelFake } from '../fakes/duffel-fake.js';
import { FAKE_SERPAPI_KEY, startSerpApiFake, type SerpApiFake } from '../fakes/serpapi-fake.js';
import { daysAhead } from './search-helpers.js';

// The real Duffel and SerpApi adapters over HTTP against their local fakes, with
// a multi-city trip (issue 23): what goes on the wire and how the answer maps.

const slices = [
  { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(30) },
  { origin: 'CDG', destination: 'FCO', departureDate: daysAhead(34) },
  { origin: 'FCO', destination: 'JFK', departureDate: daysAhead(40) },
];
const query: FlightQuery = { origin: 'JFK', destination: 'JFK', departureDate: slices[0]!.departureDate, slices, adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' };
const signal = () => new AbortController().signal;

describe('Duffel adapter, multi-slice offer request', () => {
  let fake: DuffelFake;
  beforeAll(async () => {
    fake = await startDuffelFake({ seed: 'shapes-test' });
  });
  afterAll(() => fake.close());

  const flights = () => createDuffelProvider({ transport: httpTransport(fake.url), token: 'duffel_test_shapes', policy: new ProviderPolicy('duffel', { retries: 0, timeoutMs: 10_000 }), mode: 'live' });

  it('sends every slice in one offer request and maps offers carrying every slice', async () => {
    const offers = await flights().searchOffers(query, signal());
    const sent = fake.requests.find((r) => r.path === '/air/offer_requests');
    const body = JSON.parse(sent!.body) as { data: { slices: { origin: string; destination: string; departure_date: string }[] } };
    expect(body.data.slices).toEqual(slices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.departureDate })));
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.bookable).toBe(true);
      expect(offer.slices.map((s) => [s.origin, s.destination])).toEqual(slices.map((s) => [s.origin, s.destination]));
      for (const [i, s] of offer.slices.entries()) expect(s.segments[0]!.departingAt.slice(0, 10)).toBe(slices[i]!.departureDate);
    }
    // The offer can be read back whole (its id carries every slice), with its services.
    const again = await flights().getOffer(offers[0]!.providerOfferId, signal());
    expect(again.slices.map((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}`))).toEqual(offers[0]!.slices.map((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}`)));
    expect(again.total).toEqual(offers[0]!.total);
    expect(again.availableServices?.some((s) => s.type === 'baggage')).toBe(true);
  });
});

describe('SerpApi adapter, multi-city (type 3)', () => {
  let fake: SerpApiFake;
  beforeAll(async () => {
    fake = await startSerpApiFake({ seed: 'shapes-test' });
  });
  afterAll(() => fake.close());

  it('sends type=3 with multi_city_json, follows departure tokens leg by leg, and maps whole-trip offers', async () => {
    const provider = createSerpApiProvider({ transport: httpTransport(fake.url), apiKey: FAKE_SERPAPI_KEY, policy: new ProviderPolicy('serpapi', { retries: 0, timeoutMs: 10_000 }), mode: 'live' });
    const offers = await provider.searchFlights(query, signal());
    const [first, ...next] = fake.requests;
    expect(first!.query).toMatchObject({ engine: 'google_flights', type: '3' });
    expect(first!.query.departure_id).toBeUndefined();
    expect(JSON.parse(first!.query.multi_city_json!)).toEqual(slices.map((s) => ({ departure_id: s.origin, arrival_id: s.destination, date: s.departureDate })));
    // Two legs after the first, for each of the cheapest first legs.
    expect(next).toHaveLength(MULTI_CITY_FIRST_LEGS * (slices.length - 1));
    for (const r of next) expect(r.query.departure_token).toBeTruthy();
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.bookable).toBe(false);
      expect(offer.slices.map((s) => [s.origin, s.destination])).toEqual(slices.map((s) => [s.origin, s.destination]));
    }
    expect(offers.map((o) => o.total.amount)).toEqual([...offers.map((o) => o.total.amount)].sort((a, b) => a - b));
  });
});
