import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDuffelStaysProvider } from '../../adapters/providers/duffel-stays/duffel-stays-provider.js';
import type { DuffelAccommodation, DuffelStaysBooking, DuffelStaysQuote, DuffelStaysRate } from '../../adapters/providers/duffel-stays/wire.js';
import { ProviderPolicy, type ResilienceOptions } from '../../adapters/providers/http/resilience.js';
import { httpTransport, type HttpTransport } from '../../adapters/providers/http/transport.js';
import { isProviderError, type ProviderError } from '../../tools/_kit/provider-error.js';
import type { StaySearchQuery, StaySearchResult, StaysProvider } from '../../tools/_kit/stays-cars-cruises.js';
import { startDuffelStaysFake, type DuffelStaysFake, type RecordedRequest } from '../fakes/duffel-stays-fake.js';

const TOKEN = 'duffel_test_stays-token';
const signal = () => new AbortController().signal;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const MINUTE = 60_000;
/** Trafalgar Square: the four London fixture hotels lie within 5 km, the Paris one does not. */
const LONDON = { latitude: 51.5072223, longitude: -0.1276474 };

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

function query(extra: Partial<StaySearchQuery> = {}): StaySearchQuery {
  return { checkIn: inDays(30), checkOut: inDays(32), rooms: 1, adults: 2, childAges: [], location: { center: LONDON, radiusKm: 5 }, ...extra };
}

describe('Duffel Stays adapter against the local fake', () => {
  let fake: DuffelStaysFake;

  beforeAll(async () => {
    fake = await startDuffelStaysFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  function adapter(opts: Partial<ResilienceOptions> = {}): StaysProvider {
    const policy = new ProviderPolicy('duffel', { retries: 0, timeoutMs: 5_000, breakerThreshold: 50, ...opts });
    return createDuffelStaysProvider({ transport: httpTransport(fake.url), token: TOKEN, policy, mode: 'live' });
  }

  const sent = (r: RecordedRequest | undefined): unknown => (r && r.body !== '' ? JSON.parse(r.body) : undefined);
  const calls = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

  async function ratesOf(name: string, q: StaySearchQuery = query()): Promise<StaySearchResult> {
    const stays = adapter();
    const hit = (await stays.search(q, signal())).find((r) => r.accommodation.name === name);
    if (!hit) throw new Error(`${name} was not found`);
    return stays.fetchAllRates(hit.id, signal());
  }

  it("searches by coordinates with a radius in km and guests with ages, in Duffel's body", async () => {
    const results = await adapter().search(query({ adults: 2, childAges: [7, 12], location: { center: LONDON, radiusKm: 5 } }), signal());
    const [request] = calls('POST', '/stays/search');
    expect(request!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2', 'content-type': 'application/json' });
    expect(sent(request)).toEqual({
      data: {
        check_in_date: inDays(30),
        check_out_date: inDays(32),
        rooms: 1,
        guests: [{ type: 'adult' }, { type: 'adult' }, { type: 'child', age: 7 }, { type: 'child', age: 12 }],
        location: { radius: 5, geographic_coordinates: { latitude: 51.507222, longitude: -0.127647 } },
      },
    });
    expect(results.map((r) => r.accommodation.name)).toEqual([
      'Holiday Inn Express London - Southwark',
      'Hilton London Bankside',
      'London Marriott Hotel County Hall',
      'Hyatt Regency London - The Churchill',
    ]);
    const marriott = results.find((r) => r.accommodation.name.startsWith('London Marriott'))!;
    expect(marriott).toMatchObject({
      checkIn: inDays(30),
      checkOut: inDays(32),
      rooms: 1,
      // The advance-purchase rate: 272.00 x 2 nights + 20% VAT, sent as the decimal string "652.80".
      cheapestTotal: { amount: 652.8, currency: 'GBP' },
      rates: [],
    });
    expect(marriott.id).toMatch(/^sta_/);
    expect(Date.parse(marriott.expiresAt!)).toBeGreaterThan(Date.now());
    expect(marriott.accommodation).toEqual({
      id: 'acc_0000AbCdLmM4rr10tTcH01',
      name: 'London Marriott Hotel County Hall',
      kind: 'hotel',
      rating: 5,
      reviewScore: 8.9,
      chain: 'Marriott International',
      brand: 'Marriott Hotels',
      loyaltyProgramme: 'marriott_bonvoy',
      address: { lineOne: 'Westminster Bridge Road', city: 'London', postalCode: 'SE1 7PB', region: 'England', countryCode: 'GB' },
      location: { latitude: 51.501372, longitude: -0.119281 },
      amenities: ['wifi', 'gym', 'pool', 'spa', 'restaurant', '24_hour_front_desk'],
      photos: ['https://photos.example.com/duffel-stays-fake/county-hall-river.jpg'],
    });
  });

  it('sends free_cancellation_only and our include_rentals extension only when asked', async () => {
    const results = await adapter().search(query({ freeCancellationOnly: true, includeRentals: true }), signal());
    const body = sent(calls('POST', '/stays/search')[0]) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ free_cancellation_only: true, include_rentals: true });
    // Only refundable rates count: the Holiday Inn Express's flexible rate, 139.00 x 2 + 20%.
    expect(results[0]).toMatchObject({ accommodation: { name: 'Holiday Inn Express London - Southwark' }, cheapestTotal: { amount: 333.6, currency: 'GBP' } });

    fake.requests.length = 0;
    await adapter().search(query({ freeCancellationOnly: false, includeRentals: false }), signal());
    const plain = sent(calls('POST', '/stays/search')[0]) as { data: Record<string, unknown> };
    expect(plain.data.free_cancellation_only).toBe(false);
    expect(plain.data).not.toHaveProperty('include_rentals');
  });

  it('reads an empty search as no results, not a failure', async () => {
    const far = await adapter().search(query({ location: { center: { latitude: -33.8688, longitude: 151.2093 }, radiusKm: 10 } }), signal());
    expect(far).toEqual([]);
  });

  it('flattens every room and rate with board, payment type, amounts and cancellation timeline', async () => {
    const result = await ratesOf('London Marriott Hotel County Hall');
    expect(calls('POST', `/stays/search_results/${result.id}/actions/fetch_all_rates`)).toHaveLength(1);
    expect(calls('POST', `/stays/search_results/${result.id}/actions/fetch_all_rates`)[0]!.body).toBe('');
    expect(result.rates.map((r) => [r.roomName, r.boardType, r.total.amount])).toEqual([
      ['Superior King Room', 'room_only', 768],
      ['Superior King Room', 'breakfast', 921.6],
      ['Superior King Room', 'room_only', 652.8],
      ['Deluxe Twin Room, River View', 'room_only', 948],
    ]);
    const arrival = Date.parse(`${inDays(30)}T00:00:00Z`);
    const [flex, breakfast, advance, twin] = result.rates;
    expect(flex).toMatchObject({
      beds: [{ type: 'king', count: 1 }],
      total: { amount: 768, currency: 'GBP' },
      base: { amount: 640, currency: 'GBP' },
      tax: { amount: 128, currency: 'GBP' },
      fee: null,
      dueAtAccommodation: null,
      paymentType: 'pay_now',
      loyaltyProgramme: 'marriott_bonvoy',
      quantityAvailable: 3,
      cancellationTimeline: [
        { before: new Date(arrival - 48 * 3_600_000).toISOString(), refund: { amount: 768, currency: 'GBP' } },
        { before: new Date(arrival - 24 * 3_600_000).toISOString(), refund: { amount: 384, currency: 'GBP' } },
      ],
    });
    expect(flex!.id).toMatch(/^rat_/);
    expect(flex!.expiresAt).toBe(result.expiresAt);
    // Breakfast for two adults over two nights, taxed with the room.
    expect(breakfast!.base).toEqual({ amount: 768, currency: 'GBP' });
    expect(advance!.cancellationTimeline).toEqual([]);
    expect(advance!.conditions).toEqual([{ title: 'Non-refundable', description: 'Paid in full at booking; no refund on cancellation or no-show.' }]);
    expect(twin!.beds).toEqual([{ type: 'single', count: 2 }]);
  });

  it('maps pay-at-hotel rates and taxes due at the accommodation', async () => {
    const hyatt = await ratesOf('Hyatt Regency London - The Churchill');
    expect(hyatt.rates.map((r) => r.paymentType)).toEqual(['guarantee', 'pay_now']);
    const paris = await ratesOf('Novotel Paris Les Halles', query({ location: { center: { latitude: 48.8566, longitude: 2.3522 }, radiusKm: 3 } }));
    expect(paris.accommodation).toMatchObject({ chain: 'Accor', brand: 'Novotel', loyaltyProgramme: 'accor_live_limitless', address: { region: null, countryCode: 'FR' } });
    // 215.00 x 2 nights + 10% TVA; the Paris tourist tax (8.13 per adult and night) is paid at the hotel.
    expect(paris.rates[0]).toMatchObject({ total: { amount: 473, currency: 'EUR' }, dueAtAccommodation: { amount: 32.52, currency: 'EUR' } });
  });

  it('runs search → rates → quote → book → look up → cancel', async () => {
    const stays = adapter();
    const result = await ratesOf('Hilton London Bankside');
    const flex = result.rates.find((r) => r.cancellationTimeline.length > 0)!;

    const quote = await stays.createQuote(flex.id, signal());
    expect(sent(calls('POST', '/stays/quotes')[0])).toEqual({ data: { rate_id: flex.id } });
    expect(quote).toMatchObject({
      rateId: flex.id,
      accommodation: { id: result.accommodation.id, name: 'Hilton London Bankside' },
      checkIn: inDays(30),
      checkOut: inDays(32),
      rooms: 1,
      total: flex.total,
      dueAtAccommodation: null,
      cancellationTimeline: flex.cancellationTimeline,
      boardType: 'room_only',
      roomName: 'King Guest Room',
      loyaltyProgramme: 'hilton_honors',
    });
    expect(quote.id).toMatch(/^quo_/);

    const booking = await stays.createBooking(
      {
        quoteId: quote.id,
        guests: [
          { givenName: 'Amelia', familyName: 'Earhart' },
          { givenName: 'George', familyName: 'Putnam' },
        ],
        email: 'amelia@example.com',
        phoneNumber: '+442080160509',
        specialRequests: 'High floor, away from the lift',
        loyaltyAccountNumber: '912345678',
        metadata: { booking_id: 'hb_01JD0STAYS' },
      },
      signal(),
    );
    // Paid from our balance: no payment object goes to Duffel.
    expect(sent(calls('POST', '/stays/bookings')[0])).toEqual({
      data: {
        quote_id: quote.id,
        guests: [
          { given_name: 'Amelia', family_name: 'Earhart' },
          { given_name: 'George', family_name: 'Putnam' },
        ],
        email: 'amelia@example.com',
        phone_number: '+442080160509',
        accommodation_special_requests: 'High floor, away from the lift',
        loyalty_programme_account_number: '912345678',
        metadata: { booking_id: 'hb_01JD0STAYS' },
      },
    });
    expect(booking).toMatchObject({
      status: 'confirmed',
      accommodation: { name: 'Hilton London Bankside' },
      checkIn: inDays(30),
      checkOut: inDays(32),
      rooms: 1,
      guests: [
        { givenName: 'Amelia', familyName: 'Earhart' },
        { givenName: 'George', familyName: 'Putnam' },
      ],
      email: 'amelia@example.com',
      total: quote.total,
      cancellationTimeline: quote.cancellationTimeline,
      cancelledAt: null,
      metadata: { booking_id: 'hb_01JD0STAYS' },
    });
    expect(booking.id).toMatch(/^bok_/);
    expect(booking.reference).toMatch(/^\d{8}$/);
    expect(booking.confirmedAt).not.toBeNull();
    expect(fake.booking(booking.id)?.status).toBe('confirmed');

    await expect(stays.getBooking(booking.id, signal())).resolves.toEqual(booking);
    expect(calls('GET', `/stays/bookings/${booking.id}`)).toHaveLength(1);

    const cancelled = await stays.cancelBooking(booking.id, signal());
    expect(calls('POST', `/stays/bookings/${booking.id}/actions/cancel`)[0]!.body).toBe('');
    expect(cancelled).toMatchObject({ id: booking.id, status: 'cancelled', total: booking.total });
    expect(cancelled.cancelledAt).not.toBeNull();
    await expect(stays.getBooking(booking.id, signal())).resolves.toMatchObject({ status: 'cancelled' });

    // A second cancel is a refusal, not a missing booking.
    expect(await failure(stays.cancelBooking(booking.id, signal()))).toMatchObject({ kind: 'rejected', status: 422, code: 'booking_already_cancelled' });
    // The quote was used: booking it again is refused.
    const again = await failure(stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Amelia', familyName: 'Earhart' }], email: 'amelia@example.com', phoneNumber: '+442080160509' }, signal()));
    expect(again).toMatchObject({ kind: 'rejected', code: 'quote_already_booked' });
  });

  it('leaves optional booking fields out of the body when they are not given', async () => {
    const result = await ratesOf('Holiday Inn Express London - Southwark');
    const quote = await adapter().createQuote(result.rates[0]!.id, signal());
    fake.requests.length = 0;
    await adapter().createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123', metadata: {} }, signal());
    expect(sent(calls('POST', '/stays/bookings')[0])).toEqual({
      data: { quote_id: quote.id, guests: [{ given_name: 'Ada', family_name: 'Lovelace' }], email: 'ada@example.com', phone_number: '+447700900123' },
    });
  });

  it('reads expired search results, rates and quotes as not_found', async () => {
    const stays = adapter();
    const result = await ratesOf('Hilton London Bankside');
    const quote = await stays.createQuote(result.rates[0]!.id, signal());
    fake.advance(31 * MINUTE);

    expect(await failure(stays.fetchAllRates(result.id, signal()))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await failure(stays.createQuote(result.rates[1]!.id, signal()))).toMatchObject({ kind: 'not_found', status: 422, code: 'rate_no_longer_available' });
    const expired = await failure(stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123' }, signal()));
    expect(expired).toMatchObject({ kind: 'not_found', status: 422, code: 'quote_expired' });
    expect(await failure(stays.getBooking('bok_0000NoSuchBooking000000', signal()))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  describe('failures', () => {
    it('maps a 500 to unavailable and never retries it, even on a search', async () => {
      fake.failNext('server_error');
      const err = await failure(adapter({ retries: 2 }).search(query(), signal()));
      expect(err).toMatchObject({ kind: 'unavailable', status: 500, code: 'internal_server_error' });
      expect(calls('POST', '/stays/search')).toHaveLength(1);
    });

    it('maps a 429 to rate_limited with the reset delay, and does not wait 30 s for it', async () => {
      fake.failNext('rate_limited');
      const err = await failure(adapter({ retries: 2 }).search(query(), signal()));
      expect(err).toMatchObject({ kind: 'rate_limited', status: 429 });
      expect(err.retryAfterMs).toBeGreaterThan(25_000);
      expect(calls('POST', '/stays/search')).toHaveLength(1);
    });

    it('maps a body that is not JSON to bad_response', async () => {
      fake.failNext('malformed');
      expect(await failure(adapter().search(query(), signal()))).toMatchObject({ kind: 'bad_response', status: 200 });
    });

    it('maps no answer within the budget to timeout', async () => {
      fake.failNext('timeout');
      expect((await failure(adapter({ timeoutMs: 300 }).search(query(), signal()))).kind).toBe('timeout');
    });

    it("maps Duffel's expired-rate and expired-quote codes to not_found", async () => {
      const stays = adapter();
      const result = await ratesOf('Hilton London Bankside');
      fake.failNext('expired_rate');
      expect(await failure(stays.createQuote(result.rates[0]!.id, signal()))).toMatchObject({ kind: 'not_found', code: 'rate_no_longer_available' });
      const quote = await stays.createQuote(result.rates[0]!.id, signal());
      fake.failNext('quote_expired');
      const err = await failure(stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123' }, signal()));
      expect(err).toMatchObject({ kind: 'not_found', code: 'quote_expired' });
    });

    it('maps a refused request body to rejected', async () => {
      const err = await failure(adapter().search(query({ checkIn: inDays(32), checkOut: inDays(30) }), signal()));
      expect(err).toMatchObject({ kind: 'rejected', status: 422, code: 'validation_required' });
    });

    it('never retries a booking after a 503, and the quote is still bookable afterwards', async () => {
      const stays = adapter({ retries: 2 });
      const result = await ratesOf('Hilton London Bankside');
      const quote = await stays.createQuote(result.rates[0]!.id, signal());
      fake.requests.length = 0;
      fake.failNext('unavailable');
      const request = { quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123' };
      expect(await failure(stays.createBooking(request, signal()))).toMatchObject({ kind: 'unavailable', status: 503 });
      expect(calls('POST', '/stays/bookings')).toHaveLength(1);
      await expect(stays.createBooking(request, signal())).resolves.toMatchObject({ status: 'confirmed' });
    });

    it('never retries a cancellation after a 503', async () => {
      const stays = adapter({ retries: 2 });
      const result = await ratesOf('Hilton London Bankside');
      const quote = await stays.createQuote(result.rates[0]!.id, signal());
      const booking = await stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123' }, signal());
      fake.requests.length = 0;
      fake.failNext('unavailable');
      expect((await failure(stays.cancelBooking(booking.id, signal()))).kind).toBe('unavailable');
      expect(calls('POST', `/stays/bookings/${booking.id}/actions/cancel`)).toHaveLength(1);
      expect(fake.booking(booking.id)?.status).toBe('confirmed');
    });

    it('retries a booking lookup, a rate fetch and a search after a 503', async () => {
      const stays = adapter({ retries: 2 });
      const result = await ratesOf('Hilton London Bankside');
      const quote = await stays.createQuote(result.rates[0]!.id, signal());
      const booking = await stays.createBooking({ quoteId: quote.id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+447700900123' }, signal());
      fake.requests.length = 0;

      fake.failNext('unavailable');
      await expect(stays.getBooking(booking.id, signal())).resolves.toMatchObject({ id: booking.id, status: 'confirmed' });
      expect(calls('GET', `/stays/bookings/${booking.id}`)).toHaveLength(2);

      fake.failNext('unavailable');
      await expect(stays.fetchAllRates(result.id, signal())).resolves.toMatchObject({ id: result.id });
      expect(calls('POST', `/stays/search_results/${result.id}/actions/fetch_all_rates`)).toHaveLength(2);

      fake.failNext('unavailable');
      await expect(stays.search(query(), signal())).resolves.toHaveLength(4);
      expect(calls('POST', '/stays/search')).toHaveLength(2);
    });

    it('refuses a wrong token as auth', async () => {
      const policy = new ProviderPolicy('duffel', { retries: 0 });
      const stays = createDuffelStaysProvider({ transport: httpTransport(fake.url), token: 'not-a-duffel-token', policy, mode: 'live' });
      expect(await failure(stays.getBooking('bok_x', signal()))).toMatchObject({ kind: 'auth', status: 401 });
    });
  });
});

// ---------- edge cases of the wire format, on canned answers ----------

/** Answers every call with one status and body. */
function canned(status: number, body: unknown): HttpTransport {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return async () => ({ status, header: () => null, text: async () => text, json: async () => JSON.parse(text) as unknown });
}

function cannedStays(status: number, body: unknown): StaysProvider {
  return createDuffelStaysProvider({ transport: canned(status, body), token: TOKEN, policy: new ProviderPolicy('duffel', { retries: 0 }), mode: 'live' });
}

const RATE: DuffelStaysRate = {
  id: 'rat_0000AbCdRecorded000001',
  expires_at: '2026-12-01T10:30:00Z',
  total_amount: '410.40',
  total_currency: 'GBP',
  base_amount: '342.00',
  base_currency: 'GBP',
  tax_amount: '68.40',
  tax_currency: 'GBP',
  fee_amount: null,
  fee_currency: 'GBP',
  due_at_accommodation_amount: null,
  due_at_accommodation_currency: 'GBP',
  board_type: 'room_only',
  payment_type: 'pay_now',
  cancellation_timeline: [
    { before: '2026-12-08T00:00:00Z', refund_amount: '205.20', currency: 'GBP' },
    { before: '2026-12-07T00:00:00Z', refund_amount: '410.40', currency: 'GBP' },
  ],
  conditions: [],
  supported_loyalty_programme: 'ihg_one_rewards',
  quantity_available: null,
};

const ACCOMMODATION: DuffelAccommodation = {
  id: 'acc_0000AbCdRecorded000001',
  name: 'Kimpton Fitzroy London',
  location: { address: { line_one: '1-8 Russell Square', city_name: 'London', postal_code: 'WC1B 5BE', region: null, country_code: 'gb' }, geographic_coordinates: { latitude: 51.5228, longitude: -0.1248 } },
  rating: null,
  review_score: null,
  ratings: [
    { source: 'aaa', value: 4 },
    { source: 'priceline', value: 5 },
  ],
  amenities: null,
  chain: { name: 'IHG Hotels & Resorts' },
  brand: { id: 'bra_0000AbCdKimpton0000001', name: 'Kimpton' },
  rooms: [{ name: 'Classic King', beds: null, rates: [RATE] }],
};

const QUOTE: DuffelStaysQuote = {
  id: 'quo_0000AbCdRecorded000001',
  check_in_date: '2026-12-10',
  check_out_date: '2026-12-12',
  rooms: 1,
  accommodation: ACCOMMODATION,
  total_amount: '410.40',
  total_currency: 'GBP',
  base_amount: '342.00',
  base_currency: 'GBP',
  tax_amount: '68.40',
  tax_currency: 'GBP',
  fee_amount: null,
  fee_currency: 'GBP',
  due_at_accommodation_amount: null,
  due_at_accommodation_currency: 'GBP',
  supported_loyalty_programme: null,
};

const BOOKING: DuffelStaysBooking = {
  id: 'bok_0000AbCdRecorded000001',
  reference: '88123456',
  status: 'confirmed',
  confirmed_at: '2026-11-20T09:00:00Z',
  cancelled_at: null,
  accommodation: ACCOMMODATION,
  check_in_date: '2026-12-10',
  check_out_date: '2026-12-12',
  rooms: 1,
  guests: [{ given_name: 'Ada', family_name: 'Lovelace' }],
  email: 'ada@example.com',
  phone_number: '+447700900123',
  metadata: { booking_id: 'hb_1', ignored: 7 as unknown as string },
};

describe('Duffel Stays wire edge cases (canned answers)', () => {
  it('sorts a cancellation timeline, reads the star rating from ratings[], and takes loyalty from the rate', async () => {
    const quote = await cannedStays(201, { data: QUOTE }).createQuote(RATE.id, signal());
    expect(quote.cancellationTimeline.map((e) => e.before)).toEqual(['2026-12-07T00:00:00Z', '2026-12-08T00:00:00Z']);
    expect(quote.accommodation).toMatchObject({ rating: 5, amenities: [], photos: [], chain: 'IHG Hotels & Resorts', brand: 'Kimpton', loyaltyProgramme: 'ihg_one_rewards', address: { countryCode: 'GB' } });
    expect(quote).toMatchObject({ rateId: RATE.id, roomName: 'Classic King', boardType: 'room_only', loyaltyProgramme: 'ihg_one_rewards', total: { amount: 410.4, currency: 'GBP' } });
  });

  it('refuses a quote that carries no rate, since it cannot say what was quoted', async () => {
    const bare = { ...QUOTE, accommodation: { ...ACCOMMODATION, rooms: [] } };
    expect(await failure(cannedStays(201, { data: bare }).createQuote(RATE.id, signal()))).toMatchObject({ kind: 'bad_response' });
  });

  it('takes a booking total from the booking when Duffel sends one, else from the booked rate', async () => {
    expect((await cannedStays(200, { data: BOOKING }).getBooking(BOOKING.id, signal())).total).toEqual({ amount: 410.4, currency: 'GBP' });
    const withTotal = { ...BOOKING, total_amount: '400.00', total_currency: 'GBP' };
    expect((await cannedStays(200, { data: withTotal }).getBooking(BOOKING.id, signal())).total).toEqual({ amount: 400, currency: 'GBP' });
    const neither = { ...BOOKING, accommodation: { ...ACCOMMODATION, rooms: [] } };
    expect((await failure(cannedStays(200, { data: neither }).getBooking(BOOKING.id, signal()))).kind).toBe('bad_response');
  });

  it("maps booking statuses, keeps string metadata only, and quotes Duffel's id while the hotel has no reference", async () => {
    const booking = await cannedStays(200, { data: { ...BOOKING, status: 'cancellation_confirmed', reference: null } }).getBooking(BOOKING.id, signal());
    expect(booking).toMatchObject({ status: 'cancelled', reference: BOOKING.id, metadata: { booking_id: 'hb_1' } });
    expect(booking.metadata).not.toHaveProperty('ignored');
    expect((await failure(cannedStays(200, { data: { ...BOOKING, status: 'requested' } }).getBooking(BOOKING.id, signal()))).kind).toBe('bad_response');
  });

  it('reads our simulator’s vacation_rental marker and the older prepaid payment type', async () => {
    const rental = { ...ACCOMMODATION, type: 'vacation_rental', rooms: [{ name: 'Whole apartment', rates: [{ ...RATE, payment_type: 'prepaid' }] }] };
    const result = await cannedStays(200, {
      data: { id: 'sta_1', check_in_date: '2026-12-10', check_out_date: '2026-12-12', rooms: 1, accommodation: rental, cheapest_rate_total_amount: '410.40', cheapest_rate_currency: 'GBP' },
    }).fetchAllRates('sta_1', signal());
    expect(result.accommodation.kind).toBe('vacation_rental');
    expect(result.rates[0]).toMatchObject({ paymentType: 'pay_now', beds: [] });
  });

  it('refuses amounts that are not decimal strings', async () => {
    const numeric = { ...QUOTE, total_amount: 410.4 };
    expect((await failure(cannedStays(201, { data: numeric }).createQuote(RATE.id, signal()))).kind).toBe('bad_response');
  });

  it('drops one malformed search result among good ones, and fails when all are malformed', async () => {
    const good = { id: 'sta_good', check_in_date: '2026-12-10', check_out_date: '2026-12-12', rooms: 1, accommodation: { ...ACCOMMODATION, rooms: [] }, cheapest_rate_total_amount: '410.40', cheapest_rate_currency: 'GBP' };
    const placeless = { ...good, id: 'sta_bad', accommodation: { ...good.accommodation, location: { ...ACCOMMODATION.location, geographic_coordinates: null } } };
    const results = await cannedStays(201, { data: { results: [placeless, good] } }).search(query(), signal());
    expect(results.map((r) => r.id)).toEqual(['sta_good']);
    expect((await failure(cannedStays(201, { data: { results: [placeless] } }).search(query(), signal()))).kind).toBe('bad_response');
    expect((await failure(cannedStays(201, { data: { results: 'none' } }).search(query(), signal()))).kind).toBe('bad_response');
  });

  it('maps any 404 or 410, and the expiry codes whatever their status, to not_found', async () => {
    const envelope = (status: number, code: string) => ({ errors: [{ type: 'invalid_request_error', code, title: 'x', message: 'x' }], meta: { request_id: 'r', status } });
    expect(await failure(cannedStays(410, envelope(410, 'gone')).getBooking('bok_1', signal()))).toMatchObject({ kind: 'not_found', status: 410 });
    expect(await failure(cannedStays(400, envelope(400, 'quote_expired')).createBooking({ quoteId: 'quo_1', guests: [], email: 'a@b.c', phoneNumber: '+1' }, signal()))).toMatchObject({ kind: 'not_found', code: 'quote_expired' });
    expect(await failure(cannedStays(422, envelope(422, 'validation_format')).createQuote('rat_1', signal()))).toMatchObject({ kind: 'rejected' });
  });
});
