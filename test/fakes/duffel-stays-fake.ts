import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type {
  DuffelAccommodation,
  DuffelStaysBooking,
  DuffelStaysBookingGuest,
  DuffelStaysCancellationTimelineEntry,
  DuffelStaysGuest,
  DuffelStaysQuote,
  DuffelStaysRate,
  DuffelStaysRoom,
  DuffelStaysSearchResult,
} from '../../adapters/providers/duffel-stays/wire.js';
import { INTERNAL, MISSING_VERSION, NOT_FOUND, RATE_LIMITED, UNAUTHORIZED, UNAVAILABLE, duffelErrorBody, rateLimitHeaders, validationError, type SimErrorSpec } from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import { minorToDecimal } from '../../tools/_kit/money.js';
import type { RecordedRequest } from './duffel-fake.js';
import { listenLocal, readBody } from './fake-server.js';
import { geoPointKm as distanceKm } from '../../tools/_kit/reference/great-circle.js';

// A local Duffel Stays over HTTP for adapter tests: it checks the credentials
// and the version header, speaks the `{data}` envelope, sells the handful of
// accommodations in test/fixtures/duffel-stays/, keeps search results, rates,
// quotes and bookings in memory with their expiries (on a clock tests can move),
// lists bookings (GET /stays/bookings, paginated with `after`/`limit`), and fails
// on demand the ways Duffel can.

export type { RecordedRequest } from './duffel-fake.js';

export type StaysScenario = 'server_error' | 'unavailable' | 'rate_limited' | 'malformed' | 'timeout' | 'expired_rate' | 'quote_expired';

export interface DuffelStaysFake {
  url: string;
  requests: RecordedRequest[];
  /** Fails the next request(s), whatever they are. */
  failNext(scenario: StaysScenario, times?: number): void;
  /** Moves the fake's clock forward, so search results, rates and quotes expire. */
  advance(ms: number): void;
  /** A booking as the fake holds it (for assertions). */
  booking(id: string): DuffelStaysBooking | undefined;
  close(): Promise<void>;
}

// ---------- fixture ----------

interface RateTemplate {
  code: string;
  name: string;
  board_type: DuffelStaysRate['board_type'];
  payment_type: DuffelStaysRate['payment_type'];
  nightly_base: string;
  tax_pct: number;
  breakfast_per_adult?: string;
  city_tax_per_adult?: string;
  /** Null: non-refundable. */
  free_cancellation_hours: number | null;
  conditions: { title: string; description: string }[];
}

interface FixtureProperty {
  accommodation: DuffelAccommodation;
  rooms: { name: string; beds: { type: string; count: number }[]; rates: RateTemplate[] }[];
}

const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/duffel-stays/accommodations.json', import.meta.url), 'utf8')) as { accommodations: FixtureProperty[] };

/** The currency each fixture country sells in. */
const CURRENCY: Record<string, string> = { GB: 'GBP', FR: 'EUR' };

// ---------- rules ----------

/** How long search results and their rates stay bookable (Duffel's real TTL is UNCONFIRMED). */
const RESULT_TTL_MS = 30 * 60_000;
/** How long a quote holds its price (UNCONFIRMED for Duffel; our simulator uses the same). */
const QUOTE_TTL_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const RATE_RESET_MS = 30_000;
const TOKEN_PATTERN = /^Bearer duffel_(test|live)_\S+$/;

// ---------- answers ----------

type Answer = { status: number; body: unknown } | { status: number; error: SimErrorSpec };

const ok = (status: number, data: unknown): Answer => ({ status, body: { data } });
const fail = (status: number, error: SimErrorSpec): Answer => ({ status, error });
const invalid = (field: string, message: string): Answer => fail(422, validationError('validation_required', field, `/${field.replace(/\./g, '/')}`, message));
const wrongState = (code: string, message: string): Answer => fail(422, { type: 'invalid_state_error', code, title: 'Invalid state', message });
const RATE_GONE: SimErrorSpec = { type: 'invalid_state_error', code: 'rate_no_longer_available', title: 'Rate no longer available', message: 'This rate has expired or is no longer sold. Search again for fresh rates.' };
const QUOTE_GONE: SimErrorSpec = { type: 'invalid_state_error', code: 'quote_expired', title: 'Quote expired', message: 'This quote has expired. Create a new quote for the rate.' };

let fakeRequests = 0;

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

function errorReply(res: ServerResponse, status: number, spec: SimErrorSpec, extra: Record<string, string> = {}): void {
  const requestId = `stays-fake-req-${++fakeRequests}`;
  send(res, status, { 'x-request-id': requestId, ...extra }, JSON.stringify(duffelErrorBody(status, requestId, [spec])));
}

function reply(res: ServerResponse, answer: Answer): void {
  if ('error' in answer) return errorReply(res, answer.status, answer.error);
  send(res, answer.status, { 'x-request-id': `stays-fake-req-${++fakeRequests}` }, JSON.stringify(answer.body));
}

function inject(scenario: StaysScenario, res: ServerResponse, now: Date): void {
  switch (scenario) {
    case 'server_error':
      return errorReply(res, 500, INTERNAL);
    case 'unavailable':
      return errorReply(res, 503, UNAVAILABLE);
    case 'rate_limited':
      return errorReply(res, 429, RATE_LIMITED, rateLimitHeaders(60, 0, new Date(now.getTime() + RATE_RESET_MS)));
    case 'malformed':
      return send(res, 200, { 'x-request-id': `stays-fake-req-${++fakeRequests}` }, '{"data": {"results": [{"id": "sta_');
    case 'timeout':
      return; // answers nothing; the client gives up
    case 'expired_rate':
      return errorReply(res, 422, RATE_GONE);
    case 'quote_expired':
      return errorReply(res, 422, QUOTE_GONE);
  }
}

// ---------- request bodies ----------

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function requestData(body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    return isRecord(parsed) && 'data' in parsed ? parsed.data : null;
  } catch {
    return null;
  }
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

// ---------- pricing ----------

function toMinorUnits(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  guests: DuffelStaysGuest[];
}

function nightsOf(stay: Stay): number {
  return Math.round((dayMs(stay.checkOut) - dayMs(stay.checkIn)) / DAY_MS);
}

/** One rate priced for one stay, per the model in the fixture's header. */
function priceRate(id: string, template: RateTemplate, currency: string, stay: Stay, expiresAt: string, loyalty: string | null): DuffelStaysRate {
  const nights = nightsOf(stay);
  const breakfast = template.breakfast_per_adult ? toMinorUnits(template.breakfast_per_adult) * stay.adults * nights : 0;
  const preTax = toMinorUnits(template.nightly_base) * nights * stay.rooms + breakfast;
  const tax = Math.round((preTax * template.tax_pct) / 100);
  const total = preTax + tax;
  const cityTax = template.city_tax_per_adult ? toMinorUnits(template.city_tax_per_adult) * stay.adults * nights : null;
  const timeline: DuffelStaysCancellationTimelineEntry[] = [];
  if (template.free_cancellation_hours !== null) {
    const arrival = dayMs(stay.checkIn);
    timeline.push({ before: new Date(arrival - template.free_cancellation_hours * HOUR_MS).toISOString(), refund_amount: minorToDecimal(total, currency), currency });
    if (template.free_cancellation_hours > 24) {
      const firstNight = Math.floor(total / nights);
      timeline.push({ before: new Date(arrival - 24 * HOUR_MS).toISOString(), refund_amount: minorToDecimal(total - firstNight, currency), currency });
    }
  }
  const money = (minor: number) => minorToDecimal(minor, currency);
  return {
    id,
    expires_at: expiresAt,
    total_amount: money(total),
    total_currency: currency,
    base_amount: money(preTax),
    base_currency: currency,
    tax_amount: money(tax),
    tax_currency: currency,
    fee_amount: null,
    fee_currency: currency,
    due_at_accommodation_amount: cityTax === null ? null : money(cityTax),
    due_at_accommodation_currency: currency,
    board_type: template.board_type,
    payment_type: template.payment_type,
    available_payment_methods: ['balance', 'card'],
    cancellation_timeline: timeline,
    conditions: template.conditions,
    supported_loyalty_programme: loyalty,
    loyalty_programme_required: false,
    source: 'duffel_stays_fake',
    quantity_available: 3,
    code: template.code,
    name: template.name,
    description: null,
  };
}

function refundable(template: RateTemplate, stay: Stay, now: Date): boolean {
  return template.free_cancellation_hours !== null && dayMs(stay.checkIn) - template.free_cancellation_hours * HOUR_MS > now.getTime();
}

// ---------- state ----------

interface SearchEntry {
  id: string;
  property: FixtureProperty;
  stay: Stay;
  freeCancellationOnly: boolean;
  expiresAtMs: number;
  /** Filled by the first fetch_all_rates, so a second fetch answers the same rate ids. */
  rooms: DuffelStaysRoom[] | null;
}

interface RateEntry {
  search: SearchEntry;
  room: DuffelStaysRoom;
  rate: DuffelStaysRate;
}

interface QuoteEntry {
  quote: DuffelStaysQuote;
  expiresAtMs: number;
  booked: boolean;
}

function createState(now: () => Date, listPageMax: number) {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_0000StaysFake${String(++counter).padStart(9, '0')}`;
  const searches = new Map<string, SearchEntry>();
  const rates = new Map<string, RateEntry>();
  const quotes = new Map<string, QuoteEntry>();
  const bookings = new Map<string, DuffelStaysBooking>();

  const currencyOf = (p: FixtureProperty) => CURRENCY[p.accommodation.location.address.country_code] ?? 'USD';
  const loyaltyOf = (p: FixtureProperty) => p.accommodation.supported_loyalty_programme ?? null;

  /** The templates a search may sell, with room index; free-cancellation searches keep refundable ones only. */
  function sellable(entry: Pick<SearchEntry, 'property' | 'stay' | 'freeCancellationOnly'>) {
    return entry.property.rooms.map((room) => ({ room, templates: room.rates.filter((t) => !entry.freeCancellationOnly || refundable(t, entry.stay, now())) }));
  }

  function search(data: unknown): Answer {
    if (!isRecord(data)) return invalid('data', 'The request body must be {"data": {...}}.');
    const { check_in_date: checkIn, check_out_date: checkOut, rooms, guests, location } = data;
    if (!isDate(checkIn)) return invalid('check_in_date', 'check_in_date must be a date (YYYY-MM-DD).');
    if (!isDate(checkOut)) return invalid('check_out_date', 'check_out_date must be a date (YYYY-MM-DD).');
    if (dayMs(checkOut) <= dayMs(checkIn)) return invalid('check_out_date', 'check_out_date must be after check_in_date.');
    if (dayMs(checkIn) < dayMs(now().toISOString().slice(0, 10))) return invalid('check_in_date', 'check_in_date must not be in the past.');
    if (!Number.isInteger(rooms) || (rooms as number) < 1 || (rooms as number) > 9) return invalid('rooms', 'rooms must be a whole number from 1 to 9.');
    if (!Array.isArray(guests) || guests.length === 0) return invalid('guests', 'guests must list at least one guest.');
    for (const g of guests) {
      const adult = isRecord(g) && g.type === 'adult' && !('age' in g);
      const child = isRecord(g) && g.type === 'child' && Number.isInteger(g.age) && (g.age as number) >= 0 && (g.age as number) <= 17;
      if (!adult && !child) return invalid('guests', 'Each guest is {"type":"adult"} or {"type":"child","age":0-17}.');
    }
    const adults = guests.filter((g) => isRecord(g) && g.type === 'adult').length;
    if (adults < (rooms as number)) return invalid('guests', 'Each room needs at least one adult.');
    if (!isRecord(location) || !isRecord(location.geographic_coordinates)) return invalid('location', 'location with geographic_coordinates is required (accommodation-id search is not supported here).');
    const { latitude, longitude } = location.geographic_coordinates;
    if (typeof latitude !== 'number' || Math.abs(latitude) > 90 || typeof longitude !== 'number' || Math.abs(longitude) > 180) return invalid('location.geographic_coordinates', 'latitude and longitude must be numbers in range.');
    if (typeof location.radius !== 'number' || location.radius <= 0 || location.radius > 100) return invalid('location.radius', 'radius is in kilometres, greater than 0 and at most 100.');
    if (data.free_cancellation_only !== undefined && typeof data.free_cancellation_only !== 'boolean') return invalid('free_cancellation_only', 'free_cancellation_only must be a boolean.');

    const stay: Stay = { checkIn, checkOut, rooms: rooms as number, adults, guests: guests as DuffelStaysGuest[] };
    const at = now();
    const expiresAtMs = at.getTime() + RESULT_TTL_MS;
    const results: DuffelStaysSearchResult[] = [];
    for (const property of FIXTURE.accommodations) {
      if (distanceKm({ latitude, longitude }, property.accommodation.location.geographic_coordinates!) > location.radius) continue;
      const draft = { property, stay, freeCancellationOnly: data.free_cancellation_only === true };
      const priced = sellable(draft).flatMap(({ templates }) => templates.map((t) => priceRate('', t, currencyOf(property), stay, '', loyaltyOf(property))));
      if (priced.length === 0) continue;
      const cheapest = priced.reduce((a, b) => (Number(b.total_amount) < Number(a.total_amount) ? b : a));
      const entry: SearchEntry = { id: nextId('sta'), ...draft, expiresAtMs, rooms: null };
      searches.set(entry.id, entry);
      results.push({
        id: entry.id,
        expires_at: new Date(expiresAtMs).toISOString(),
        check_in_date: checkIn,
        check_out_date: checkOut,
        rooms: stay.rooms,
        guests: stay.guests,
        accommodation: { ...property.accommodation, rooms: [] },
        cheapest_rate_total_amount: cheapest.total_amount,
        cheapest_rate_currency: cheapest.total_currency,
        cheapest_rate_base_amount: cheapest.base_amount,
        cheapest_rate_base_currency: cheapest.base_currency,
        cheapest_rate_due_at_accommodation_amount: cheapest.due_at_accommodation_amount,
        cheapest_rate_due_at_accommodation_currency: cheapest.due_at_accommodation_currency,
      });
    }
    results.sort((a, b) => Number(a.cheapest_rate_total_amount) - Number(b.cheapest_rate_total_amount));
    return ok(201, { created_at: at.toISOString(), results });
  }

  function fetchAllRates(id: string): Answer {
    const entry = searches.get(id);
    // An expired search result is forgotten, as an unknown one is (Duffel's exact answer is UNCONFIRMED).
    if (!entry || entry.expiresAtMs <= now().getTime()) return fail(404, NOT_FOUND);
    if (!entry.rooms) {
      const currency = currencyOf(entry.property);
      const expiresAt = new Date(entry.expiresAtMs).toISOString();
      entry.rooms = sellable(entry)
        .filter(({ templates }) => templates.length > 0)
        .map(({ room, templates }) => {
          const wireRoom: DuffelStaysRoom = { name: room.name, beds: room.beds, photos: [], rates: [] };
          wireRoom.rates = templates.map((t) => priceRate(nextId('rat'), t, currency, entry.stay, expiresAt, loyaltyOf(entry.property)));
          for (const rate of wireRoom.rates) rates.set(rate.id, { search: entry, room: wireRoom, rate });
          return wireRoom;
        });
    }
    const cheapest = entry.rooms.flatMap((r) => r.rates).reduce((a, b) => (Number(b.total_amount) < Number(a.total_amount) ? b : a));
    return ok(200, {
      id: entry.id,
      expires_at: new Date(entry.expiresAtMs).toISOString(),
      check_in_date: entry.stay.checkIn,
      check_out_date: entry.stay.checkOut,
      rooms: entry.stay.rooms,
      guests: entry.stay.guests,
      accommodation: { ...entry.property.accommodation, rooms: entry.rooms },
      cheapest_rate_total_amount: cheapest.total_amount,
      cheapest_rate_currency: cheapest.total_currency,
    } satisfies DuffelStaysSearchResult);
  }

  function createQuote(data: unknown): Answer {
    if (!isRecord(data) || typeof data.rate_id !== 'string' || data.rate_id === '') return invalid('rate_id', 'rate_id is required.');
    const found = rates.get(data.rate_id);
    if (!found) return fail(404, NOT_FOUND);
    if (found.search.expiresAtMs <= now().getTime()) return fail(422, RATE_GONE);
    const { search: s, room, rate } = found;
    const quote: DuffelStaysQuote = {
      id: nextId('quo'),
      check_in_date: s.stay.checkIn,
      check_out_date: s.stay.checkOut,
      rooms: s.stay.rooms,
      guests: s.stay.guests,
      accommodation: { ...s.property.accommodation, rooms: [{ ...room, rates: [rate] }] },
      total_amount: rate.total_amount,
      total_currency: rate.total_currency,
      base_amount: rate.base_amount,
      base_currency: rate.base_currency,
      tax_amount: rate.tax_amount,
      tax_currency: rate.tax_currency,
      fee_amount: rate.fee_amount,
      fee_currency: rate.fee_currency,
      due_at_accommodation_amount: rate.due_at_accommodation_amount,
      due_at_accommodation_currency: rate.due_at_accommodation_currency,
      deposit_amount: null,
      deposit_currency: rate.total_currency,
      supported_loyalty_programme: rate.supported_loyalty_programme,
    };
    quotes.set(quote.id, { quote, expiresAtMs: now().getTime() + QUOTE_TTL_MS, booked: false });
    return ok(201, quote);
  }

  function createBooking(data: unknown): Answer {
    if (!isRecord(data)) return invalid('data', 'The request body must be {"data": {...}}.');
    if (typeof data.quote_id !== 'string' || data.quote_id === '') return invalid('quote_id', 'quote_id is required.');
    const guests = data.guests;
    if (!Array.isArray(guests) || guests.length === 0) return invalid('guests', 'guests must list at least one guest.');
    if (!guests.every((g) => isRecord(g) && typeof g.given_name === 'string' && g.given_name !== '' && typeof g.family_name === 'string' && g.family_name !== '')) {
      return invalid('guests', 'Each guest needs given_name and family_name.');
    }
    if (typeof data.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(data.email)) return invalid('email', 'email must be an email address.');
    if (typeof data.phone_number !== 'string' || !/^\+[1-9]\d{6,14}$/.test(data.phone_number)) return invalid('phone_number', 'phone_number must be in E.164 format.');
    if (data.metadata !== undefined && (!isRecord(data.metadata) || !Object.values(data.metadata).every((v) => typeof v === 'string'))) return invalid('metadata', 'metadata values must be strings.');
    const entry = quotes.get(data.quote_id);
    if (!entry) return fail(404, NOT_FOUND);
    if (entry.expiresAtMs <= now().getTime()) return fail(422, QUOTE_GONE);
    // Duffel's code for a second booking of one quote is UNCONFIRMED.
    if (entry.booked) return wrongState('quote_already_booked', 'This quote has already been booked.');
    entry.booked = true;
    const { quote } = entry;
    const booking: DuffelStaysBooking = {
      id: nextId('bok'),
      reference: String(71_000_000 + counter * 7_919),
      status: 'confirmed',
      confirmed_at: now().toISOString(),
      cancelled_at: null,
      accommodation: quote.accommodation,
      check_in_date: quote.check_in_date,
      check_out_date: quote.check_out_date,
      rooms: quote.rooms,
      guests: (guests as DuffelStaysBookingGuest[]).map((g) => ({ given_name: g.given_name, family_name: g.family_name })),
      email: data.email,
      phone_number: data.phone_number,
      supported_loyalty_programme: quote.supported_loyalty_programme,
      loyalty_programme_account_number: typeof data.loyalty_programme_account_number === 'string' ? data.loyalty_programme_account_number : null,
      key_collection: null,
      metadata: isRecord(data.metadata) ? (data.metadata as Record<string, string>) : null,
    };
    bookings.set(booking.id, booking);
    return ok(201, booking);
  }

  function cancelBooking(id: string): Answer {
    const booking = bookings.get(id);
    if (!booking) return fail(404, NOT_FOUND);
    if (booking.status !== 'confirmed') return wrongState('booking_already_cancelled', 'This booking has already been cancelled.');
    booking.status = 'cancelled';
    booking.cancelled_at = now().toISOString();
    return ok(200, booking);
  }

  /** GET /stays/bookings: oldest first, `limit` (at most listPageMax) and an `after` cursor (the last id of the page before). */
  function listBookings(query: Record<string, string>): Answer {
    const all = [...bookings.values()];
    const limit = Math.min(listPageMax, Math.max(1, Number(query.limit ?? 50) || 50));
    let start = 0;
    if (query.after !== undefined) {
      start = all.findIndex((b) => b.id === query.after) + 1;
      if (start === 0) return invalid('after', 'after must be a cursor from a previous page.');
    }
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return { status: 200, body: { data: page, meta: { limit, before: null, after: more ? page[page.length - 1]!.id : null } } };
  }

  function route(method: string, path: string, data: unknown, query: Record<string, string> = {}): Answer {
    if (method === 'POST' && path === '/stays/search') return search(data);
    if (method === 'GET' && path === '/stays/bookings') return listBookings(query);
    const ratesOf = /^\/stays\/search_results\/([^/]+)\/actions\/fetch_all_rates$/.exec(path);
    if (method === 'POST' && ratesOf) return fetchAllRates(decodeURIComponent(ratesOf[1]!));
    if (method === 'POST' && path === '/stays/quotes') return createQuote(data);
    if (method === 'POST' && path === '/stays/bookings') return createBooking(data);
    const cancel = /^\/stays\/bookings\/([^/]+)\/actions\/cancel$/.exec(path);
    if (method === 'POST' && cancel) return cancelBooking(decodeURIComponent(cancel[1]!));
    const one = /^\/stays\/bookings\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const booking = bookings.get(decodeURIComponent(one[1]!));
      return booking ? ok(200, booking) : fail(404, NOT_FOUND);
    }
    return fail(404, NOT_FOUND);
  }

  return { route, bookings };
}

// ---------- server ----------

export async function startDuffelStaysFake(opts: { listPageMax?: number } = {}): Promise<DuffelStaysFake> {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const requests: RecordedRequest[] = [];
  const queue: StaysScenario[] = [];
  const state = createState(now, opts.listPageMax ?? 200);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let markClosed!: () => void;
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: '',
        closed: new Promise<void>((resolve) => (markClosed = resolve)),
        abandoned: false,
        bytesSent: 0,
      };
      res.on('close', () => {
        if (!res.writableFinished) record.abandoned = true;
        markClosed();
      });
      requests.push(record);
      record.body = await readBody(req);

      if (!TOKEN_PATTERN.test(req.headers.authorization ?? '')) return errorReply(res, 401, UNAUTHORIZED);
      if (!req.headers['duffel-version']) return errorReply(res, 400, MISSING_VERSION);
      const scenario = queue.shift();
      if (scenario) return inject(scenario, res, now());
      const data = requestData(record.body);
      if (data === null) return reply(res, invalid('data', 'The request body must be JSON of the form {"data": {...}}.'));
      reply(res, state.route(record.method, record.path.replace(/\/+$/, ''), data, record.query));
    })().catch((err: unknown) => {
      if (!res.headersSent) errorReply(res, 500, { ...INTERNAL, message: err instanceof Error ? err.message : String(err) });
    });
  });

  const { url } = await listenLocal(server);
  return {
    url,
    requests,
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) queue.push(scenario);
    },
    advance(ms) {
      offsetMs += ms;
    },
    booking: (id) => state.bookings.get(id),
    close() {
      // Held `timeout` answers would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
