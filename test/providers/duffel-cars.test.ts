import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDuffelCarsProvider } from '../../adapters/providers/duffel-cars/duffel-cars-provider.js';
import { mapCarBooking, mapCarQuote } from '../../adapters/providers/duffel-cars/map-car-booking.js';
import { mapCarRate } from '../../adapters/providers/duffel-cars/map-car-rate.js';
import type { DuffelCarsBooking, DuffelCarsQuote, DuffelCarsRate, DuffelCarsSearch } from '../../adapters/providers/duffel-cars/wire.js';
import { ProviderPolicy, type ResilienceOptions } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { CarDriverInput, CarSearchQuery, CarsProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { startDuffelCarsFake, type DuffelCarsFake } from '../fakes/duffel-cars-fake.js';
import { settlesBefore } from '../kit/settles-before.js';

// The real Duffel Cars adapter: mapping of recorded bodies, then the whole flow
// and every failure against the local fake over HTTP.

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/duffel-cars/${name}`, import.meta.url), 'utf8')) as T;
const recordedSearch = fixture<{ data: DuffelCarsSearch }>('search.json').data;
const recordedQuote = fixture<{ data: DuffelCarsQuote }>('quote.json').data;
const recordedBooking = fixture<{ data: DuffelCarsBooking }>('booking.json').data;
const [hertz, sixt, europcar] = recordedSearch.rates as [DuffelCarsRate, DuffelCarsRate, DuffelCarsRate];

const TOKEN = 'duffel_test_cars-token';
const signal = () => new AbortController().signal;

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

const heathrow = { latitude: 51.47002, longitude: -0.454295 };
const query: CarSearchQuery = {
  pickUp: { at: '2026-09-05T16:00', location: heathrow, radiusKm: 1 },
  dropOff: { at: '2026-09-13T10:00', location: heathrow, radiusKm: 1 },
  driverAge: 30,
  residenceCountryCode: 'gb',
};
const driver: CarDriverInput = { givenName: 'Amelia', familyName: 'Earhart', email: 'amelia@example.com', phoneNumber: '+442080160509', dateOfBirth: '1990-01-01' };

describe('Duffel Cars mapping of recorded bodies', () => {
  it('maps a postpaid rate field by field', () => {
    expect(mapCarRate(hertz)).toEqual({
      id: 'rae_0000B4gHZfFvCNgBj3EIaX',
      total: { amount: 301.08, currency: 'GBP' },
      base: { amount: 231.6, currency: 'GBP' },
      paymentType: 'postpaid',
      mileage: { type: 'unlimited' },
      supplier: { name: 'Hertz', logoUrl: 'https://example.com/logos/hertz.png' },
      car: {
        name: 'Vauxhall Corsa or similar',
        acriss: 'ECMR',
        category: 'economy',
        type: 'two_or_four_door',
        transmission: 'manual',
        fuel: 'petrol',
        airConditioning: true,
        seats: 5,
        bags: { large: 1, small: 1 },
      },
      pickUpLocation: { name: 'Hertz London Heathrow Airport', address: 'Northern Perimeter Road, London TW6, GB', location: { latitude: 51.4816, longitude: -0.4436 } },
      dropOffLocation: { name: 'Hertz London Heathrow Airport', address: 'Northern Perimeter Road, London TW6, GB', location: { latitude: 51.4816, longitude: -0.4436 } },
      expiresAt: null,
      // Duffel's documented rate states no terms before a quote.
      terms: null,
    });
  });

  it('reads the terms a rate states at search time (the simulator extension), a term it cannot read as not stated', () => {
    const terms = {
      free_cancellation_until: '2026-08-20T10:00:00.000Z',
      fuel_policy: 'full_to_full',
      collision_damage_waiver_included: true,
      theft_protection_included: true,
      excess_amount: '1000.00',
      excess_currency: 'GBP',
      deposit_amount: '200.00',
      deposit_currency: 'GBP',
    } as const;
    expect(mapCarRate({ ...structuredClone(hertz), terms }).terms).toEqual({
      freeCancellationUntil: '2026-08-20T10:00:00.000Z',
      fuelPolicy: 'full_to_full',
      cdwIncluded: true,
      theftProtectionIncluded: true,
      excess: { amount: 1000, currency: 'GBP' },
      deposit: { amount: 200, currency: 'GBP' },
    });
    const odd = { ...terms, fuel_policy: 'half_full', deposit_amount: 'lots', collision_damage_waiver_included: 'yes' } as unknown as typeof terms;
    expect(mapCarRate({ ...structuredClone(hertz), terms: odd }).terms).toMatchObject({ fuelPolicy: null, deposit: null, cdwIncluded: null, excess: { amount: 1000 } });
  });

  it('reads limited mileage in its unit, unknown fuel and seats, and a missing base or baggage', () => {
    const prepaid = mapCarRate(sixt);
    expect(prepaid).toMatchObject({ paymentType: 'prepaid', mileage: { type: 'limited', unit: 'mi', limit: 1200 }, supplier: { name: 'Sixt', logoUrl: null } });
    expect(prepaid.car).toMatchObject({ fuel: null, seats: 5, transmission: 'automatic' });
    const guarantee = mapCarRate(europcar);
    expect(guarantee).toMatchObject({ paymentType: 'guarantee', base: null, mileage: { type: 'limited', unit: 'km', limit: 2400 } });
    expect(guarantee.car).toMatchObject({ acriss: 'MVMR', seats: 7, bags: { large: 0, small: 0 }, fuel: 'diesel' });
    expect(mapCarRate({ ...structuredClone(sixt), expires_at: '2026-08-20T11:46:15Z' }).expiresAt).toBe('2026-08-20T11:46:15Z');
  });

  it.each([
    ['an unknown payment type', { payment_type: 'pay_later' }],
    ['no supplier name', { supplier: { name: '', logo_url: null } }],
    ['a car code that is not ACRISS', { car: { ...hertz.car, code: 'economy' } }],
    ['a mileage unit Duffel does not use', { mileage: { type: 'limited', unit: 'furlongs', limit: 10 } }],
    ['an unreadable total', { total_amount: 'lots' }],
    ['a pick-up location without coordinates', { pickup_location: { ...hertz.pickup_location, geographic_coordinates: null } }],
  ])('refuses a rate with %s as a bad response', (_what, patch) => {
    const body = { ...structuredClone(hertz), ...patch } as unknown as DuffelCarsRate;
    expect(() => mapCarRate(body)).toThrow(expect.objectContaining({ kind: 'bad_response', provider: 'duffel' }));
  });

  it('maps a quote: the rate it locks, charges paid at booking for prepaid, conditions, no expiry when Duffel gives none', () => {
    const quote = mapCarQuote(recordedQuote);
    expect(quote).toMatchObject({
      id: 'qut_0000Bx4Af0b5l45AT50eqO',
      rateId: sixt.id,
      total: { amount: 348.4, currency: 'GBP' },
      charges: [{ description: 'VAT and premium location surcharge', amount: { amount: 80.4, currency: 'GBP' }, payableAt: 'booking' }],
      expiresAt: null,
    });
    expect(quote.rate).toEqual({ ...mapCarRate(sixt), id: sixt.id });
    expect(quote.conditions[0]).toEqual({ title: 'Cancellation Policy', description: expect.stringContaining('48 hours') });
    const postpaid = mapCarQuote({ ...structuredClone(recordedQuote), payment_type: 'postpaid', charges: null, expires_at: '2026-08-20T11:35:00Z' });
    expect(postpaid.charges).toEqual([]);
    expect(postpaid.expiresAt).toBe('2026-08-20T11:35:00Z');
    const counter = mapCarQuote({ ...structuredClone(recordedQuote), payment_type: 'postpaid' });
    expect(counter.charges[0]!.payableAt).toBe('counter');
  });

  it('maps a booking with its driver and metadata, and the refund only when the provider states one', () => {
    const booking = mapCarBooking(recordedBooking);
    expect(booking).toMatchObject({
      id: 'boo_0000Cx4Af0b5l45AT50eqO',
      reference: 'SX-9H4K2QF',
      status: 'confirmed',
      driver,
      total: { amount: 348.4, currency: 'GBP' },
      confirmedAt: '2026-08-20T11:20:00.000000Z',
      cancelledAt: null,
      metadata: { booking_id: 'cb_01JC4Z7Q2M' },
      refund: null,
    });
    expect(booking.rate.id).toBe('qut_0000Bx4Af0b5l45AT50eqO');
    const cancelled = mapCarBooking({ ...structuredClone(recordedBooking), status: 'cancelled', cancelled_at: '2026-08-21T09:00:00Z', refund_amount: '174.20', refund_currency: 'GBP' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: '2026-08-21T09:00:00Z', refund: { amount: 174.2, currency: 'GBP' } });
    expect(() => mapCarBooking({ ...structuredClone(recordedBooking), status: 'pending' as 'confirmed' })).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });
});

describe('Duffel Cars calls on the wire (canned answers)', () => {
  function canned(status: number, body: unknown): HttpTransport {
    const text = JSON.stringify(body);
    return async () => ({ status, header: () => null, text: async () => text, json: async () => JSON.parse(text) as unknown });
  }
  const adapter = (transport: HttpTransport) => createDuffelCarsProvider({ transport, token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });

  it('drops one malformed rate among good ones, but fails when every rate is malformed', async () => {
    const broken = { ...structuredClone(europcar), total_amount: null };
    const mixed = await adapter(canned(200, { data: { ...recordedSearch, rates: [hertz, broken, sixt] } })).search(query, signal());
    expect(mixed.rates.map((r) => r.id)).toEqual([hertz.id, sixt.id]);
    const none = await failure(adapter(canned(200, { data: { ...recordedSearch, rates: [broken] } })).search(query, signal()));
    expect(none.kind).toBe('bad_response');
    const noList = await failure(adapter(canned(200, { data: { ...recordedSearch, rates: null } })).search(query, signal()));
    expect(noList.kind).toBe('bad_response');
  });
});

describe('Duffel Cars adapter against the local fake', () => {
  let fake: DuffelCarsFake;

  beforeAll(async () => {
    fake = await startDuffelCarsFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  function adapter(opts: Partial<ResilienceOptions> = {}, token = TOKEN): CarsProvider {
    const policy = new ProviderPolicy('duffel', { retries: 1, timeoutMs: 3_000, breakerThreshold: 50, ...opts });
    return createDuffelCarsProvider({ transport: httpTransport(fake.url), token, policy, mode: 'live' });
  }
  const sent = (i: number): unknown => {
    const body = fake.requests[i]?.body;
    return body ? JSON.parse(body) : undefined;
  };
  const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

  it('searches, quotes, books, looks up and cancels, with Duffel field names on the wire', async () => {
    const cars = adapter();
    const search = await cars.search(query, signal());
    expect(search.id).toMatch(/^seh_/);
    expect(search.rates.map((r) => r.supplier.name)).toEqual(['Hertz', 'Sixt', 'Europcar']);
    expect(sent(0)).toEqual({
      data: {
        pickup_date: '2026-09-05',
        pickup_time: '16:00',
        dropoff_date: '2026-09-13',
        dropoff_time: '10:00',
        pickup_location: { radius: 1, geographic_coordinates: heathrow },
        dropoff_location: { radius: 1, geographic_coordinates: heathrow },
        driver: { age: 30, residence_country_code: 'GB' },
      },
    });
    expect(fake.requests[0]!.headers).toMatchObject({ 'duffel-version': 'v2', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' });

    const prepaid = search.rates.find((r) => r.paymentType === 'prepaid')!;
    const quote = await cars.createQuote(prepaid.id, signal());
    expect(sent(1)).toEqual({ data: { rate_id: prepaid.id } });
    expect(quote).toMatchObject({ rateId: prepaid.id, total: prepaid.total, expiresAt: null });
    expect(quote.charges).toEqual([{ description: 'VAT and premium location surcharge', amount: { amount: 80.4, currency: 'GBP' }, payableAt: 'booking' }]);

    const booking = await cars.createBooking({ quoteId: quote.id, driver, inboundFlightNumber: 'BA117', metadata: { booking_id: 'cb_flow' } }, signal());
    expect(sent(2)).toEqual({
      data: {
        quote_id: quote.id,
        driver: { given_name: 'Amelia', family_name: 'Earhart', email: 'amelia@example.com', phone_number: '+442080160509', date_of_birth: '1990-01-01' },
        inbound_flight_number: 'BA117',
        metadata: { booking_id: 'cb_flow' },
      },
    });
    expect(sent(2)).not.toHaveProperty('data.payment');
    expect(booking).toMatchObject({ status: 'confirmed', driver, total: prepaid.total, metadata: { booking_id: 'cb_flow' }, cancelledAt: null, refund: null });
    expect(booking.rate.car).toEqual(prepaid.car);

    await expect(cars.getBooking(booking.id, signal())).resolves.toEqual(booking);
    const cancelled = await cars.cancelBooking(booking.id, signal());
    expect(cancelled).toMatchObject({ id: booking.id, status: 'cancelled', refund: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(calls()).toEqual(['POST /cars/search', 'POST /cars/quotes', 'POST /cars/bookings', `GET /cars/bookings/${booking.id}`, `POST /cars/bookings/${booking.id}/actions/cancel`]);
    expect(fake.requests[4]!.body).toBe('');
    expect(fake.booking(booking.id)?.status).toBe('cancelled');
  });

  it('leaves out optional booking fields it was not given', async () => {
    const cars = adapter();
    const quote = await cars.createQuote(hertz.id, signal());
    fake.requests.length = 0;
    await cars.createBooking({ quoteId: quote.id, driver, metadata: {} }, signal());
    expect(Object.keys((sent(0) as { data: object }).data).sort()).toEqual(['driver', 'quote_id']);
  });

  it('never retries a booking: a 503 answer is one request and an unavailable error', async () => {
    const cars = adapter();
    const quote = await cars.createQuote(hertz.id, signal());
    fake.requests.length = 0;
    fake.failNext('unavailable');
    const err = await failure(cars.createBooking({ quoteId: quote.id, driver }, signal()));
    expect(err).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(calls()).toEqual(['POST /cars/bookings']);
  });

  it('never retries a cancellation either', async () => {
    fake.failNext('unavailable');
    await failure(adapter().cancelBooking('boo_whatever', signal()));
    expect(calls()).toEqual(['POST /cars/bookings/boo_whatever/actions/cancel']);
  });

  it('retries a search and a booking look-up after a 503, and gets the answer', async () => {
    const cars = adapter();
    fake.failNext('unavailable');
    const search = await cars.search(query, signal());
    expect(search.rates).toHaveLength(3);
    expect(calls()).toEqual(['POST /cars/search', 'POST /cars/search']);

    const quote = await cars.createQuote(hertz.id, signal());
    const booking = await cars.createBooking({ quoteId: quote.id, driver }, signal());
    fake.requests.length = 0;
    fake.failNext('unavailable');
    await expect(cars.getBooking(booking.id, signal())).resolves.toMatchObject({ id: booking.id });
    expect(calls()).toEqual([`GET /cars/bookings/${booking.id}`, `GET /cars/bookings/${booking.id}`]);
  });

  it('does not retry a 500, as Duffel asks', async () => {
    fake.failNext('server_error');
    expect(await failure(adapter().search(query, signal()))).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(calls()).toEqual(['POST /cars/search']);
  });

  it('reads a rate or quote that is gone as not_found, keeping Duffel\'s code', async () => {
    const cars = adapter();
    fake.failNext('rate_gone');
    expect(await failure(cars.createQuote(hertz.id, signal()))).toMatchObject({ kind: 'not_found', status: 422, code: 'rate_no_longer_available' });
    expect(await failure(cars.createQuote('rae_unknown', signal()))).toMatchObject({ kind: 'not_found', code: 'rate_no_longer_available' });
    fake.failNext('quote_expired');
    expect(await failure(cars.createBooking({ quoteId: 'qut_x', driver }, signal()))).toMatchObject({ kind: 'not_found', code: 'quote_expired' });
    expect(await failure(cars.getBooking('boo_missing', signal()))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('turns every other failure into its kind', async () => {
    const cars = adapter({ retries: 0 });
    fake.failNext('rate_limited');
    const limited = await failure(cars.search(query, signal()));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs).toBeGreaterThan(1_000);
    fake.failNext('malformed');
    expect((await failure(cars.search(query, signal()))).kind).toBe('bad_response');
    fake.failNext('validation');
    expect(await failure(cars.search(query, signal()))).toMatchObject({ kind: 'rejected', code: 'validation_required' });
    fake.failNext('errors_in_200');
    expect(await failure(cars.search(query, signal()))).toMatchObject({ kind: 'unavailable', code: 'supplier_error' });
    expect((await failure(adapter({}, 'not-a-duffel-token').search(query, signal()))).kind).toBe('auth');
  });

  it('refuses a second booking of one quote and a second cancellation', async () => {
    const cars = adapter();
    const quote = await cars.createQuote(sixt.id, signal());
    const booking = await cars.createBooking({ quoteId: quote.id, driver }, signal());
    expect(await failure(cars.createBooking({ quoteId: quote.id, driver }, signal()))).toMatchObject({ kind: 'rejected', code: 'quote_already_booked' });
    await cars.cancelBooking(booking.id, signal());
    expect(await failure(cars.cancelBooking(booking.id, signal()))).toMatchObject({ kind: 'rejected', code: 'booking_already_cancelled' });
  });

  it('gives up on a silent provider within its time budget', async () => {
    fake.failNext('timeout');
    const call = adapter({ retries: 0, timeoutMs: 300 }).search(query, signal());
    // The 300 ms budget fires before a sentinel at 10 times it (order, not a measured time).
    expect(await settlesBefore(call, 3_000)).toBe(true);
    expect((await failure(call)).kind).toBe('timeout');
  });
});
