import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { createDuffelCarsProvider } from '../../adapters/providers/duffel-cars/duffel-cars-provider.js';
import { createDuffelStaysProvider } from '../../adapters/providers/duffel-stays/duffel-stays-provider.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { createCarsSimulator } from '../../adapters/sandbox/simulators/cars-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { createStaysSimulator } from '../../adapters/sandbox/simulators/stays-sim.js';
import { isProviderError } from '../../tools/_kit/provider-error.js';
import type { CarDriverInput, CarSearchQuery, CarsProvider, StaySearchQuery, StaysProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { startDuffelCarsFake, type DuffelCarsFake } from '../fakes/duffel-cars-fake.js';
import { startDuffelStaysFake, type DuffelStaysFake } from '../fakes/duffel-stays-fake.js';

// findBooking: a car or stay booking found again by the booking id we put in its
// metadata (how a booking whose creation went unanswered is settled), through the
// real Duffel adapters: against the local fakes speaking Duffel's wire format (the
// list read page by page, `after`/`limit`), and against the simulators.

const TOKEN = 'duffel_test_find-token';
const signal = () => new AbortController().signal;
const policy = () => new ProviderPolicy('duffel', { retries: 0, timeoutMs: 5_000, breakerThreshold: 50 });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const byId = (value: string) => ({ metadataKey: 'booking_id', metadataValue: value });

const heathrow = { latitude: 51.47002, longitude: -0.454295 };
const carTrip = (at: GeoAt = heathrow, from = '2026-09-05T16:00', to = '2026-09-13T10:00'): CarSearchQuery => ({
  pickUp: { at: from, location: at, radiusKm: 5 },
  dropOff: { at: to, location: at, radiusKm: 5 },
  driverAge: 35,
  residenceCountryCode: 'GB',
});
type GeoAt = { latitude: number; longitude: number };
const driver: CarDriverInput = { givenName: 'Amelia', familyName: 'Earhart', email: 'amelia@example.com', phoneNumber: '+442080160509', dateOfBirth: '1980-01-01' };

const LONDON = { latitude: 51.5072223, longitude: -0.1276474 };
const stayQuery = (center: GeoAt, checkIn: string, checkOut: string): StaySearchQuery => ({ checkIn, checkOut, rooms: 1, adults: 2, childAges: [], location: { center, radiusKm: 5 } });

/** Books `n` rentals of one searched rate, each with metadata booking_id cb_<i>. */
async function bookCars(cars: CarsProvider, trip: CarSearchQuery, n: number): Promise<string[]> {
  const search = await cars.search(trip, signal());
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const quote = await cars.createQuote(search.rates[0]!.id, signal());
    ids.push((await cars.createBooking({ quoteId: quote.id, driver, metadata: { booking_id: `cb_${i}`, pick_up_at: trip.pickUp.at } }, signal())).id);
  }
  return ids;
}

/** Books `n` stays of one searched rate, each with metadata booking_id hb_<i>. */
async function bookStays(stays: StaysProvider, q: StaySearchQuery, n: number): Promise<string[]> {
  const [first] = await stays.search(q, signal());
  const rates = await stays.fetchAllRates(first!.id, signal());
  const rateId = rates.rates[0]!.id;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const quote = await stays.createQuote(rateId, signal());
    const booking = await stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+442080160509', metadata: { booking_id: `hb_${i}` } }, signal());
    ids.push(booking.id);
  }
  return ids;
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('findBooking through the real adapters against the local Duffel fakes', () => {
  let carsFake: DuffelCarsFake;
  let staysFake: DuffelStaysFake;

  beforeAll(async () => {
    // Two bookings a page, so three bookings take two pages.
    carsFake = await startDuffelCarsFake({ listPageMax: 2 });
    staysFake = await startDuffelStaysFake({ listPageMax: 2 });
  });
  afterAll(async () => {
    await carsFake.close();
    await staysFake.close();
  });

  const carsAdapter = (transport: HttpTransport = httpTransport(carsFake.url)) => createDuffelCarsProvider({ transport, token: TOKEN, policy: policy(), mode: 'live' });
  const staysAdapter = () => createDuffelStaysProvider({ transport: httpTransport(staysFake.url), token: TOKEN, policy: policy(), mode: 'live' });

  it('cars: finds a booking by metadata on any page of GET /cars/bookings, and answers null when none has it', async () => {
    const cars = carsAdapter();
    const ids = await bookCars(cars, carTrip(), 3);
    carsFake.requests.length = 0;
    const last = await cars.findBooking(byId('cb_2'), signal());
    expect(last).toMatchObject({ id: ids[2], status: 'confirmed', metadata: { booking_id: 'cb_2' } });
    const lists = carsFake.requests.filter((r) => r.method === 'GET' && r.path === '/cars/bookings');
    expect(lists).toHaveLength(2); // oldest first on the fake: the newest is on page two

    expect((await cars.findBooking(byId('cb_0'), signal()))?.id).toBe(ids[0]);
    carsFake.requests.length = 0;
    expect(await cars.findBooking(byId('cb_nobody'), signal())).toBeNull();
    expect(carsFake.requests.filter((r) => r.path === '/cars/bookings')).toHaveLength(2);
  });

  it('cars: a lookup that fails is an error, never a "not found"', async () => {
    carsFake.failNext('unavailable', 3);
    const err = await failureOf(carsAdapter().findBooking(byId('cb_0'), signal()));
    expect(isProviderError(err) && err.kind).toBe('unavailable');
  });

  it('cars: a list that never ends within the pages read is an error, not a "not found"', async () => {
    const endless: HttpTransport = async () => {
      const text = JSON.stringify({ data: [], meta: { limit: 200, before: null, after: 'more' } });
      return { status: 200, header: () => null, text: async () => text, json: async () => JSON.parse(text) as unknown };
    };
    const err = await failureOf(carsAdapter(endless).findBooking(byId('cb_0'), signal()));
    expect(isProviderError(err) && err.kind).toBe('bad_response');
  });

  it('stays: finds a booking by metadata on any page of GET /stays/bookings, and answers null when none has it', async () => {
    const stays = staysAdapter();
    const ids = await bookStays(stays, stayQuery(LONDON, inDays(30), inDays(32)), 3);
    staysFake.requests.length = 0;
    const found = await stays.findBooking(byId('hb_2'), signal());
    expect(found).toMatchObject({ id: ids[2], status: 'confirmed', metadata: { booking_id: 'hb_2' } });
    const lists = staysFake.requests.filter((r) => r.method === 'GET' && r.path === '/stays/bookings');
    expect(lists.map((r) => r.query.after !== undefined)).toEqual([false, true]);
    expect(lists[0]!.query.limit).toBe('200');

    expect((await stays.findBooking(byId('hb_1'), signal()))?.id).toBe(ids[1]);
    expect(await stays.findBooking(byId('hb_nobody'), signal())).toBeNull();
  });
});

describe('findBooking through the real adapters against the simulators', () => {
  const T0 = new Date('2026-06-01T10:02:00Z');
  const caches: MemoryCache[] = [];
  afterAll(async () => {
    await Promise.all(caches.map((c) => c.close()));
  });
  function transportOf(simulator: Parameters<typeof simulatedTransport>[1]) {
    return simulatedTransport('duffel', simulator, { latencyMs: 0, failRate: 0, seed: 'find-booking', clock: () => T0 });
  }
  const cache = () => {
    const c = new MemoryCache();
    caches.push(c);
    return c;
  };

  it('cars simulator: finds a booking by metadata in its bookings list', async () => {
    const cars = createDuffelCarsProvider({ transport: transportOf(createCarsSimulator({ seed: 'find-booking', cache: cache() })), token: 'duffel_test_sim', policy: policy(), mode: 'simulator' });
    expect(await cars.findBooking(byId('cb_0'), signal())).toBeNull();
    const ids = await bookCars(cars, carTrip({ latitude: 33.9416, longitude: -118.4085 }, '2026-07-01T10:00', '2026-07-05T10:00'), 3);
    expect((await cars.findBooking(byId('cb_0'), signal()))?.id).toBe(ids[0]);
    expect((await cars.findBooking(byId('cb_2'), signal()))?.id).toBe(ids[2]);
    expect(await cars.findBooking(byId('cb_9'), signal())).toBeNull();
  });

  it('stays simulator: finds a booking by metadata in its bookings list', async () => {
    const stays = createDuffelStaysProvider({ transport: transportOf(createStaysSimulator({ seed: 'find-booking', cache: cache() })), token: 'duffel_test_sim', policy: policy(), mode: 'simulator' });
    expect(await stays.findBooking(byId('hb_0'), signal())).toBeNull();
    const ids = await bookStays(stays, stayQuery({ latitude: 40.758, longitude: -73.9855 }, '2026-09-15', '2026-09-17'), 3);
    expect((await stays.findBooking(byId('hb_0'), signal()))?.id).toBe(ids[0]);
    expect((await stays.findBooking(byId('hb_2'), signal()))?.id).toBe(ids[2]);
    expect(await stays.findBooking(byId('hb_9'), signal())).toBeNull();
  });
});
