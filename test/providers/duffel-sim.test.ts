import { describe, expect, it } from 'vitest';
import { createDuffelProvider } from '../../adapters/providers/duffel/duffel-provider.js';
import type { DuffelErrorEnvelope } from '../../adapters/providers/duffel/wire.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { airlineInfo, seatLayoutFor } from '../../adapters/sandbox/simulators/world/index.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { CashOffer, FlightQuery } from '../../tools/_kit/providers.js';

// The simulator through the same adapter production uses: what the tools will
// see when no Duffel token is configured.

const SEED = 'duffel-sim-test';
/** Two minutes into a 15-minute bucket. */
const T0 = new Date('2026-06-01T10:02:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const signal = () => new AbortController().signal;

const query: FlightQuery = { origin: 'LHR', destination: 'JFK', departureDate: '2026-07-15', adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' };

function simFlights(clock: () => Date = () => T0, failRate = 0) {
  const sim = createDuffelSimulator({ seed: SEED });
  const transport = simulatedTransport('duffel', sim, { latencyMs: 0, failRate, seed: SEED, clock });
  const policy = new ProviderPolicy('duffel', { retries: 0 });
  return { sim, flights: createDuffelProvider({ transport, token: 'duffel_test_simulator', policy, mode: 'simulator' }) };
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

/** The flights of an offer, without the per-offer ids. */
const flightsOf = (o: CashOffer) => o.slices.map((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}@${g.departingAt}`).join('+')).join(' / ');

describe('Duffel simulator through the real adapter', () => {
  it('answers a search with sellable, sorted, fare-branded offers', async () => {
    const offers = await simFlights().flights.searchOffers(query, signal());
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o).toMatchObject({ provider: 'duffel', bookable: true, cabin: 'economy', total: { currency: 'USD' } });
      expect(o.providerOfferId).toMatch(/^off_[0-9A-Z]{34}$/);
      expect(airlineInfo(o.owner)?.onDuffel).toBe(true);
      expect(o.slices[0]!.origin).toBe('LHR');
      expect(o.slices[0]!.destination).toBe('JFK');
      expect(o.total.amount).toBeCloseTo((o.base?.amount ?? 0) + (o.tax?.amount ?? 0), 2);
      expect(Date.parse(o.expiresAt!)).toBe(Date.parse('2026-06-01T10:30:00Z'));
    }
    const totals = offers.map((o) => o.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // Fare brands: the same flights sold as separate offers under different brands and prices.
    const byFlights = new Map<string, CashOffer[]>();
    for (const o of offers) byFlights.set(flightsOf(o), [...(byFlights.get(flightsOf(o)) ?? []), o]);
    const branded = [...byFlights.values()].find((group) => group.length > 1);
    expect(branded).toBeDefined();
    expect(new Set(branded!.map((o) => o.fareBrand)).size).toBe(branded!.length);
    expect(Math.max(...[...byFlights.values()].map((g) => g.length))).toBeLessThanOrEqual(3);
  });

  it('gives every search its own offer ids, at the same prices within a time bucket', async () => {
    let now = T0;
    const { flights } = simFlights(() => now);
    const first = await flights.searchOffers(query, signal());
    now = minutes(10);
    const again = await flights.searchOffers(query, signal());
    // Duffel semantics: one offer request, its own offers and passengers.
    const firstIds = new Set(first.map((o) => o.providerOfferId));
    expect(again.some((o) => firstIds.has(o.providerOfferId))).toBe(false);
    expect(again[0]!.passengers![0]!.id).not.toBe(first[0]!.passengers![0]!.id);
    // Prices stay those of the route and time bucket, so caches and tests stay stable.
    expect(again.map((o) => [flightsOf(o), o.fareBrand, o.total])).toEqual(first.map((o) => [flightsOf(o), o.fareBrand, o.total]));
    // The first search's offers stay live, each readable on its own.
    expect((await flights.getOffer(first[0]!.providerOfferId, signal())).total).toEqual(first[0]!.total);
  });

  it('offers every itinerary it sells, not only the 50 cheapest offers', async () => {
    const roundTrip: FlightQuery = { ...query, returnDate: '2026-07-22' };
    const offers = await simFlights().flights.searchOffers(roundTrip, signal());
    const sim = await import('../../adapters/sandbox/simulators/world/index.js');
    const sold = (from: string, to: string, date: string) =>
      sim.itineraries(from, to, date, {}).filter((it) => sim.airlineInfo(it.owner)?.onDuffel === true && sim.cabinOffered(it, 'economy'));
    const key = (segs: readonly { carrier?: string; marketingCarrier?: string; flightNumber: string }[]) => segs.map((g) => `${g.carrier ?? g.marketingCarrier}${g.flightNumber}`).join('+');
    const outShown = new Set(offers.map((o) => key(o.slices[0]!.segments)));
    const backShown = new Set(offers.map((o) => key(o.slices[1]!.segments)));
    const outSold = sold('LHR', 'JFK', '2026-07-15');
    const nonstops = outSold.filter((it) => it.segments.length === 1);
    expect(offers.length).toBeGreaterThan(50);
    expect(nonstops.length).toBeGreaterThan(1);
    for (const it of outSold) expect(outShown, key(it.segments)).toContain(key(it.segments));
    for (const it of sold('JFK', 'LHR', '2026-07-22')) expect(backShown, key(it.segments)).toContain(key(it.segments));
  });

  it('round-trips a searched offer through getOffer', async () => {
    let now = T0;
    const { flights } = simFlights(() => now);
    const offers = await flights.searchOffers(query, signal());
    const picked = offers[Math.floor(offers.length / 2)]!;
    now = minutes(20);
    const fetched = await flights.getOffer(picked.providerOfferId, signal());
    // The single read adds the extras on sale, which search results leave out.
    expect({ ...fetched, observedAt: '', availableServices: undefined }).toEqual({ ...picked, observedAt: '' });
    expect(fetched.availableServices?.length).toBeGreaterThan(0);
    expect(fetched.observedAt).toBe(minutes(20).toISOString());
  });

  it('forgets an offer at its expiry and refuses a garbled id', async () => {
    let now = T0;
    const { flights } = simFlights(() => now);
    const [offer] = await flights.searchOffers(query, signal());
    // Searched at 10:02, in the bucket that began at 10:00: good until 10:30.
    expect(offer!.expiresAt).toBe('2026-06-01T10:30:00.000Z');
    now = minutes(27);
    await expect(flights.getOffer(offer!.providerOfferId, signal())).resolves.toBeDefined();
    now = minutes(28);
    expect(await failure(flights.getOffer(offer!.providerOfferId, signal()))).toMatchObject({ kind: 'not_found', status: 404, code: 'offer_no_longer_available' });
    now = T0;
    const id = offer!.providerOfferId;
    const garbled = `${id.slice(0, -3)}${id.at(-3) === 'A' ? 'B' : 'A'}${id.slice(-2)}`;
    expect(await failure(flights.getOffer(garbled, signal()))).toMatchObject({ kind: 'not_found', code: 'not_found' });
    expect(await failure(createDuffelSimFor('another-seed').getOffer(id, signal()))).toMatchObject({ kind: 'not_found' });
  });

  it('draws seat maps from the aircraft layout', async () => {
    const { flights } = simFlights();
    const [offer] = await flights.searchOffers({ ...query, adults: 2 }, signal());
    const maps = await flights.getSeatMaps(offer!.providerOfferId, signal());
    const segments = offer!.slices.flatMap((s) => s.segments);
    expect(maps.map((m) => m.segmentId)).toEqual(segments.map((s) => s.providerSegmentId));
    for (const [i, map] of maps.entries()) {
      const layout = seatLayoutFor(segments[i]!.marketingCarrier, segments[i]!.aircraft!).cabins.find((c) => c.cabinClass === 'economy')!;
      const cabin = map.cabins[0]!;
      expect(map.sliceId).toBe(offer!.slices[0]!.providerSliceId);
      expect(cabin.cabinClass).toBe('economy');
      expect(cabin.aisles).toBe(layout.letters.split('|').length - 1);
      const seatRows = cabin.rows.filter((r) => r.sections.some((s) => s.elements.some((e) => e.type === 'seat')));
      expect(seatRows).toHaveLength(layout.lastRow - layout.firstRow + 1);
      const letters = seatRows[0]!.sections.map((s) => s.elements.map((e) => e.designator!.replace(/^\d+/, '')).join('')).join('|');
      expect(letters).toBe(layout.letters);
      expect(seatRows[0]!.sections[0]!.elements[0]!.designator).toBe(`${layout.firstRow}${layout.letters[0]}`);
      const exitRows = cabin.rows.filter((r) => r.sections.every((s) => s.elements[0]?.type === 'exit_row'));
      expect(exitRows).toHaveLength(layout.exitRows.length);
      expect(cabin.wings === null).toBe(layout.exitRows.length === 0);
      const seats = seatRows.flatMap((r) => r.sections.flatMap((s) => s.elements));
      const open = seats.filter((s) => s.available);
      expect(open.length).toBeGreaterThan(0);
      expect(open.length).toBeLessThan(seats.length);
      for (const s of open) {
        expect(s.services).toHaveLength(2);
        expect(s.services![0]!.serviceId).toMatch(/^ase_/);
        expect(s.services![0]!.price.currency).toBe('USD');
      }
      expect(seats.filter((s) => !s.available).every((s) => s.services!.length === 0)).toBe(true);
    }
  });

  it('prices like a market: business above economy, fares per passenger', async () => {
    const { flights } = simFlights();
    const economy = await flights.searchOffers(query, signal());
    const business = await flights.searchOffers({ ...query, cabin: 'business' }, signal());
    expect(business.length).toBeGreaterThan(0);
    expect(business.every((o) => o.cabin === 'business')).toBe(true);
    expect(Math.min(...business.map((o) => o.total.amount))).toBeGreaterThan(Math.min(...economy.map((o) => o.total.amount)));
    const pair = await flights.searchOffers({ ...query, adults: 2 }, signal());
    const single = new Map(economy.map((o) => [`${flightsOf(o)}|${o.fareBrand}`, o.total.amount]));
    let compared = 0;
    for (const o of pair) {
      const one = single.get(`${flightsOf(o)}|${o.fareBrand}`);
      if (one === undefined) continue;
      expect(o.total.amount).toBeCloseTo(one * 2, 2);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('combines return slices from the same airline or alliance', async () => {
    const offers = await simFlights().flights.searchOffers({ ...query, returnDate: '2026-07-22' }, signal());
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.slices).toHaveLength(2);
      expect(o.slices[1]).toMatchObject({ origin: 'JFK', destination: 'LHR' });
      const back = o.slices[1]!.segments[0]!.marketingCarrier;
      const same = back === o.owner || (airlineInfo(back)?.alliance ?? null) === (airlineInfo(o.owner)?.alliance ?? 'none');
      expect(same).toBe(true);
    }
  });

  it('refuses unknown airports and past dates like Duffel', async () => {
    const { flights } = simFlights();
    expect(await failure(flights.searchOffers({ ...query, destination: 'ZZZ' }, signal()))).toMatchObject({ kind: 'rejected', status: 422, code: 'validation_error' });
    expect(await failure(flights.searchOffers({ ...query, departureDate: '2026-05-01' }, signal()))).toMatchObject({ kind: 'rejected', status: 422 });
  });

  it('speaks the wire format: headers, version check, outage envelope, airline list', async () => {
    const sim = createDuffelSimulator({ seed: SEED });
    const base = { signal: signal(), headers: { 'Duffel-Version': 'v2' } };
    const list = await sim.handle({ ...base, method: 'GET', path: '/air/airlines', query: { limit: 2 } }, T0);
    expect(list.status).toBe(200);
    expect(list.headers).toMatchObject({ 'ratelimit-limit': '60', 'ratelimit-remaining': '59' });
    expect(list.headers?.['x-request-id']).toMatch(/^[0-9A-Z]{20}$/);
    expect(Date.parse(list.headers!['ratelimit-reset']!)).toBeGreaterThan(T0.getTime());
    const body = list.body as { data: { id: string; iata_code: string }[]; meta: { after: string | null } };
    expect(body.data).toHaveLength(2);
    expect(body.data[0]!.id).toMatch(/^arl_[0-9A-Z]{26}$/);
    const next = await sim.handle({ ...base, method: 'GET', path: '/air/airlines', query: { limit: 2, after: body.meta.after! } }, T0);
    expect((next.body as typeof body).data[0]!.iata_code).not.toBe(body.data[0]!.iata_code);

    const unversioned = await sim.handle({ method: 'GET', path: '/air/airlines', signal: signal() }, T0);
    expect(unversioned.status).toBe(400);
    expect((unversioned.body as DuffelErrorEnvelope).errors[0]!.type).toBe('invalid_request_error');

    const outage = sim.outage({ ...base, method: 'GET', path: '/air/airlines' });
    expect(outage.status).toBe(503);
    expect(outage.body).toMatchObject({ errors: [{ type: 'api_error' }], meta: { status: 503 } });
    expect(await failure(simFlights(() => T0, 1).flights.searchOffers(query, signal()))).toMatchObject({ kind: 'unavailable', status: 503 });
  });
});

function createDuffelSimFor(seed: string) {
  const transport = simulatedTransport('duffel', createDuffelSimulator({ seed }), { latencyMs: 0, failRate: 0, seed, clock: () => T0 });
  return createDuffelProvider({ transport, token: 'duffel_test_simulator', policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'simulator' });
}
