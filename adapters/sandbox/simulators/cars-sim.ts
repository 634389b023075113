import type { Cache } from '../../../tools/_kit/ports.js';
import { MemoryCache } from '../../cache/memory-cache.js';
import type { DuffelListMeta } from '../../providers/duffel/wire.js';
import type { HttpRequest } from '../../providers/http/transport.js';
import { cancelBooking, createBooking, createQuote, getBooking, listBookings, type CarsSimCtx } from './cars-sim-bookings.js';
import { searchCars } from './cars-sim-search.js';
import { createCarsSimStore } from './cars-sim-store.js';
import { MISSING_VERSION, NOT_FOUND, UNAVAILABLE, duffelError, type SimErrorSpec } from './duffel-sim-errors.js';
import { simId } from './duffel-sim-ids.js';
import { requestHeader } from './duffel-sim-headers.js';
import { readData, safeDecode } from './duffel-sim-input.js';
import { SimFailure } from './duffel-sim-order-errors.js';
import type { SimResponse, WireSimulator } from './sim-transport.js';

// A Duffel Cars look-alike over the simulated car world (world/cars*.ts): the
// routes the cars adapter calls, in Duffel's envelope and error format.
//   POST /cars/search                        → rates (stateless ids, cheapest first)
//   POST /cars/quotes {rate_id}              → a quote kept in the cache, 15 min
//   POST /cars/bookings {quote_id, driver…}  → a booking kept in the cache
//   GET  /cars/bookings                      → every booking, newest first (`after`/`limit`)
//   GET  /cars/bookings/{id}
//   POST /cars/bookings/{id}/actions/cancel  → cancelled, with refund_amount (our extension)
// Choices where Duffel documents nothing are listed in cars-sim-bookings.ts and cars-sim-search.ts.

export interface CarsSimulatorOptions {
  seed: string;
  /** Where quotes and bookings live; share it (Redis) so every process sees one sandbox. A private in-process cache when left out. */
  cache?: Cache;
}

export function createCarsSimulator(opts: CarsSimulatorOptions): WireSimulator {
  const { seed } = opts;
  const store = createCarsSimStore(opts.cache ?? new MemoryCache(), seed);
  let served = 0;

  const requestId = (now: Date) => simId('req', seed, 'cars', ++served, now.getTime()).slice(4, 24);
  const fail = (status: number, id: string, spec: SimErrorSpec): SimResponse => duffelError(status, id, spec);

  async function route(req: HttpRequest, path: string, ctx: CarsSimCtx): Promise<{ status: number; data: unknown; meta?: DuffelListMeta } | null> {
    if (req.method === 'POST' && path === '/cars/search') return { status: 200, data: searchCars(seed, readData(req.body), ctx.now) };
    if (req.method === 'POST' && path === '/cars/quotes') return { status: 201, data: await createQuote(ctx, readData(req.body)) };
    if (req.method === 'POST' && path === '/cars/bookings') return { status: 201, data: await createBooking(ctx, readData(req.body)) };
    if (req.method === 'GET' && path === '/cars/bookings') return { status: 200, ...(await listBookings(ctx, req.query ?? {})) };
    const cancel = /^\/cars\/bookings\/([^/]+)\/actions\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel) return { status: 200, data: await cancelBooking(ctx, safeDecode(cancel[1]!)) };
    const booking = /^\/cars\/bookings\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && booking) return { status: 200, data: await getBooking(ctx, safeDecode(booking[1]!)) };
    return null;
  }

  return {
    async handle(req, now) {
      const id = requestId(now);
      if (!requestHeader(req, 'duffel-version')) return fail(400, id, MISSING_VERSION);
      try {
        const answer = await route(req, req.path.replace(/\/+$/, ''), { seed, store, now });
        if (!answer) return fail(404, id, NOT_FOUND);
        return { status: answer.status, headers: { 'x-request-id': id }, body: answer.meta ? { data: answer.data, meta: answer.meta } : { data: answer.data } };
      } catch (err) {
        if (err instanceof SimFailure) return fail(err.status, id, err.spec);
        throw err;
      }
    },

    outage() {
      return fail(503, requestId(new Date(0)), UNAVAILABLE);
    },
  };
}
