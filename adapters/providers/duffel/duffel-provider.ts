import { ProviderError, isProviderError } from '../../../tools/_kit/provider-error.js';
import type { FlightBookingProvider, FlightProviderStatus, FlightQuery, ProviderMode, SeatMap } from '../../../tools/_kit/providers.js';
import type { ProviderPolicy } from '../http/resilience.js';
import { INLINE_DECODING, type DecodePool } from '../http/decode-pool.js';
import type { HttpTransport } from '../http/transport.js';
import { DuffelClient } from './client.js';
import { duffelAfterSaleMethods } from './duffel-after-sale.js';
import { duffelCalls } from './duffel-calls.js';
import { duffelOrderMethods } from './duffel-orders.js';
import { duffelPaymentMethods } from './duffel-payments.js';
import { isRecord, malformed } from './malformed.js';
import { mapOffer } from './map-offer.js';
import { mapDuffelOffers } from './map-offers.js';
import { offerPages, readOfferPages } from './offer-pages.js';
import { mapSeatMap } from './map-seat-map.js';
import type { DuffelAirline, DuffelOffer, DuffelOfferRequest, DuffelOfferRequestCreate, DuffelPassengerInput, DuffelSeatMap } from './wire.js';

// The Duffel adapter behind the FlightBookingProvider port. The same code runs
// against api.duffel.com, the local fake and the in-process simulator.

/** Ages we send for children and infants: Duffel prices by age, and the query only counts them. */
const CHILD_AGE = 8;
const INFANT_AGE = 1;
/** Duffel's allowed supplier_timeout range. Our default stays under the policy's 20 s budget so Duffel answers first. */
const SUPPLIER_TIMEOUT = { min: 2_000, max: 60_000, default: 15_000 };

export interface DuffelProviderOptions {
  transport: HttpTransport;
  token: string;
  policy: ProviderPolicy;
  mode: ProviderMode;
  supplierTimeoutMs?: number;
  /** Where a search's offers are parsed and mapped (default inline). */
  decode?: DecodePool;
}

export function offerRequestBody(query: FlightQuery): DuffelOfferRequestCreate {
  // Several slices are one offer request on Duffel: a multi-city or open-jaw trip is priced whole.
  const slices = query.slices
    ? query.slices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.departureDate }))
    : [{ origin: query.origin, destination: query.destination, departure_date: query.departureDate }];
  if (query.returnDate && !query.slices) slices.push({ origin: query.destination, destination: query.origin, departure_date: query.returnDate });
  const passengers: DuffelPassengerInput[] = [
    ...Array.from({ length: query.adults }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: query.children }, () => ({ age: CHILD_AGE })),
    ...Array.from({ length: query.infants }, () => ({ age: INFANT_AGE })),
  ];
  const body: DuffelOfferRequestCreate = { slices, passengers, cabin_class: query.cabin };
  if (query.maxConnections !== undefined) body.max_connections = query.maxConnections;
  return body;
}

function environmentFromToken(token: string): 'sandbox' | 'production' | null {
  if (token.startsWith('duffel_test_')) return 'sandbox';
  if (token.startsWith('duffel_live_')) return 'production';
  return null;
}

export function createDuffelProvider(opts: DuffelProviderOptions): FlightBookingProvider {
  const client = new DuffelClient({ transport: opts.transport, token: opts.token });
  const { policy } = opts;
  const calls = duffelCalls(client, policy);
  const decode = opts.decode ?? INLINE_DECODING;
  const supplierTimeout = Math.min(SUPPLIER_TIMEOUT.max, Math.max(SUPPLIER_TIMEOUT.min, Math.round(opts.supplierTimeoutMs ?? SUPPLIER_TIMEOUT.default)));

  return {
    name: 'duffel',
    mode: opts.mode,

    searchOffers(query, signal) {
      const body = offerRequestBody(query);
      return policy.run(
        async (inner) => {
          // A search reads the pages it shows; every offer otherwise (offer-pages.ts).
          const paged = query.offers === 'best' || query.offers === 'cheapest';
          const res = await client.call({
            method: 'POST',
            path: '/air/offer_requests',
            query: { return_offers: !paged, supplier_timeout: supplierTimeout },
            body,
            signal: inner,
          });
          if (!paged && res.status >= 200 && res.status < 300) {
            const offers = await decode.decode(res, 'duffel-offers', undefined);
            if (offers) return offers;
          }
          // Inline: an error status or envelope, a body off the happy path, or no decode threads.
          const read = await client.read<DuffelOfferRequest>(res);
          if (paged) {
            if (!isRecord(read.data) || typeof read.data.id !== 'string' || read.data.id === '') throw malformed('the offer request has no id', read.status);
            return readOfferPages(client, decode, read.data.id, offerPages(query), inner);
          }
          // We asked for the offers inline: without a list the answer is wrongly shaped, not empty.
          if (!isRecord(read.data) || !Array.isArray(read.data.offers)) throw malformed('the offer request has no offers list', read.status);
          return mapDuffelOffers(read.data.offers);
        },
        // Creating an offer request books nothing, so a retry is harmless.
        { idempotent: true, signal, isEmpty: (offers) => offers.length === 0 },
      );
    },

    getOffer(offerId, signal) {
      return policy.run(
        async (inner) => {
          const res = await client.request<DuffelOffer>({
            method: 'GET',
            path: `/air/offers/${encodeURIComponent(offerId)}`,
            query: { return_available_services: true },
            signal: inner,
          });
          return mapOffer(res.data);
        },
        { idempotent: true, signal },
      );
    },

    getSeatMaps(offerId, signal): Promise<SeatMap[]> {
      return policy.run(
        async (inner) => {
          const res = await client.request<DuffelSeatMap[]>({ method: 'GET', path: '/air/seat_maps', query: { offer_id: offerId }, signal: inner });
          if (!Array.isArray(res.data)) throw new ProviderError('duffel', 'bad_response', 'Duffel seat maps are not a list');
          return res.data.map(mapSeatMap);
        },
        { idempotent: true, signal },
      );
    },

    async status(signal): Promise<FlightProviderStatus> {
      const fromToken = environmentFromToken(opts.token);
      const started = Date.now();
      // No balance endpoint is documented in Duffel's public API or official clients, so none is called.
      const noBalance = 'Duffel publishes no balance endpoint; check the balance in the Duffel dashboard';
      try {
        const res = await policy.run(
          (inner) => client.request<(DuffelAirline & { live_mode?: boolean })[]>({ method: 'GET', path: '/air/airlines', query: { limit: 1 }, signal: inner }),
          { idempotent: true, signal },
        );
        const latencyMs = Date.now() - started;
        const liveMode = res.data[0]?.live_mode;
        const environment = opts.mode === 'simulator' ? 'simulator' : typeof liveMode === 'boolean' ? (liveMode ? 'production' : 'sandbox') : (fromToken ?? 'production');
        const tokenNote = opts.mode === 'live' && fromToken === null ? '; the token prefix is neither duffel_test_ nor duffel_live_' : '';
        return { reachable: true, environment, balance: null, latencyMs, detail: noBalance + tokenNote };
      } catch (err) {
        if (signal.aborted || !isProviderError(err)) throw err;
        return {
          reachable: false,
          environment: opts.mode === 'simulator' ? 'simulator' : (fromToken ?? 'production'),
          balance: null,
          latencyMs: Date.now() - started,
          detail: `Duffel status check failed (${err.kind}${err.status ? ` ${err.status}` : ''})`,
        };
      }
    },

    // The order life cycle lives in its own files; reads retry, writes never do.
    ...duffelOrderMethods(calls),
    ...duffelAfterSaleMethods(calls),
    ...duffelPaymentMethods(calls),
  };
}
