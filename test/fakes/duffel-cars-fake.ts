import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { DuffelCarsBooking, DuffelCarsQuote, DuffelCarsRate, DuffelCarsSearch } from '../../adapters/providers/duffel-cars/wire.js';
import {
  INTERNAL,
  MISSING_VERSION,
  NOT_FOUND,
  RATE_LIMITED,
  UNAUTHORIZED,
  UNAVAILABLE,
  duffelErrorBody,
  rateLimitHeaders,
  validationError,
  type SimErrorSpec,
} from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import { listenLocal, readBody } from './fake-server.js';

// A local Duffel Cars over HTTP for adapter tests. It answers search with the
// recorded-looking rates in test/fixtures/duffel-cars/search.json (echoing the
// trip asked for), makes quotes and bookings from them in memory the way Duffel
// documents (no quote expiry, no refund fields), lists bookings (GET /cars/bookings,
// paginated with `after`/`limit`), and fails on demand.

export type DuffelCarsScenario =
  | 'rate_limited'
  | 'server_error'
  | 'unavailable'
  | 'timeout'
  | 'malformed'
  | 'rate_gone'
  | 'quote_expired'
  | 'validation'
  | 'errors_in_200';

export interface RecordedCarsRequest {
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

export interface DuffelCarsFake {
  url: string;
  requests: RecordedCarsRequest[];
  /** Fails the next request(s), whatever they are. */
  failNext(scenario: DuffelCarsScenario, times?: number): void;
  booking(id: string): DuffelCarsBooking | undefined;
  close(): Promise<void>;
}

const TOKEN_PATTERN = /^Bearer duffel_(test|live)_\S+$/;
const RATE_RESET_MS = 30_000;

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/duffel-cars/${name}`, import.meta.url), 'utf8')) as T;

const RATE_GONE: SimErrorSpec = { type: 'invalid_state_error', code: 'rate_no_longer_available', title: 'Rate no longer available', message: 'The rate is no longer offered by the supplier.' };
const QUOTE_EXPIRED: SimErrorSpec = { type: 'invalid_state_error', code: 'quote_expired', title: 'Quote expired', message: 'The quote has expired.' };

let served = 0;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `cars-fake-${++served}`, ...headers });
  res.end(body);
}

function fail(res: ServerResponse, status: number, spec: SimErrorSpec, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(duffelErrorBody(status, `cars-fake-${served + 1}`, [spec])), headers);
}

function inject(scenario: DuffelCarsScenario, res: ServerResponse): void {
  switch (scenario) {
    case 'rate_limited':
      return fail(res, 429, RATE_LIMITED, rateLimitHeaders(60, 0, new Date(Date.now() + RATE_RESET_MS)));
    case 'server_error':
      return fail(res, 500, INTERNAL);
    case 'unavailable':
      return fail(res, 503, UNAVAILABLE);
    case 'timeout':
      return; // no answer: the client's time budget runs out
    case 'malformed':
      return send(res, 200, '{"data": {"id": "seh_');
    case 'rate_gone':
      return fail(res, 422, RATE_GONE);
    case 'quote_expired':
      return fail(res, 422, QUOTE_EXPIRED);
    case 'validation':
      return fail(res, 422, validationError('validation_required', 'pickup_date', '/pickup_date', 'pickup_date is required'));
    case 'errors_in_200':
      return send(res, 200, JSON.stringify(duffelErrorBody(200, 'cars-fake-200', [{ type: 'api_error', code: 'supplier_error', title: 'Supplier error', message: 'The supplier did not answer.' }])));
  }
}

function dataOf(body: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(body) as { data?: unknown };
    return typeof parsed.data === 'object' && parsed.data !== null ? (parsed.data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startDuffelCarsFake(opts: { listPageMax?: number } = {}): Promise<DuffelCarsFake> {
  const listPageMax = opts.listPageMax ?? 200;
  const recorded = fixture<{ data: DuffelCarsSearch }>('search.json').data;
  const quoteTemplate = fixture<{ data: DuffelCarsQuote }>('quote.json').data;
  const requests: RecordedCarsRequest[] = [];
  const queue: DuffelCarsScenario[] = [];
  const quotes = new Map<string, DuffelCarsQuote>();
  const bookings = new Map<string, DuffelCarsBooking>();
  const bookedQuotes = new Set<string>();
  let lastTrip: Pick<DuffelCarsSearch, 'pickup_date' | 'pickup_time' | 'dropoff_date' | 'dropoff_time'> = recorded;
  let seq = 0;

  function search(data: Record<string, unknown>): DuffelCarsSearch {
    lastTrip = { pickup_date: String(data.pickup_date), pickup_time: String(data.pickup_time), dropoff_date: String(data.dropoff_date), dropoff_time: String(data.dropoff_time) };
    return { ...structuredClone(recorded), ...(structuredClone(data) as Partial<DuffelCarsSearch>), id: `seh_fake${++seq}`, rates: structuredClone(recorded.rates) };
  }

  function quoteFrom(rate: DuffelCarsRate): DuffelCarsQuote {
    const { id: rateId, expires_at: _expires, ...priced } = structuredClone(rate);
    const taxes = rate.base_amount === null ? null : (Number(rate.total_amount) - Number(rate.base_amount)).toFixed(2);
    return {
      ...priced,
      id: `qut_fake${++seq}`,
      live_mode: false,
      rate_id: rateId,
      search_id: recorded.id,
      base_currency: rate.base_currency ?? rate.total_currency,
      charges: taxes === null ? null : [{ amount: taxes, currency: rate.total_currency, description: 'VAT and premium location surcharge' }],
      conditions: structuredClone(quoteTemplate.conditions),
      privacy_policies: structuredClone(quoteTemplate.privacy_policies),
      ...lastTrip,
    };
  }

  /** GET /cars/bookings: oldest first, `limit` (at most listPageMax) and an `after` cursor (the last id of the page before). */
  function list(query: URLSearchParams, res: ServerResponse): void {
    const all = [...bookings.values()];
    const limit = Math.min(listPageMax, Math.max(1, Number(query.get('limit') ?? 50) || 50));
    const after = query.get('after');
    const start = after === null ? 0 : all.findIndex((b) => b.id === after) + 1;
    if (after !== null && start === 0) return fail(res, 422, validationError('validation_format', 'after', '/after', 'after must be a cursor from a previous page'));
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return send(res, 200, JSON.stringify({ data: page, meta: { limit, before: null, after: more ? page[page.length - 1]!.id : null } }));
  }

  function handle(method: string, path: string, data: Record<string, unknown> | null, res: ServerResponse, query: URLSearchParams): void {
    if (method === 'GET' && path === '/cars/bookings') return list(query, res);
    if (method === 'POST' && path === '/cars/search') {
      if (!data || typeof data.pickup_date !== 'string' || typeof data.driver !== 'object') return fail(res, 422, validationError('validation_required', 'pickup_date', '/pickup_date', 'pickup_date is required'));
      return send(res, 200, JSON.stringify({ data: search(data) }));
    }
    if (method === 'POST' && path === '/cars/quotes') {
      const rate = recorded.rates.find((r) => r.id === data?.rate_id);
      if (!rate) return fail(res, 422, RATE_GONE);
      const quote = quoteFrom(rate);
      quotes.set(quote.id, quote);
      return send(res, 201, JSON.stringify({ data: quote }));
    }
    if (method === 'POST' && path === '/cars/bookings') {
      const quote = quotes.get(String(data?.quote_id));
      if (!quote) return fail(res, 404, NOT_FOUND);
      if (bookedQuotes.has(quote.id)) return fail(res, 422, { type: 'invalid_state_error', code: 'quote_already_booked', title: 'Quote already booked', message: 'This quote has been booked.' });
      const { id: quoteId, rate_id: _rate, search_id: _search, expires_at: _exp, ...priced } = structuredClone(quote);
      const booking: DuffelCarsBooking = {
        ...priced,
        id: `boo_fake${++seq}`,
        reference: `FAKE${seq}`,
        confirmed_at: new Date().toISOString(),
        cancelled_at: null,
        status: 'confirmed',
        driver: { ...(data?.driver as DuffelCarsBooking['driver']), user_id: null },
        quote_id: quoteId,
        metadata: (data?.metadata as Record<string, string> | undefined) ?? null,
        users: [],
      };
      bookedQuotes.add(quote.id);
      bookings.set(booking.id, booking);
      return send(res, 201, JSON.stringify({ data: booking }));
    }
    const cancel = /^\/cars\/bookings\/([^/]+)\/actions\/cancel$/.exec(path);
    const read = /^\/cars\/bookings\/([^/]+)$/.exec(path);
    const booking = bookings.get(decodeURIComponent((cancel ?? read)?.[1] ?? ''));
    if (method === 'POST' && cancel) {
      if (!booking) return fail(res, 404, NOT_FOUND);
      if (booking.status === 'cancelled') return fail(res, 422, { type: 'invalid_state_error', code: 'booking_already_cancelled', title: 'Already cancelled', message: 'This booking is already cancelled.' });
      booking.status = 'cancelled';
      booking.cancelled_at = new Date().toISOString();
      return send(res, 200, JSON.stringify({ data: booking }));
    }
    if (method === 'GET' && read) return booking ? send(res, 200, JSON.stringify({ data: booking })) : fail(res, 404, NOT_FOUND);
    return fail(res, 404, NOT_FOUND);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/\/+$/, '');
      const record: RecordedCarsRequest = {
        method: req.method ?? 'GET',
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: '',
      };
      requests.push(record);
      record.body = await readBody(req);
      if (!TOKEN_PATTERN.test(req.headers.authorization ?? '')) return fail(res, 401, UNAUTHORIZED);
      if (!req.headers['duffel-version']) return fail(res, 400, MISSING_VERSION);
      const scenario = queue.shift();
      if (scenario) return inject(scenario, res);
      handle(record.method, path, record.body === '' ? null : dataOf(record.body), res, url.searchParams);
    })().catch((err: unknown) => {
      if (!res.headersSent) fail(res, 500, { ...INTERNAL, message: err instanceof Error ? err.message : String(err) });
    });
  });

  const { url } = await listenLocal(server);
  return {
    url,
    requests,
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) queue.push(scenario);
    },
    booking: (id) => bookings.get(id),
    close() {
      // Held `timeout` answers would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
