import type { CashOffer, FlightQuery } from '../../../tools/_kit/providers.js';
import type { DecodePool } from '../http/decode-pool.js';
import type { QueryValue } from '../http/transport.js';
import type { DuffelClient } from './client.js';
import { malformed } from './malformed.js';
import { mapDuffelOffers } from './map-offers.js';
import type { DuffelOffer } from './wire.js';

// A search reads only the offers it shows (FlightQuery.offers `best` or `cheapest`;
// booking flows, which look for given flights, still read every offer inline).
// The offer request is created without
// its offers (`return_offers=false`), then a few sorted pages of GET /air/offers
// are read at once: the cheapest offers, the fastest, and every nonstop. A
// Duffel offer is ~6 KB of JSON, so reading every offer of a busy route (60–70 in
// the simulator, thousands on real Duffel) cost most of a search's CPU; each page
// here stays under V8's 128 KB large-string threshold.

/** Cheapest offers read: ~20 × 6 KB stays under 128 KB; the cheap end of the market, with its fare brands. */
export const CHEAPEST_OFFERS = 20;
/** Fastest offers read: the fastest flight is shown even when it is neither cheap nor nonstop. */
export const FASTEST_OFFERS = 3;
/** Nonstop offers read: every nonstop flight a route has, with its fare brands. */
export const NONSTOP_OFFERS = 100;

export interface OfferPage {
  sort: 'total_amount' | 'total_duration';
  limit: number;
  maxConnections?: number;
}

/** The pages a search reads (`offers` best or cheapest); when the search is nonstop-only, the cheapest page already holds nonstops alone. */
export function offerPages(query: FlightQuery): OfferPage[] {
  // A fare calendar or an alert reads the cheapest bookable fare alone.
  if (query.offers === 'cheapest') return [{ sort: 'total_amount', limit: 1 }];
  if (query.maxConnections === 0) {
    return [{ sort: 'total_amount', limit: NONSTOP_OFFERS }, { sort: 'total_duration', limit: FASTEST_OFFERS }];
  }
  return [
    { sort: 'total_amount', limit: CHEAPEST_OFFERS },
    { sort: 'total_duration', limit: FASTEST_OFFERS },
    { sort: 'total_amount', limit: NONSTOP_OFFERS, maxConnections: 0 },
  ];
}

/** One page of an offer request's offers, mapped (in a decode thread when the pool takes it). */
async function readPage(client: DuffelClient, decode: DecodePool, offerRequestId: string, page: OfferPage, signal: AbortSignal): Promise<CashOffer[]> {
  const query: Record<string, QueryValue> = { offer_request_id: offerRequestId, sort: page.sort, limit: page.limit, max_connections: page.maxConnections };
  const res = await client.call({ method: 'GET', path: '/air/offers', query, signal });
  if (res.status >= 200 && res.status < 300) {
    const offers = await decode.decode(res, 'duffel-offer-list', undefined);
    if (offers) return offers;
  }
  const read = await client.read<DuffelOffer[]>(res);
  if (!Array.isArray(read.data)) throw malformed('the offer list is not a list', read.status);
  return mapDuffelOffers(read.data);
}

/** The pages' offers, each once (pages overlap: a cheap nonstop is on two of them), cheapest page first. */
export async function readOfferPages(client: DuffelClient, decode: DecodePool, offerRequestId: string, pages: readonly OfferPage[], signal: AbortSignal): Promise<CashOffer[]> {
  const read = await Promise.all(pages.map((page) => readPage(client, decode, offerRequestId, page, signal)));
  const seen = new Set<string>();
  const offers: CashOffer[] = [];
  for (const offer of read.flat()) {
    if (seen.has(offer.providerOfferId)) continue;
    seen.add(offer.providerOfferId);
    offers.push(offer);
  }
  return offers;
}
