import { describe, expect, it } from 'vitest';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import type { HttpRequest, QueryValue } from '../../adapters/providers/http/transport.js';
import { createSeatsAeroProvider } from '../../adapters/providers/seats-aero/seats-aero-provider.js';
import type { Availability, ListResponse, TripsResponse } from '../../adapters/providers/seats-aero/wire.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { awardSpace, itineraries } from '../../adapters/sandbox/simulators/world/index.js';

const NOW = new Date('2026-09-15T10:07:00Z');
const DATE = '2026-10-20';

function get(path: string, query: Record<string, QueryValue> = {}): HttpRequest {
  return { method: 'GET', path, query, signal: new AbortController().signal };
}

async function search(sim: ReturnType<typeof createSeatsAeroSimulator>, query: Record<string, QueryValue>, now = NOW) {
  const res = await sim.handle(get('/search', query), now);
  return { status: res.status, body: res.body as ListResponse<Availability> };
}

const JFK_LHR = { origin_airport: 'JFK', destination_airport: 'LHR', start_date: DATE, end_date: DATE, include_trips: 'true' };

describe('seats.aero simulator', () => {
  it('answers the same search with the same rows, and a different seed with different ids', async () => {
    const a = await search(createSeatsAeroSimulator({ seed: 's1' }), JFK_LHR);
    const b = await search(createSeatsAeroSimulator({ seed: 's1' }), JFK_LHR);
    const c = await search(createSeatsAeroSimulator({ seed: 's2' }), JFK_LHR);
    expect(a.status).toBe(200);
    expect(a.body.data.length).toBeGreaterThan(0);
    expect(b.body).toEqual(a.body);
    expect(c.body.data.map((r) => r.ID)).not.toEqual(a.body.data.map((r) => r.ID));
    for (const row of a.body.data) {
      expect(row.ID).toMatch(/^[0-9A-Za-z]{26}$/);
      expect(row.Route).toMatchObject({ OriginAirport: 'JFK', DestinationAirport: 'LHR', OriginRegion: 'North America', DestinationRegion: 'Europe', Source: row.Source });
      expect(row.Route.Distance).toBeGreaterThan(3000); // miles, not km
      expect(row.Route.Distance).toBeLessThan(3700);
    }
  });

  it('prices each cabin at the world chart: cheapest miles, as string and raw', async () => {
    const { body } = await search(createSeatsAeroSimulator({ seed: 's1' }), JFK_LHR);
    const space = awardSpace('JFK', 'LHR', DATE, { searchedAt: new Date(Math.floor(NOW.getTime() / 1000) * 1000) });
    let checked = 0;
    for (const row of body.data) {
      for (const c of ['Y', 'W', 'J', 'F'] as const) {
        const mine = space.filter((s) => s.program === row.Source && s.cabin === c);
        expect(row[`${c}Available`]).toBe(mine.length > 0);
        if (mine.length === 0) continue;
        const cheapest = Math.min(...mine.map((s) => s.miles));
        expect(row[`${c}MileageCostRaw`]).toBe(cheapest);
        expect(row[`${c}MileageCost`]).toBe(String(cheapest));
        checked++;
      }
      for (const trip of row.AvailabilityTrips ?? []) {
        expect(space.some((s) => s.program === row.Source && s.miles === trip.MileageCost && s.taxesMinor === trip.TotalTaxes)).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("flies trips on the world's schedule for that day", async () => {
    const { body } = await search(createSeatsAeroSimulator({ seed: 's1' }), JFK_LHR);
    const scheduled = new Map(itineraries('JFK', 'LHR', DATE, { maxConnections: 1 }).flatMap((it) => it.segments.map((f) => [`${f.carrier}${f.flightNumber}@${f.departLocal.slice(0, 16)}`, f] as const)));
    const trips = body.data.flatMap((r) => r.AvailabilityTrips ?? []);
    expect(trips.length).toBeGreaterThan(0);
    for (const trip of trips) {
      const segs = [...trip.AvailabilitySegments].sort((a, b) => a.Order - b.Order);
      expect(segs[0]!.OriginAirport).toBe('JFK');
      expect(segs.at(-1)!.DestinationAirport).toBe('LHR');
      expect(trip.Stops).toBe(segs.length - 1);
      for (const seg of segs) {
        const flight = scheduled.get(`${seg.FlightNumber}@${seg.DepartsAt.slice(0, 16)}`);
        expect(flight, seg.FlightNumber).toBeDefined();
        expect(seg.ArrivesAt.slice(0, 16)).toBe(flight!.arriveLocal.slice(0, 16));
        expect(seg.DepartsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
    }
  });

  it('dates the cache a few minutes to hours before now', async () => {
    const { body } = await search(createSeatsAeroSimulator({ seed: 's1' }), JFK_LHR);
    for (const row of body.data) {
      const age = NOW.getTime() - Date.parse(row.UpdatedAt);
      expect(age).toBeGreaterThanOrEqual(4 * 60_000);
      expect(age).toBeLessThanOrEqual(6.5 * 3_600_000);
      expect(Date.parse(row.CreatedAt)).toBeLessThanOrEqual(Date.parse(row.UpdatedAt));
    }
  });

  it('pages with take, skip and the first cursor', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const all = await search(sim, JFK_LHR);
    const first = await search(sim, { ...JFK_LHR, take: 2 });
    expect(first.body.data).toHaveLength(Math.min(2, all.body.data.length));
    expect(first.body.hasMore).toBe(all.body.data.length > 2);
    const rest = await search(sim, { ...JFK_LHR, take: 1000, skip: 2, cursor: first.body.cursor }, new Date(NOW.getTime() + 3_600_000));
    expect([...first.body.data, ...rest.body.data].map((r) => r.ID)).toEqual(all.body.data.map((r) => r.ID));
    expect(rest.body.hasMore).toBe(false);
  });

  it('orders by lowest mileage when asked, and keeps only rows with the asked cabins', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const { body } = await search(sim, { ...JFK_LHR, cabins: 'business', order_by: 'lowest_mileage' });
    expect(body.data.every((r) => r.JAvailable)).toBe(true);
    const miles = body.data.map((r) => r.JMileageCostRaw);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('validates like an API and fails like one', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const missing = await sim.handle(get('/search', { destination_airport: 'LHR' }), NOW);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: expect.any(String) });
    expect((await sim.handle(get('/search', { ...JFK_LHR, cabins: 'coach' }), NOW)).status).toBe(400);
    expect((await sim.handle(get('/search', { ...JFK_LHR, start_date: '20-10-2026' }), NOW)).status).toBe(400);
    expect((await sim.handle(get('/nowhere'), NOW)).status).toBe(404);
    expect(sim.outage(get('/search', JFK_LHR)).status).toBe(503);
  });

  it('answers /trips/{id} for a row it served', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const { body } = await search(sim, JFK_LHR);
    const row = body.data[0]!;
    const trips = await sim.handle(get(`/trips/${row.ID}`), NOW);
    expect(trips.status).toBe(200);
    expect((trips.body as TripsResponse).data.map((t) => t.ID)).toEqual(row.AvailabilityTrips!.map((t) => t.ID));
    // Every field of every trip, as the search served it.
    expect((trips.body as TripsResponse).data).toEqual(row.AvailabilityTrips);
    expect((await sim.handle(get('/trips/unknownid'), NOW)).status).toBe(404);
  });

  it('answers /trips/{id} as first served, whatever callers did to earlier answers', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const { body } = await search(sim, JFK_LHR);
    const row = body.data[0]!;
    const served = structuredClone(row.AvailabilityTrips);
    row.AvailabilityTrips![0]!.MileageCost = 1;
    row.AvailabilityTrips!.pop();
    const first = (await sim.handle(get(`/trips/${row.ID}`), NOW)).body as TripsResponse;
    expect(first.data).toEqual(served);
    first.data[0]!.Source = 'changed';
    expect(((await sim.handle(get(`/trips/${row.ID}`), NOW)).body as TripsResponse).data).toEqual(served);
  });

  it('answers /trips/{id} only for rows served with their trips', async () => {
    const sim = createSeatsAeroSimulator({ seed: 's1' });
    const { body } = await search(sim, { ...JFK_LHR, include_trips: 'false' });
    expect(body.data.length).toBeGreaterThan(0);
    expect((await sim.handle(get(`/trips/${body.data[0]!.ID}`), NOW)).status).toBe(404);
  });

  it('drives the real adapter end to end behind the simulated transport', async () => {
    const transport = simulatedTransport('seats_aero', createSeatsAeroSimulator({ seed: 's1' }), { latencyMs: 0, failRate: 0, seed: 's1', clock: () => NOW });
    const provider = createSeatsAeroProvider({ transport, apiKey: 'pro_simulator', policy: new ProviderPolicy('seats_aero'), mode: 'simulator' });
    const offers = await provider.searchAwards(
      { origin: 'JFK', destination: 'LHR', departureDate: DATE, adults: 1, children: 0, infants: 0, cabin: 'business', currency: 'USD' },
      new AbortController().signal,
    );
    expect(offers.length).toBeGreaterThan(0);
    const space = awardSpace('JFK', 'LHR', DATE, { searchedAt: new Date(Math.floor(NOW.getTime() / 1000) * 1000), cabins: ['J'] });
    for (const o of offers) {
      expect(o.cabin).toBe('business');
      expect(o.slices).toHaveLength(1);
      const key = o.slices[0]!.segments.map((s) => s.marketingCarrier + s.flightNumber).join(',');
      const match = space.find((s) => s.program === o.program && s.itinerary.segments.map((f) => f.carrier + f.flightNumber).join(',') === key);
      expect(match, `${o.program} ${key}`).toBeDefined();
      expect(o.miles).toBe(match!.miles);
      expect(o.slices[0]!.segments[0]!.departingAt).toBe(match!.itinerary.segments[0]!.departLocal.slice(0, 19));
    }
  });
});
