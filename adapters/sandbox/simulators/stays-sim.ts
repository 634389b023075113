import type { Cache } from '../../../tools/_kit/ports.js';
import { MemoryCache } from '../../cache/memory-cache.js';
import type { HttpRequest } from '../../providers/http/transport.js';
import type { SimResult } from './duffel-sim-context.js';
import { MISSING_VERSION, NOT_FOUND, UNAVAILABLE, duffelError } from './duffel-sim-errors.js';
import { duffelResponseHeaders, requestHeader, type SimHeaders } from './duffel-sim-headers.js';
import { safeDecode } from './duffel-sim-input.js';
import { SimFailure } from './duffel-sim-order-errors.js';
import type { SimResponse, WireSimulator } from './sim-transport.js';
import { cancelBooking, createBooking, createQuote, getBooking, getQuote, listBookings } from './stays-sim-booking.js';
import type { StaysSimCtx } from './stays-sim-context.js';
import { createSearch, fetchAllRates } from './stays-sim-search.js';
import { createStaysSimStore } from './stays-sim-store.js';

// A Duffel Stays look-alike over the simulated hotel world (world/hotels.ts),
// answering the routes the adapter (../duffel-stays/) calls in Duffel's wire
// format, headers and error envelope:
//   POST /stays/search                                  201 {data: {created_at, results}}
//   POST /stays/search_results/{id}/actions/fetch_all_rates  200 the result with rooms and rates
//   POST /stays/quotes {rate_id}                        201 a quote (price locked 30 min)
//   GET  /stays/quotes/{id}
//   POST /stays/bookings {quote_id, guests, email, phone_number, …}  201 a booking
//   GET  /stays/bookings                                every booking, newest first (`after`/`limit`)
//   GET  /stays/bookings/{id}
//   POST /stays/bookings/{id}/actions/cancel            200 the cancelled booking
// Search results and rates expire 30 minutes after the search (404
// search_result_expired, 422 rate_no_longer_available); quotes 30 minutes after
// they are made (422 quote_expired). State lives in the shared Cache, so two
// simulators on one cache (two processes on one Redis) share it.
//
// Our extensions to Duffel's format, which the adapter reads when present:
// - search body `include_rentals: true` adds vacation rentals, marked
//   `accommodation.type: 'vacation_rental'` (Duffel Stays sells hotels only);
// - quotes carry `expires_at`;
// - a cancelled booking carries `refund_amount` and `refund_currency`, the refund
//   its cancellation timeline gave at the moment of cancelling;
// - bookings carry `total_amount` / `total_currency`.
// Prices are in USD, the currency of our Duffel balance.


type Headers = SimHeaders;
type Route = (ctx: StaysSimCtx) => Promise<SimResult>;

export interface StaysSimulatorOptions {
  seed: string;
  /** Where results, quotes and bookings live; share it (Redis) so every process sees one sandbox. A private in-process cache when left out. */
  cache?: Cache;
}

function route(req: HttpRequest): Route | undefined {
  const path = req.path.replace(/\/+$/, '');
  const id = (re: RegExp) => {
    const m = re.exec(path);
    return m ? safeDecode(m[1]!) : undefined;
  };
  if (req.method === 'POST') {
    if (path === '/stays/search') return (ctx) => createSearch(ctx, req.body);
    if (path === '/stays/quotes') return (ctx) => createQuote(ctx, req.body);
    if (path === '/stays/bookings') return (ctx) => createBooking(ctx, req.body);
    const resultId = id(/^\/stays\/search_results\/([^/]+)\/actions\/fetch_all_rates$/);
    if (resultId !== undefined) return (ctx) => fetchAllRates(ctx, resultId);
    const cancelId = id(/^\/stays\/bookings\/([^/]+)\/actions\/cancel$/);
    if (cancelId !== undefined) return (ctx) => cancelBooking(ctx, cancelId);
  }
  if (req.method === 'GET') {
    if (path === '/stays/bookings') return (ctx) => listBookings(ctx, req.query ?? {});
    const quoteId = id(/^\/stays\/quotes\/([^/]+)$/);
    if (quoteId !== undefined) return (ctx) => getQuote(ctx, quoteId);
    const bookingId = id(/^\/stays\/bookings\/([^/]+)$/);
    if (bookingId !== undefined) return (ctx) => getBooking(ctx, bookingId);
  }
  return undefined;
}

export function createStaysSimulator(opts: StaysSimulatorOptions): WireSimulator {
  const { seed } = opts;
  const store = createStaysSimStore(opts.cache ?? new MemoryCache(), seed);
  const headersFor = duffelResponseHeaders(seed, 'stays');
  let lastNow: Date | undefined;


  const fail = (status: number, h: Headers, spec: Parameters<typeof duffelError>[2]): SimResponse => duffelError(status, h['x-request-id'] ?? 'unknown', spec, h);

  return {
    async handle(req, now) {
      lastNow = now;
      const h = headersFor(now);
      if (!requestHeader(req, 'duffel-version')) return fail(400, h, MISSING_VERSION);
      const run = route(req);
      if (!run) return fail(404, h, NOT_FOUND);
      try {
        const result = await run({ seed, store, now });
        return { status: result.status, headers: h, body: result.meta ? { data: result.data, meta: result.meta } : { data: result.data } };
      } catch (err) {
        if (err instanceof SimFailure) return fail(err.status, h, err.spec);
        throw err;
      }
    },

    outage() {
      return fail(503, headersFor(lastNow ?? new Date()), UNAVAILABLE);
    },
  };
}
