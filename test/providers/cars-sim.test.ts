import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { createDuffelCarsProvider } from '../../adapters/providers/duffel-cars/duffel-cars-provider.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { createCarsSimulator } from '../../adapters/sandbox/simulators/cars-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { findAirport } from '../../tools/_kit/reference/airports.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { CarDriverInput, CarRate, CarSearchQuery, CarsProvider, GeoPoint } from '../../tools/_kit/stays-cars-cruises.js';

// The cars simulator through the real Duffel Cars adapter, on a clock the tests
// move: deterministic rates from the car world, prices that behave like rental
// prices, the two payment types, quote expiry, bookings and cancellation refunds.

const SEED = 'cars-sim-test';
/** Two minutes into a 15-minute bucket: its rates can be quoted until 10:30. */
const T0 = new Date('2026-06-01T10:02:00Z');
const MIN = 60_000;
const caches: MemoryCache[] = [];
const signal = () => new AbortController().signal;

afterAll(async () => {
  await Promise.all(caches.map((c) => c.close()));
});

function world(opts: { cache?: MemoryCache; seed?: string } = {}) {
  const cache = opts.cache ?? new MemoryCache();
  caches.push(cache);
  const clock = { now: T0 };
  const seed = opts.seed ?? SEED;
  const transport = simulatedTransport('duffel', createCarsSimulator({ seed, cache }), { latencyMs: 0, failRate: 0, seed, clock: () => clock.now });
  const cars: CarsProvider = createDuffelCarsProvider({ transport, token: 'duffel_test_sim', policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'simulator' });
  return { cars, clock, cache, transport };
}

function at(iata: string): GeoPoint {
  const a = findAirport(iata)!;
  return { latitude: a.lat, longitude: a.lon };
}

function rental(pickup: string, opts: { dropoff?: string; from?: string; to?: string; age?: number } = {}): CarSearchQuery {
  return {
    pickUp: { at: opts.from ?? '2026-07-01T10:00', location: at(pickup), radiusKm: 5 },
    dropOff: { at: opts.to ?? '2026-07-05T10:00', location: at(opts.dropoff ?? pickup), radiusKm: 5 },
    driverAge: opts.age ?? 35,
    residenceCountryCode: 'US',
  };
}

const driver = (dateOfBirth = '1990-03-15'): CarDriverInput => ({ givenName: 'Amelia', familyName: 'Earhart', email: 'amelia@example.com', phoneNumber: '+442080160509', dateOfBirth });

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const key = (r: CarRate) => `${r.supplier.name}|${r.car.acriss}`;

describe('cars simulator: search', () => {
  it('gives the same rates for the same search, with the same ids under one seed', async () => {
    const a = await world().cars.search(rental('LAX'), signal());
    const b = await world().cars.search(rental('LAX'), signal());
    expect(a.rates.length).toBeGreaterThan(50);
    expect(b).toEqual(a);
    const other = await world({ seed: 'another-seed' }).cars.search(rental('LAX'), signal());
    expect(other.rates.map((r) => r.total)).toEqual(a.rates.map((r) => r.total));
    expect(other.rates[0]!.id).not.toBe(a.rates[0]!.id);
  });

  it('rents real brands and ACRISS classes at the airport counters, cheapest first', async () => {
    const { rates } = await world().cars.search(rental('LAX'), signal());
    const totals = rates.map((r) => r.total.amount);
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    const brands = new Set(rates.map((r) => r.supplier.name));
    for (const b of ['Hertz', 'Avis', 'Enterprise', 'Alamo', 'Budget']) expect(brands).toContain(b);
    const economy = rates.find((r) => r.car.acriss === 'ECAR')!;
    expect(economy.car).toMatchObject({ category: 'economy', transmission: 'automatic', airConditioning: true, name: expect.stringMatching(/ or similar$/) });
    expect(economy.total.currency).toBe('USD');
    expect(economy.pickUpLocation.name).toContain('Los Angeles International Airport (LAX)');
    // LAX counters are in the rental car centre, off the terminal but nearby.
    const lax = findAirport('LAX')!;
    expect(Math.abs(economy.pickUpLocation.location.latitude - lax.lat) + Math.abs(economy.pickUpLocation.location.longitude - lax.lon)).toBeLessThan(0.05);
    expect(economy.expiresAt).toBe('2026-06-01T10:30:00.000Z');
    const europe = await world().cars.search(rental('MUC'), signal());
    expect(europe.rates.some((r) => r.supplier.name === 'Sixt')).toBe(true);
    expect(europe.rates.some((r) => r.supplier.name === 'Europcar')).toBe(true);
    expect(europe.rates.every((r) => r.total.currency === 'EUR')).toBe(true);
    expect(europe.rates.some((r) => r.car.transmission === 'manual')).toBe(true);
  });

  it('prices classes in their natural order and longer rentals cheaper per day', async () => {
    const { rates } = await world().cars.search(rental('LAX'), signal());
    const postpaid = rates.filter((r) => r.paymentType === 'postpaid');
    const byClass = (acriss: string) => median(postpaid.filter((r) => r.car.acriss === acriss).map((r) => r.total.amount));
    const ladder = ['ECAR', 'ICAR', 'FCAR', 'PCAR', 'LCAR'].map(byClass);
    expect(ladder).toEqual([...ladder].sort((x, y) => x - y));
    expect(byClass('IFAR')).toBeLessThan(byClass('SFAR'));
    expect(byClass('SFAR')).toBeLessThan(byClass('FFAR'));

    const week = await world().cars.search(rental('LAX', { to: '2026-07-08T10:00' }), signal());
    const perDay = (rs: CarRate[], days: number) => median(rs.filter((r) => r.car.acriss === 'ICAR' && r.paymentType === 'postpaid').map((r) => r.total.amount / days));
    expect(perDay(week.rates, 7)).toBeLessThan(perDay(rates, 4));
  });

  it('adds a young driver surcharge under 25 and keeps premium classes from young drivers', async () => {
    const { cars } = world();
    const adult = await cars.search(rental('LAX'), signal());
    const young = await cars.search(rental('LAX', { age: 22 }), signal());
    expect(young.rates.some((r) => ['PCAR', 'LCAR', 'STAR'].includes(r.car.acriss))).toBe(false);
    expect(adult.rates.some((r) => r.car.acriss === 'LCAR')).toBe(true);
    const adultByKey = new Map(adult.rates.filter((r) => r.paymentType === 'postpaid').map((r) => [key(r), r.total.amount]));
    const pairs = young.rates.filter((r) => r.paymentType === 'postpaid' && adultByKey.has(key(r)));
    expect(pairs.length).toBeGreaterThan(20);
    for (const r of pairs) expect(r.total.amount).toBeGreaterThan(adultByKey.get(key(r))!);
    const quote = await cars.createQuote(pairs[0]!.id, signal());
    expect(quote.charges.map((c) => c.description)).toContain('Young driver surcharge (driver under 25)');
    // Only Hertz rents to 20-year-olds in the US.
    const twenty = await cars.search(rental('LAX', { age: 20 }), signal());
    expect(new Set(twenty.rates.map((r) => r.supplier.name))).toEqual(new Set(['Hertz']));
  });

  it('sells cheaper prepaid partner rates beside pay-at-counter ones, from brands that have them', async () => {
    const { rates } = await world().cars.search(rental('LAX'), signal());
    const postpaid = new Map(rates.filter((r) => r.paymentType === 'postpaid').map((r) => [key(r), r]));
    const prepaid = rates.filter((r) => r.paymentType === 'prepaid');
    expect(prepaid.length).toBeGreaterThan(20);
    for (const r of prepaid) expect(r.total.amount).toBeLessThan(postpaid.get(key(r))!.total.amount);
    expect(prepaid.some((r) => r.supplier.name === 'National')).toBe(false);
    expect(rates.some((r) => r.supplier.name === 'National' && r.paymentType === 'postpaid')).toBe(true);
  });

  it('counts mileage in miles in the US and the UK, and caps it for premium cars at some European brands', async () => {
    const { cars } = world();
    const munich = await cars.search(rental('MUC'), signal());
    const sixtLuxury = munich.rates.find((r) => r.supplier.name === 'Sixt' && r.car.acriss.startsWith('L'));
    expect(sixtLuxury?.mileage).toEqual({ type: 'limited', unit: 'km', limit: 1200 });
    expect(munich.rates.find((r) => r.car.acriss === 'CDMR')?.mileage).toEqual({ type: 'unlimited' });
    const heathrow = await cars.search(rental('LHR'), signal());
    const limited = heathrow.rates.filter((r) => r.mileage.type === 'limited');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.mileage.type === 'limited' && r.mileage.unit === 'mi')).toBe(true);
    expect(heathrow.rates[0]!.total.currency).toBe('GBP');
  });

  it('charges a one-way fee to another airport, and sells cross-border one-ways only within Europe', async () => {
    const { cars } = world();
    const roundTrip = await cars.search(rental('LAX'), signal());
    const oneWay = await cars.search(rental('LAX', { dropoff: 'SFO' }), signal());
    expect(oneWay.rates.length).toBeGreaterThan(0);
    expect(oneWay.rates[0]!.dropOffLocation.name).toContain('(SFO)');
    const base = new Map(roundTrip.rates.map((r) => [`${key(r)}|${r.paymentType}`, r.total.amount]));
    for (const r of oneWay.rates) expect(r.total.amount).toBeGreaterThan(base.get(`${key(r)}|${r.paymentType}`) ?? 0);
    const quote = await cars.createQuote(oneWay.rates[0]!.id, signal());
    expect(quote.charges.map((c) => c.description)).toContain('One-way fee');
    expect((await cars.search(rental('JFK', { dropoff: 'YYZ' }), signal())).rates).toEqual([]);
    expect((await cars.search(rental('CDG', { dropoff: 'FCO' }), signal())).rates.length).toBeGreaterThan(0);
  });

  it('finds nothing far from any airport, and refuses a pick-up in the past or a backwards rental', async () => {
    const { cars } = world();
    const ocean: CarSearchQuery = { ...rental('LAX'), pickUp: { at: '2026-07-01T10:00', location: { latitude: -40, longitude: -140 }, radiusKm: 50 }, dropOff: { at: '2026-07-05T10:00', location: { latitude: -40, longitude: -140 }, radiusKm: 50 } };
    expect((await cars.search(ocean, signal())).rates).toEqual([]);
    expect(await failure(cars.search(rental('LAX', { from: '2026-05-30T10:00' }), signal()))).toMatchObject({ kind: 'rejected', status: 422 });
    expect(await failure(cars.search(rental('LAX', { to: '2026-06-30T10:00' }), signal()))).toMatchObject({ kind: 'rejected', status: 422 });
    expect(await failure(cars.search(rental('LAX', { to: '2026-09-30T10:00' }), signal()))).toMatchObject({ kind: 'rejected', status: 422 });
  });

  it('answers like Duffel without the version header, and for an outage', async () => {
    const sim = createCarsSimulator({ seed: SEED });
    const noVersion = await sim.handle({ method: 'POST', path: '/cars/search', headers: {}, body: '{}', signal: signal() }, T0);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ errors: [{ code: 'unsupported_version' }], meta: { status: 400 } });
    expect(sim.outage({ method: 'GET', path: '/cars/bookings/x', signal: signal() })).toMatchObject({ status: 503, body: { errors: [{ type: 'api_error' }] } });
    const unknown = await sim.handle({ method: 'GET', path: '/cars/rentals', headers: { 'Duffel-Version': 'v2' }, signal: signal() }, T0);
    expect(unknown.status).toBe(404);
  });
});

describe('cars simulator: quotes, bookings and cancellation', () => {
  async function quoted(kind: 'postpaid' | 'prepaid', opts: { from?: string; to?: string } = {}) {
    const w = world();
    const { rates } = await w.cars.search(rental('LAX', opts), signal());
    const rate = rates.find((r) => r.paymentType === kind)!;
    const quote = await w.cars.createQuote(rate.id, signal());
    return { ...w, rate, quote };
  }

  it('locks the rate price in a quote for 15 minutes', async () => {
    const { cars, clock, rate, quote } = await quoted('prepaid');
    expect(quote).toMatchObject({ rateId: rate.id, total: rate.total, expiresAt: new Date(T0.getTime() + 15 * MIN).toISOString() });
    expect(quote.rate).toMatchObject({ id: rate.id, paymentType: 'prepaid', car: rate.car, supplier: rate.supplier });
    const sum = quote.charges.reduce((n, c) => n + c.amount.amount, quote.rate.base!.amount);
    expect(sum).toBeCloseTo(quote.total.amount, 2);
    expect(quote.charges.every((c) => c.payableAt === 'booking')).toBe(true);
    expect(quote.conditions.map((c) => c.title)).toEqual(expect.arrayContaining(['Cancellation policy', 'Mileage', 'Fuel policy']));

    clock.now = new Date(T0.getTime() + 15 * MIN);
    expect(await failure(cars.createBooking({ quoteId: quote.id, driver: driver() }, signal()))).toMatchObject({ kind: 'not_found', code: 'quote_expired' });
  });

  it('books a quote just before it expires, once', async () => {
    const { cars, clock, quote } = await quoted('postpaid');
    clock.now = new Date(T0.getTime() + 14 * MIN);
    const booking = await cars.createBooking({ quoteId: quote.id, driver: driver(), inboundFlightNumber: 'UA1234', metadata: { booking_id: 'cb_sim' } }, signal());
    expect(booking).toMatchObject({ status: 'confirmed', total: quote.total, metadata: { booking_id: 'cb_sim' }, driver: driver(), confirmedAt: clock.now.toISOString(), refund: null });
    expect(booking.id).toMatch(/^boo_/);
    expect(booking.reference).toMatch(/^[A-Z]{2}\d{9}$/);
    expect(booking.rate.car).toEqual(quote.rate.car);
    await expect(cars.getBooking(booking.id, signal())).resolves.toEqual(booking);
    expect(await failure(cars.createBooking({ quoteId: quote.id, driver: driver() }, signal()))).toMatchObject({ kind: 'rejected', code: 'quote_already_booked' });
  });

  it('no longer quotes a rate 30 minutes after its search bucket began, nor an id it never made', async () => {
    const { cars, clock } = world();
    const { rates } = await cars.search(rental('LAX'), signal());
    clock.now = new Date('2026-06-01T10:30:00Z');
    expect(await failure(cars.createQuote(rates[0]!.id, signal()))).toMatchObject({ kind: 'not_found', code: 'rate_no_longer_available' });
    expect(await failure(cars.createQuote('rae_NOTAREALRATE', signal()))).toMatchObject({ kind: 'not_found', status: 404 });
    const tampered = rates[0]!.id.slice(0, -1) + (rates[0]!.id.endsWith('0') ? '1' : '0');
    expect((await failure(cars.createQuote(tampered, signal()))).kind).toBe('not_found');
  });

  it('refuses a driver whose date of birth does not fit the age the rate was priced for', async () => {
    const { cars, quote } = await quoted('postpaid');
    expect(await failure(cars.createBooking({ quoteId: quote.id, driver: driver('2004-01-01') }, signal()))).toMatchObject({ kind: 'rejected', code: 'driver_age_mismatch' });
    expect(await failure(cars.createBooking({ quoteId: quote.id, driver: { ...driver(), phoneNumber: '020 8016 0509' } }, signal()))).toMatchObject({ kind: 'rejected', code: 'validation_format' });
    await expect(cars.createBooking({ quoteId: quote.id, driver: driver('1961-07-01') }, signal())).resolves.toMatchObject({ status: 'confirmed' });
  });

  it('cancels a postpaid rental for free until pick-up, then no more', async () => {
    const { cars, clock, quote } = await quoted('postpaid');
    const booking = await cars.createBooking({ quoteId: quote.id, driver: driver() }, signal());
    clock.now = new Date('2026-07-01T16:00:00Z'); // 09:00 in Los Angeles, an hour before pick-up
    const cancelled = await cars.cancelBooking(booking.id, signal());
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: clock.now.toISOString(), refund: { amount: 0, currency: 'USD' } });
    await expect(cars.getBooking(booking.id, signal())).resolves.toMatchObject({ status: 'cancelled' });
    expect(await failure(cars.cancelBooking(booking.id, signal()))).toMatchObject({ kind: 'rejected', code: 'booking_already_cancelled' });

    const again = await quoted('postpaid');
    const started = await again.cars.createBooking({ quoteId: again.quote.id, driver: driver() }, signal());
    again.clock.now = new Date('2026-07-01T17:30:00Z'); // 10:30 local: the rental has begun
    expect(await failure(again.cars.cancelBooking(started.id, signal()))).toMatchObject({ kind: 'rejected', code: 'booking_not_cancellable' });
  });

  it('refunds a prepaid rental in full until 48 hours before pick-up, then half', async () => {
    const early = await quoted('prepaid');
    const b1 = await early.cars.createBooking({ quoteId: early.quote.id, driver: driver() }, signal());
    early.clock.now = new Date('2026-06-29T16:00:00Z'); // 49 hours before 10:00 PDT on 1 July
    expect((await early.cars.cancelBooking(b1.id, signal())).refund).toEqual(early.quote.total);

    const late = await quoted('prepaid');
    const b2 = await late.cars.createBooking({ quoteId: late.quote.id, driver: driver() }, signal());
    late.clock.now = new Date('2026-06-29T18:00:00Z'); // 47 hours before
    const refund = (await late.cars.cancelBooking(b2.id, signal())).refund!;
    expect(refund.currency).toBe('USD');
    expect(refund.amount).toBeCloseTo(late.quote.total.amount / 2, 2);
  });

  it('keeps bookings in the shared cache: a second simulator on it sees and cancels them', async () => {
    const first = await quoted('prepaid');
    const booking = await first.cars.createBooking({ quoteId: first.quote.id, driver: driver() }, signal());
    const second = world({ cache: first.cache });
    await expect(second.cars.getBooking(booking.id, signal())).resolves.toEqual(booking);
    await second.cars.cancelBooking(booking.id, signal());
    await expect(first.cars.getBooking(booking.id, signal())).resolves.toMatchObject({ status: 'cancelled' });
    expect(await failure(world().cars.getBooking(booking.id, signal()))).toMatchObject({ kind: 'not_found' });
  });

  it('prices a quote exactly as the search did, even when quoted in a later bucket', async () => {
    const { cars, clock } = world();
    const { rates } = await cars.search(rental('LHR', { from: '2026-06-02T09:00', to: '2026-06-03T09:00' }), signal());
    clock.now = new Date(T0.getTime() + 20 * MIN);
    const quote = await cars.createQuote(rates[3]!.id, signal());
    expect(quote.total).toEqual(rates[3]!.total);
    expect(quote.rate.pickUpLocation).toEqual(rates[3]!.pickUpLocation);
  });
});
