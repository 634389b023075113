import type { ProviderMode } from '../../../tools/_kit/provider-basics.js';
import type { StaysProvider } from '../../../tools/_kit/stays-cars-cruises.js';
import { DuffelClient, type DuffelResult } from '../duffel/client.js';
import { duffelCalls, seg } from '../duffel/duffel-calls.js';
import { findByMetadata } from '../duffel/find-by-metadata.js';
import { isRecord, malformed } from '../duffel/malformed.js';
import type { ProviderPolicy } from '../http/resilience.js';
import type { HttpTransport } from '../http/transport.js';
import { bookingBody, mapBooking } from './map-booking.js';
import { mapQuote } from './map-quote.js';
import { mapSearchResult, mapSearchResults, searchBody } from './map-search.js';
import { rethrowStaysError } from './stays-errors.js';
import type { DuffelStaysBooking, DuffelStaysQuote, DuffelStaysQuoteCreate, DuffelStaysSearch, DuffelStaysSearchResult } from './wire.js';

// The Duffel Stays adapter behind the StaysProvider port. The same code runs
// against api.duffel.com, the local fake and our in-process simulator. Calls
// that spend or release money (booking, cancelling) are never retried; searches,
// rate fetches, quotes and lookups create nothing that costs and may be.

export interface DuffelStaysProviderOptions {
  transport: HttpTransport;
  token: string;
  policy: ProviderPolicy;
  mode: ProviderMode;
}

const toBooking = (res: DuffelResult<DuffelStaysBooking>) => mapBooking(res.data);

export function createDuffelStaysProvider(opts: DuffelStaysProviderOptions): StaysProvider {
  const client = new DuffelClient({ transport: opts.transport, token: opts.token });
  const { policy } = opts;
  const calls = duffelCalls(client, policy);

  /** A POST that books nothing: safe to send twice, so retried like a read. */
  const idempotentPost = <T, R>(path: string, body: unknown, map: (res: DuffelResult<T>) => R, signal: AbortSignal) =>
    policy.run(async (inner) => map(await client.request<T>({ method: 'POST', path, body, signal: inner })), { idempotent: true, signal });

  return {
    name: 'duffel',
    mode: opts.mode,

    search(query, signal) {
      return idempotentPost(
        '/stays/search',
        searchBody(query),
        (res: DuffelResult<DuffelStaysSearch>) => {
          if (!isRecord(res.data)) throw malformed('search answer is not an object');
          return mapSearchResults(res.data.results);
        },
        // No `isEmpty`: the policy is shared with flights, whose no-inventory flag a hotel-less area must not raise.
        signal,
      ).catch(rethrowStaysError);
    },

    fetchAllRates(searchResultId, signal) {
      // No body: the search result already says what to price.
      return idempotentPost(`/stays/search_results/${seg(searchResultId)}/actions/fetch_all_rates`, undefined, (res: DuffelResult<DuffelStaysSearchResult>) => mapSearchResult(res.data), signal).catch(
        rethrowStaysError,
      );
    },

    createQuote(rateId, signal) {
      const body: DuffelStaysQuoteCreate = { rate_id: rateId };
      // A quote re-checks price and availability and holds nothing, so a second one is harmless.
      return idempotentPost('/stays/quotes', body, (res: DuffelResult<DuffelStaysQuote>) => mapQuote(res.data, rateId), signal).catch(rethrowStaysError);
    },

    createBooking(req, signal) {
      return calls.write('/stays/bookings', bookingBody(req), toBooking, signal).catch(rethrowStaysError);
    },

    getBooking(bookingId, signal) {
      return calls.read(`/stays/bookings/${seg(bookingId)}`, undefined, toBooking, signal).catch(rethrowStaysError);
    },

    findBooking(match, signal) {
      // GET /stays/bookings (Duffel's "list bookings", paginated with `after`/`limit`); each booking carries our metadata.
      return findByMetadata(calls, '/stays/bookings', match, (b: DuffelStaysBooking) => mapBooking(b), signal);
    },

    cancelBooking(bookingId, signal) {
      return calls.write(`/stays/bookings/${seg(bookingId)}/actions/cancel`, undefined, toBooking, signal).catch(rethrowStaysError);
    },
  };
}
