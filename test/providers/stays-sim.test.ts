import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { createDuffelStaysProvider } from '../../adapters/providers/duffel-stays/duffel-stays-provider.js';
import type { DuffelError } from '../../adapters/providers/duffel/wire.js';
import type { DuffelStaysBooking, DuffelStaysQuote, DuffelStaysSearch, DuffelStaysSearchResult } from '../../adapters/providers/duffel-stays/wire.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import type { HttpTransport } from '../../adapters/providers/http/transport.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { createStaysSimulator } from '../../adapters/sandbox/simulators/stays-sim.js';
import { checkInInstant, hotelById } from '../../adapters/sandbox/simulators/world/hotels.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { StayRate, StaySearchQuery, StaySearchResult } from '../../tools/_kit/stays-cars-cruises.js';
import { geoPointKm } from '../../tools/_kit/reference/great-circle.js';

// The Duffel Stays simulator over the hotel world, driven through the real
// adapter (createDuffelStaysProvider) on a clock the tests move, plus a few raw
// wire calls for what the adapter does not show (status codes, error codes).

const SEED = 'stays-sim-test';
/** A Monday morning; stays below are booked about 15 weeks ahead. */
const T0 = new Date('2026-06-01T10:02:00Z');
const MINUTE = 60_000;
const signal = () => new AbortController().signal;
const caches: MemoryCache[] = [];

afterAll(async () => {
  await Promise.all(caches.map((c) => c.close()));
});

const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const NEW_YORK = { latitude: 40.758, longitude: -73.9855 };
const BARCELONA = { latitude: 41.3874, longitude: 2.1686 };
const BANGKOK = { latitude: 13.744, longitude: 100.534 };

interface Reply<T> {
  status: number;
  data: T;
  errors?: DuffelError[];
}

function sandbox(cache = new MemoryCache()) {
  caches.push(cache);
  const clock = { now: T0 };
  const transport: HttpTransport = simulatedTransport('duffel', createStaysSimulator({ seed: SEED, cache }), { latencyMs: 0, failRate: 0, seed: SEED, clock: () => clock.now });
  const stays = createDuffelStaysProvider({ transport, token: 'duffel_test_simulator', policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'simulator' });
  async function call<T>(method: 'GET' | 'POST', path: string, data?: unknown, headers: Record<string, string> = { 'Duffel-Version': 'v2' }): Promise<Reply<T>> {
    const res = await transport({ method, path, headers, body: data === undefined ? undefined : JSON.stringify({ data }), signal: signal() });
    return { status: res.status, ...((await res.json()) as Omit<Reply<T>, 'status'>) };
  }
  return { clock, stays, call, cache };
}

type Sandbox = ReturnType<typeof sandbox>;

function query(center: { latitude: number; longitude: number }, checkIn: string, checkOut: string, extra: Partial<StaySearchQuery> = {}): StaySearchQuery {
  return { checkIn, checkOut, rooms: 1, adults: 2, childAges: [], location: { center, radiusKm: 5 }, ...extra };
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

const perNight = (r: StaySearchResult, nights: number) => r.cheapestTotal.amount / nights;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const byHotel = (results: StaySearchResult[]) => new Map(results.map((r) => [r.accommodation.id, r]));

describe('Stays simulator: search', () => {
  it('gives the same results for the same search, and new ids (same hotels) in a later bucket', async () => {
    const a = sandbox();
    const b = sandbox();
    const q = query(PARIS, '2026-09-15', '2026-09-17');
    const first = await a.stays.search(q, signal());
    const again = await b.stays.search(q, signal());
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(again).toEqual(first);
    a.clock.now = new Date(T0.getTime() + 20 * MINUTE);
    const later = await a.stays.search(q, signal());
    expect(later.map((r) => r.accommodation.id).sort()).toEqual(first.map((r) => r.accommodation.id).sort());
    expect(later[0]!.id).not.toBe(first[0]!.id);
  });

  it('finds hotels of real chains with their loyalty programmes, within the radius', async () => {
    const { stays } = sandbox();
    const results = await stays.search(query(PARIS, '2026-09-15', '2026-09-17'), signal());
    const programmes = new Set(results.map((r) => r.accommodation.loyaltyProgramme));
    expect([...programmes].filter((p) => ['marriott_bonvoy', 'hilton_honors', 'world_of_hyatt', 'ihg_one_rewards', 'accor_live_limitless'].includes(p ?? '')).length).toBeGreaterThanOrEqual(3);
    for (const r of results) {
      expect(r.accommodation.kind).toBe('hotel');
      expect(r.accommodation.address.city).toBe('Paris');
      expect(r.accommodation.address.countryCode).toBe('FR');
      expect(r.accommodation.rating).toBeGreaterThanOrEqual(2);
      expect(r.cheapestTotal.currency).toBe('USD');
      const km = geoPointKm(PARIS, r.accommodation.location);
      expect(km).toBeLessThanOrEqual(5);
    }
    const hyatt = results.find((r) => r.accommodation.chain === 'Hyatt Hotels');
    expect(hyatt?.accommodation.loyaltyProgramme).toBe('world_of_hyatt');
  });

  it('prices by tier and city: Paris luxury far above ibis, New York dearer than Bangkok', async () => {
    const { stays } = sandbox();
    const paris = await stays.search(query(PARIS, '2026-09-15', '2026-09-17'), signal());
    const luxury = paris.filter((r) => r.accommodation.rating === 5 && r.accommodation.chain !== null && ['Park Hyatt', 'Raffles', 'The Ritz-Carlton', 'St. Regis', 'Waldorf Astoria'].includes(r.accommodation.brand ?? ''));
    const ibis = paris.filter((r) => (r.accommodation.brand ?? '').startsWith('ibis'));
    expect(luxury.length).toBeGreaterThan(0);
    expect(ibis.length).toBeGreaterThan(0);
    const cheapestLuxury = Math.min(...luxury.map((r) => perNight(r, 2)));
    const dearestIbis = Math.max(...ibis.map((r) => perNight(r, 2)));
    expect(cheapestLuxury).toBeGreaterThan(2.5 * dearestIbis);
    // Market levels (USD a night with tax, September): ibis $70–300, palace-class $500–3,000.
    for (const r of ibis) {
      expect(perNight(r, 2)).toBeGreaterThan(70);
      expect(perNight(r, 2)).toBeLessThan(300);
    }
    for (const r of luxury) {
      expect(perNight(r, 2)).toBeGreaterThan(500);
      expect(perNight(r, 2)).toBeLessThan(3_000);
    }

    const nyc = await stays.search(query(NEW_YORK, '2026-09-15', '2026-09-17'), signal());
    const bangkok = await stays.search(query(BANGKOK, '2026-09-15', '2026-09-17'), signal());
    expect(median(nyc.map((r) => perNight(r, 2)))).toBeGreaterThan(2 * median(bangkok.map((r) => perNight(r, 2))));
  });

  it('charges more at weekends in leisure cities and midweek in business cities', async () => {
    const { stays } = sandbox();
    // Tuesday–Thursday against Friday–Sunday of the same September week.
    const weekdays = async (c: typeof PARIS) => byHotel(await stays.search(query(c, '2026-09-15', '2026-09-17'), signal()));
    const weekend = async (c: typeof PARIS) => byHotel(await stays.search(query(c, '2026-09-18', '2026-09-20'), signal()));
    const [bcnWeek, bcnEnd, nycWeek, nycEnd] = await Promise.all([weekdays(BARCELONA), weekend(BARCELONA), weekdays(NEW_YORK), weekend(NEW_YORK)]);
    let compared = 0;
    for (const [id, r] of bcnWeek) {
      const w = bcnEnd.get(id);
      if (!w) continue;
      compared++;
      expect(w.cheapestTotal.amount, r.accommodation.name).toBeGreaterThan(r.cheapestTotal.amount);
    }
    for (const [id, r] of nycWeek) {
      const w = nycEnd.get(id);
      if (!w) continue;
      compared++;
      expect(w.cheapestTotal.amount, r.accommodation.name).toBeLessThan(r.cheapestTotal.amount);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('adds vacation rentals only when include_rentals is sent', async () => {
    const { stays, call } = sandbox();
    const q = query(PARIS, '2026-09-15', '2026-09-19');
    const plain = await stays.search(q, signal());
    const withRentals = await stays.search({ ...q, includeRentals: true }, signal());
    expect(plain.some((r) => r.accommodation.kind === 'vacation_rental')).toBe(false);
    const rentals = withRentals.filter((r) => r.accommodation.kind === 'vacation_rental');
    expect(rentals.length).toBeGreaterThan(0);
    expect(withRentals.length).toBe(plain.length + rentals.length);
    for (const r of rentals) {
      expect(r.accommodation.rating).toBeNull();
      expect(r.accommodation.loyaltyProgramme).toBeNull();
      expect(r.accommodation.name).toMatch(/(apartment|studio|home)/i);
    }
    // On the wire: the extension marks them, and only when asked.
    const raw = await call<DuffelStaysSearch>('POST', '/stays/search', { check_in_date: '2026-09-15', check_out_date: '2026-09-19', rooms: 1, guests: [{ type: 'adult' }], location: { radius: 5, geographic_coordinates: PARIS }, include_rentals: true });
    expect(raw.status).toBe(201);
    expect(raw.data.results.filter((r) => r.accommodation.type === 'vacation_rental').length).toBe(rentals.length);
  });

  it('keeps only refundable rates with free_cancellation_only', async () => {
    const { stays } = sandbox();
    const results = await stays.search(query(PARIS, '2026-09-15', '2026-09-17', { freeCancellationOnly: true }), signal());
    const all = await stays.fetchAllRates(results[0]!.id, signal());
    expect(all.rates.length).toBeGreaterThan(0);
    for (const rate of all.rates) expect(rate.cancellationTimeline.length).toBeGreaterThan(0);
  });

  it("answers Duffel's errors: a missing version header, invalid bodies, an unknown route", async () => {
    const { call } = sandbox();
    const body = { check_in_date: '2026-09-15', check_out_date: '2026-09-17', rooms: 1, guests: [{ type: 'adult' }], location: { radius: 5, geographic_coordinates: PARIS } };
    expect((await call('POST', '/stays/search', body, {})).status).toBe(400);
    const bad = async (patch: object, field: string) => {
      const reply = await call('POST', '/stays/search', { ...body, ...patch });
      expect(reply.status).toBe(422);
      expect(reply.errors?.[0]?.source?.field).toBe(field);
    };
    await bad({ location: { radius: 500, geographic_coordinates: PARIS } }, 'radius');
    await bad({ check_in_date: '2026-05-01' }, 'check_in_date');
    await bad({ check_out_date: '2026-09-15' }, 'check_out_date');
    await bad({ guests: [{ type: 'child', age: 30 }] }, 'age');
    await bad({ rooms: 2 }, 'guests');
    expect((await call('GET', '/stays/nothing')).status).toBe(404);
  });
});

describe('Stays simulator: rates', () => {
  async function parisRates(sb: Sandbox, checkIn = '2026-09-15', checkOut = '2026-09-17'): Promise<StaySearchResult[]> {
    const results = await sb.stays.search(query(PARIS, checkIn, checkOut), signal());
    return Promise.all(results.map((r) => sb.stays.fetchAllRates(r.id, signal())));
  }

  it('lists rooms and rate variants with boards, payment types and cancellation timelines', async () => {
    const sb = sandbox();
    const all = await parisRates(sb);
    const rates = all.flatMap((r) => r.rates);
    expect(new Set(rates.map((r) => r.boardType))).toEqual(new Set(['room_only', 'breakfast']));
    expect(new Set(rates.map((r) => r.paymentType))).toEqual(new Set(['pay_now', 'guarantee']));
    for (const result of all) {
      expect(new Set(result.rates.map((r) => r.roomName)).size).toBeGreaterThanOrEqual(2);
      // The search's cheapest is the cheapest of the rates.
      expect(Math.min(...result.rates.map((r) => r.total.amount))).toBe(result.cheapestTotal.amount);
      const hotel = hotelById(result.accommodation.id)!;
      const arrival = checkInInstant(hotel, result.checkIn);
      for (const rate of result.rates) {
        expect(rate.total.amount).toBeCloseTo(rate.base!.amount + rate.tax!.amount + (rate.fee?.amount ?? 0), 2);
        if (rate.cancellationTimeline.length === 0) continue;
        const [free, late] = rate.cancellationTimeline;
        expect(free!.refund).toEqual(rate.total);
        expect([24, 48, 72]).toContain((arrival - Date.parse(free!.before)) / 3_600_000);
        if (late) {
          expect(Date.parse(late.before)).toBe(arrival);
          expect(late.refund.amount).toBeLessThan(rate.total.amount);
          expect(late.refund.amount).toBeGreaterThan(0);
        }
      }
    }
    const nonRefundable = rates.filter((r) => r.cancellationTimeline.length === 0);
    const flexible = rates.filter((r) => r.cancellationTimeline.length > 0);
    expect(nonRefundable.length).toBeGreaterThan(0);
    expect(flexible.length).toBeGreaterThan(0);
    // A non-refundable rate is cheaper than the same room's flexible one.
    const one = all.find((r) => r.rates.some((x) => x.cancellationTimeline.length === 0))!;
    const room = one.rates.find((x) => x.cancellationTimeline.length === 0)!.roomName;
    const [nr, flex] = [one.rates.find((x) => x.roomName === room && x.cancellationTimeline.length === 0)!, one.rates.find((x) => x.roomName === room && x.boardType === 'room_only' && x.paymentType === 'pay_now' && x.cancellationTimeline.length > 0)!];
    expect(nr.total.amount).toBeLessThan(flex.total.amount);
  });

  it('expires search results and their rates 30 minutes after the search', async () => {
    const sb = sandbox();
    const [result] = await sb.stays.search(query(PARIS, '2026-09-15', '2026-09-17'), signal());
    const all = await sb.stays.fetchAllRates(result!.id, signal());
    expect(Date.parse(all.expiresAt!)).toBe(T0.getTime() + 30 * MINUTE);
    sb.clock.now = new Date(T0.getTime() + 31 * MINUTE);
    expect((await failure(sb.stays.fetchAllRates(result!.id, signal()))).kind).toBe('not_found');
    expect((await failure(sb.stays.createQuote(all.rates[0]!.id, signal()))).kind).toBe('not_found');
    const raw = await sb.call('POST', '/stays/quotes', { rate_id: all.rates[0]!.id });
    expect(raw.status).toBe(422);
    expect(raw.errors?.[0]?.code).toBe('rate_no_longer_available');
  });
});

describe('Stays simulator: quotes, bookings and cancellations', () => {
  const guests = [{ givenName: 'Amélie', familyName: 'Poulain' }];
  const contact = { email: 'amelie@example.com', phoneNumber: '+33142685300' };

  /** A rate of a Paris hotel stay (3 nights from check-in) matching the test. */
  async function pickRate(sb: Sandbox, checkIn: string, checkOut: string, test: (r: StayRate) => boolean): Promise<StayRate> {
    const results = await sb.stays.search(query(PARIS, checkIn, checkOut), signal());
    for (const r of results) {
      const all = await sb.stays.fetchAllRates(r.id, signal());
      const hit = all.rates.find(test);
      if (hit) return hit;
    }
    throw new Error('no such rate');
  }

  it('quotes at the rate price for 30 minutes, then refuses to book the quote', async () => {
    const sb = sandbox();
    const rate = await pickRate(sb, '2026-09-15', '2026-09-18', (r) => r.paymentType === 'pay_now');
    const quote = await sb.stays.createQuote(rate.id, signal());
    expect(quote.total).toEqual(rate.total);
    expect(quote.roomName).toBe(rate.roomName);
    const raw = await sb.call<DuffelStaysQuote>('GET', `/stays/quotes/${quote.id}`);
    expect(raw.data.expires_at).toBe(new Date(T0.getTime() + 30 * MINUTE).toISOString());

    sb.clock.now = new Date(T0.getTime() + 29 * MINUTE);
    const fresh = await sb.stays.createQuote(rate.id, signal());
    sb.clock.now = new Date(T0.getTime() + 31 * MINUTE);
    const expired = await failure(sb.stays.createBooking({ quoteId: quote.id, guests, ...contact }, signal()));
    expect(expired.kind).toBe('not_found');
    expect(expired.code).toBe('quote_expired');
    // A quote made later lives 30 minutes from its own creation.
    const booked = await sb.stays.createBooking({ quoteId: fresh.id, guests, ...contact }, signal());
    expect(booked.status).toBe('confirmed');
  });

  it('books a quote once, and the booking can be read back', async () => {
    const sb = sandbox();
    const rate = await pickRate(sb, '2026-09-15', '2026-09-18', (r) => r.paymentType === 'pay_now');
    const quote = await sb.stays.createQuote(rate.id, signal());
    const booking = await sb.stays.createBooking({ quoteId: quote.id, guests, ...contact, metadata: { booking_id: 'hb_test' } }, signal());
    expect(booking.id).toMatch(/^bok_/);
    expect(booking.reference).toMatch(/^\d{9}$/);
    expect(booking.total).toEqual(rate.total);
    expect(booking.checkIn).toBe('2026-09-15');
    expect(booking.metadata).toEqual({ booking_id: 'hb_test' });
    expect(await sb.stays.getBooking(booking.id, signal())).toEqual(booking);
    const again = await failure(sb.stays.createBooking({ quoteId: quote.id, guests, ...contact }, signal()));
    expect(again.kind).toBe('rejected');
    expect(again.code).toBe('quote_already_booked');
  });

  it('refunds everything before the free-cancellation deadline and nothing on a non-refundable rate', async () => {
    const sb = sandbox();
    // A timeline with a late period too, so the refund must come from the right deadline.
    const flexible = await pickRate(sb, '2026-09-15', '2026-09-18', (r) => r.paymentType === 'pay_now' && r.cancellationTimeline.length === 2);
    const nonRefundable = await pickRate(sb, '2026-09-15', '2026-09-18', (r) => r.cancellationTimeline.length === 0);
    const book = async (rateId: string) => sb.stays.createBooking({ quoteId: (await sb.stays.createQuote(rateId, signal())).id, guests, ...contact }, signal());
    const a = await book(flexible.id);
    const b = await book(nonRefundable.id);
    const cancelledA = await sb.stays.cancelBooking(a.id, signal());
    expect(cancelledA.status).toBe('cancelled');
    expect(cancelledA.cancelledAt).toBe(T0.toISOString());
    expect(cancelledA.refund).toEqual(flexible.total);
    expect((await sb.stays.cancelBooking(b.id, signal())).refund).toEqual({ amount: 0, currency: 'USD' });
    const twice = await failure(sb.stays.cancelBooking(a.id, signal()));
    expect(twice.code).toBe('booking_already_cancelled');
    expect((await sb.stays.getBooking(a.id, signal())).status).toBe('cancelled');
  });

  it('keeps the first night after the deadline, and refuses once the stay has begun', async () => {
    const sb = sandbox();
    // A stay starting three days after the search, on a rate whose late period keeps the first night.
    const rate = await pickRate(sb, '2026-06-04', '2026-06-07', (r) => r.paymentType === 'pay_now' && r.cancellationTimeline.length === 2);
    const [free, late] = rate.cancellationTimeline;
    const book = async () => sb.stays.createBooking({ quoteId: (await sb.stays.createQuote(rate.id, signal())).id, guests, ...contact }, signal());
    const first = await book();
    const second = await book();
    sb.clock.now = new Date(Date.parse(free!.before) + MINUTE);
    const cancelled = await sb.stays.cancelBooking(first.id, signal());
    expect(cancelled.refund).toEqual(late!.refund);
    expect(cancelled.refund!.amount).toBeLessThan(rate.total.amount);
    sb.clock.now = new Date(Date.parse(late!.before) + MINUTE);
    const begun = await failure(sb.stays.cancelBooking(second.id, signal()));
    expect(begun.kind).toBe('rejected');
    expect(begun.code).toBe('booking_not_cancellable');
  });

  it('shares results, quotes and bookings between two simulators on one cache', async () => {
    const cache = new MemoryCache();
    const one = sandbox(cache);
    const two = sandbox(cache);
    const rate = await pickRate(one, '2026-09-15', '2026-09-18', (r) => r.paymentType === 'pay_now' && r.cancellationTimeline.length > 0);
    // Quoted on one, booked on the other, cancelled back on the first.
    const quote = await two.stays.createQuote(rate.id, signal());
    const booking = await two.stays.createBooking({ quoteId: quote.id, guests, ...contact }, signal());
    expect((await one.stays.getBooking(booking.id, signal())).reference).toBe(booking.reference);
    await one.stays.cancelBooking(booking.id, signal());
    expect((await two.stays.getBooking(booking.id, signal())).status).toBe('cancelled');
    // A simulator on another cache knows nothing of it.
    expect((await failure(sandbox().stays.getBooking(booking.id, signal()))).kind).toBe('not_found');
  });

  it('validates booking bodies and states the refund on the wire', async () => {
    const sb = sandbox();
    const rate = await pickRate(sb, '2026-09-15', '2026-09-18', (r) => r.paymentType === 'pay_now' && r.cancellationTimeline.length > 0);
    const quote = await sb.call<DuffelStaysQuote>('POST', '/stays/quotes', { rate_id: rate.id });
    expect(quote.status).toBe(201);
    const body = { quote_id: quote.data.id, guests: [{ given_name: 'Amélie', family_name: 'Poulain' }], email: 'amelie@example.com', phone_number: '+33142685300' };
    const badPhone = await sb.call('POST', '/stays/bookings', { ...body, phone_number: '0142685300' });
    expect(badPhone.status).toBe(422);
    expect(badPhone.errors?.[0]?.source?.field).toBe('phone_number');
    expect((await sb.call('POST', '/stays/bookings', { ...body, guests: [] })).status).toBe(422);
    expect((await sb.call('POST', '/stays/bookings', { ...body, quote_id: 'quo_unknown' })).status).toBe(404);
    const booked = await sb.call<DuffelStaysBooking>('POST', '/stays/bookings', body);
    expect(booked.status).toBe(201);
    const cancelled = await sb.call<DuffelStaysBooking>('POST', `/stays/bookings/${booked.data.id}/actions/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.refund_amount).toBe(rate.total.amount.toFixed(2));
    expect(cancelled.data.refund_currency).toBe('USD');
  });
});

describe('Stays simulator: wire shape', () => {
  it('sends Duffel-style ids and decimal strings', async () => {
    const { call } = sandbox();
    const reply = await call<DuffelStaysSearch>('POST', '/stays/search', { check_in_date: '2026-09-15', check_out_date: '2026-09-17', rooms: 1, guests: [{ type: 'adult' }, { type: 'child', age: 7 }], location: { radius: 3, geographic_coordinates: NEW_YORK } });
    expect(reply.status).toBe(201);
    const result: DuffelStaysSearchResult = reply.data.results[0]!;
    expect(result.id).toMatch(/^srr_[0-9A-Z]{26}$/);
    expect(result.accommodation.id).toMatch(/^acc_[0-9A-Z]{26}$/);
    expect(result.cheapest_rate_total_amount).toMatch(/^\d+\.\d{2}$/);
    expect(result.accommodation.rooms).toEqual([]);
    expect(result.guests).toEqual([{ type: 'adult' }, { type: 'child', age: 7 }]);
    const rates = await call<DuffelStaysSearchResult>('POST', `/stays/search_results/${result.id}/actions/fetch_all_rates`);
    expect(rates.status).toBe(200);
    const rate = rates.data.accommodation.rooms[0]!.rates[0]!;
    expect(rate.id).toMatch(/^rat_[0-9A-Z]{26}$/);
    expect(rate.total_amount).toMatch(/^\d+\.\d{2}$/);
  });
});
