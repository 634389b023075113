import { ProviderError, isProviderError } from '../../../tools/_kit/provider-error.js';
import type { ProviderMode } from '../../../tools/_kit/providers.js';
import type { CarRate, CarsProvider } from '../../../tools/_kit/stays-cars-cruises.js';
import type { ProviderPolicy } from '../http/resilience.js';
import type { HttpTransport } from '../http/transport.js';
import { DuffelClient, type DuffelResult } from '../duffel/client.js';
import { duffelCalls, seg } from '../duffel/duffel-calls.js';
import { findByMetadata } from '../duffel/find-by-metadata.js';
import { malformed } from '../duffel/malformed.js';
import { carBookingBody, carSearchBody } from './car-requests.js';
import { mapCarBooking, mapCarQuote } from './map-car-booking.js';
import { mapCarRate } from './map-car-rate.js';
import type { DuffelCarsBooking, DuffelCarsQuote, DuffelCarsRate, DuffelCarsSearch } from './wire.js';

// The Duffel Cars adapter behind the CarsProvider port: search → quote → book,
// then look up and cancel. Duffel Cars is a preview API (JS client since
// 2026-03-27); what its docs do not show is marked UNCONFIRMED. The same code
// runs against api.duffel.com, the local fake and the in-process simulator.
//
// Retries: search and quote create nothing that costs money (a second quote is
// just another quote), so they are retried like reads; booking and cancelling
// are never retried: a second attempt could book or cancel twice.

export interface DuffelCarsProviderOptions {
  transport: HttpTransport;
  token: string;
  policy: ProviderPolicy;
  mode: ProviderMode;
}

/**
 * Codes that mean the rate or quote is gone (UNCONFIRMED: Duffel Cars documents no
 * error codes; these are the look-alikes Duffel uses elsewhere and our simulator sends).
 * A 404 is not_found already.
 */
const GONE_CODES = new Set(['rate_no_longer_available', 'rate_expired', 'quote_expired', 'quote_no_longer_available', 'offer_no_longer_available']);

/** Rethrows a "gone" refusal as not_found, so tools answer 410 rather than 422. */
async function goneAsNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isProviderError(err) && err.kind === 'rejected' && err.code !== undefined && GONE_CODES.has(err.code)) {
      throw new ProviderError('duffel', 'not_found', err.message, { status: err.status, code: err.code, cause: err });
    }
    throw err;
  }
}

/** Maps every rate it can; one malformed rate among many is dropped, all malformed is a bad response. */
function mapRates(rates: unknown): CarRate[] {
  if (!Array.isArray(rates)) throw malformed('rates is not a list');
  const mapped: CarRate[] = [];
  let firstError: unknown;
  for (const rate of rates as DuffelCarsRate[]) {
    try {
      mapped.push(mapCarRate(rate));
    } catch (err) {
      firstError ??= err;
    }
  }
  if (mapped.length === 0 && firstError !== undefined) throw firstError;
  return mapped;
}

export function createDuffelCarsProvider(opts: DuffelCarsProviderOptions): CarsProvider {
  const client = new DuffelClient({ transport: opts.transport, token: opts.token });
  const { policy } = opts;
  const calls = duffelCalls(client, policy);
  const toBooking = (res: DuffelResult<DuffelCarsBooking>) => mapCarBooking(res.data);

  return {
    name: 'duffel',
    mode: opts.mode,

    search(query, signal) {
      const body = carSearchBody(query);
      return policy.run(
        async (inner) => {
          const res = await client.request<DuffelCarsSearch>({ method: 'POST', path: '/cars/search', body, signal: inner });
          if (typeof res.data.id !== 'string') throw malformed('search id is missing');
          return { id: res.data.id, rates: mapRates(res.data.rates) };
        },
        { idempotent: true, signal, isEmpty: (s) => s.rates.length === 0 },
      );
    },

    createQuote(rateId, signal) {
      return goneAsNotFound(
        policy.run(
          async (inner) => mapCarQuote((await client.request<DuffelCarsQuote>({ method: 'POST', path: '/cars/quotes', body: { rate_id: rateId }, signal: inner })).data),
          { idempotent: true, signal },
        ),
      );
    },

    createBooking(req, signal) {
      return goneAsNotFound(calls.write('/cars/bookings', carBookingBody(req), toBooking, signal));
    },

    getBooking(bookingId, signal) {
      return calls.read(`/cars/bookings/${seg(bookingId)}`, undefined, toBooking, signal);
    },

    findBooking(match, signal) {
      // GET /cars/bookings, paginated with `after`/`limit` like Duffel's other lists (UNCONFIRMED: the JS client has no cars list yet).
      return findByMetadata(calls, '/cars/bookings', match, (b: DuffelCarsBooking) => mapCarBooking(b), signal);
    },

    cancelBooking(bookingId, signal) {
      return calls.write(`/cars/bookings/${seg(bookingId)}/actions/cancel`, undefined, toBooking, signal);
    },
  };
}
