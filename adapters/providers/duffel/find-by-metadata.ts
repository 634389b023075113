import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { BookingMetadataMatch } from '../../../tools/_kit/stays-cars-cruises.js';
import type { DuffelResult } from './client.js';
import type { DuffelCalls } from './duffel-calls.js';
import { isRecord, malformed } from './malformed.js';

// Finds a booking by one of its metadata entries (our booking id) in a paginated
// Duffel list: GET /stays/bookings, GET /cars/bookings. Neither list filters by
// metadata, and the order of either is not documented, so pages are read until
// the booking turns up or the list ends. "Not there" lets the caller declare the
// booking failed and refund it, so null is answered only once the whole list was
// read: a list longer than FIND_MAX_PAGES pages is an error, and the caller asks
// again later instead of refunding a booking that may exist.

export const FIND_PAGE_LIMIT = 200;
export const FIND_MAX_PAGES = 50;

export async function findByMetadata<W, R>(calls: DuffelCalls, path: string, match: BookingMetadataMatch, map: (wire: W) => R, signal: AbortSignal): Promise<R | null> {
  let after: string | undefined;
  for (let page = 0; page < FIND_MAX_PAGES; page++) {
    const res = await calls.read(
      path,
      { limit: FIND_PAGE_LIMIT, after },
      (r: DuffelResult<W[]>) => {
        if (!Array.isArray(r.data)) throw malformed(`${path} answered something other than a list`);
        // Only the match is mapped: an unrelated malformed booking must not hide ours.
        const hit = r.data.find((b) => isRecord(b) && isRecord(b.metadata) && b.metadata[match.metadataKey] === match.metadataValue);
        return { found: hit === undefined ? null : map(hit), after: r.meta?.after ?? null };
      },
      signal,
    );
    if (res.found !== null) return res.found;
    if (!res.after) return null;
    after = res.after;
  }
  throw new ProviderError('duffel', 'bad_response', `${path} did not end within ${FIND_MAX_PAGES} pages of ${FIND_PAGE_LIMIT}; whether the booking exists is not known`);
}
