import type { Cache } from '../../../tools/_kit/ports.js';
import { MemoryCache } from '../../cache/memory-cache.js';
import type { DuffelEnvelope, DuffelOfferRequest } from '../../providers/duffel/wire.js';
import type { HttpRequest } from '../../providers/http/transport.js';
import type { SimCtx, SimResult } from './duffel-sim-context.js';
import {
  MISSING_VERSION,
  NOT_FOUND,
  OFFER_GONE,
  UNAVAILABLE,
  duffelError,
  validationError,
} from './duffel-sim-errors.js';
import { REQUEST_SERIALS, decodeOfferId, type OfferRef } from './duffel-sim-ids.js';
import { airlineWire, airportWire } from './duffel-sim-places.js';
import { duffelResponseHeaders, requestHeader, type SimHeaders } from './duffel-sim-headers.js';
import { safeDecode } from './duffel-sim-input.js';
import { matchOrderRoute } from './duffel-sim-order-routes.js';
import { SimFailure } from './duffel-sim-order-errors.js';
import { createSimStore } from './duffel-sim-store.js';
import { BUCKET_MINUTES, OFFER_LIFETIME_MS, bucketStart, buildOffer, offerRequestId, passengersFor, searchOffers } from './duffel-sim-offers.js';
import { listOffers, offerListMemo, type StoredOfferRequest } from './duffel-sim-offer-list.js';
import { buildSeatMaps } from './duffel-sim-seats.js';
import { parseOfferRequest } from './duffel-sim-validate.js';
import { DUFFEL_PACE, type SandboxRules } from './duffel-sim-sandbox.js';
import { timeBucket } from './seeded.js';
import type { SimResponse, WireSimulator } from './sim-transport.js';
import { AIRLINES } from './world/index.js';

// A Duffel look-alike over the simulated world: the routes the adapter calls,
// answering in Duffel's wire format, with its headers and error envelope.
// Rate-limit headers are reported as Duffel does but not enforced.
// Search, offers and seat maps are stateless (ids carry what they name); the
// order life cycle (duffel-sim-order-routes.ts) keeps its sandbox in the Cache.

const LIST_DEFAULT = 50;
const LIST_MAX = 200;

type Headers = SimHeaders;

function cursor(index: number): string {
  return Buffer.from(`i:${index}`).toString('base64url');
}

function fromCursor(raw: unknown): number {
  if (typeof raw !== 'string') return 0;
  const m = /^i:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString());
  return m ? Number(m[1]) : 0;
}

export interface DuffelSimulatorOptions {
  seed: string;
  /** Where orders, payments and changes live; share it (Redis) so every process sees one sandbox. A private in-process cache when left out. */
  cache?: Cache;
  /** Chance per itinerary, cabin and UTC day of a mistake fare (see mistakeFareFactor); 0 when left out. */
  mistakeFareRate?: number;
  /** The sandbox's pace and pinned prices; Duffel's pace when left out. */
  rules?: Partial<SandboxRules>;
}

export function createDuffelSimulator(opts: DuffelSimulatorOptions): WireSimulator {
  const { seed } = opts;
  const mistakeFareRate = opts.mistakeFareRate ?? 0;
  const rules: SandboxRules = { ...DUFFEL_PACE, ...opts.rules };
  const store = createSimStore(opts.cache ?? new MemoryCache(), seed);
  const listed = offerListMemo();
  const headersFor = duffelResponseHeaders(seed);
  /** The last clock reading handle() saw; an outage has no clock of its own. */
  let lastNow: Date | undefined;


  function ok(status: number, headers: Headers, body: unknown): SimResponse {
    return { status, headers, body };
  }

  function fail(status: number, headers: Headers, spec: Parameters<typeof duffelError>[2]): SimResponse {
    return duffelError(status, headers['x-request-id'] ?? 'unknown', spec, headers);
  }

  async function runOrderRoute(run: (ctx: SimCtx) => Promise<SimResult>, now: Date, h: Headers): Promise<SimResponse> {
    try {
      const result = await run({ seed, store, now, mistakeFareRate, rules });
      return ok(result.status, h, result.meta ? { data: result.data, meta: result.meta } : { data: result.data });
    } catch (err) {
      if (err instanceof SimFailure) return fail(err.status, h, err.spec);
      throw err;
    }
  }

  async function createOfferRequest(req: HttpRequest, now: Date, h: Headers): Promise<SimResponse> {
    const parsed = parseOfferRequest(req.body, req.query ?? {}, now);
    if (!parsed.ok) return fail(parsed.status, h, parsed.error);
    // Each offer request has its own id, passengers and offers (as on Duffel), so
    // one caller booking an offer never spends another caller's; prices stay those of the search.
    const search = { ...parsed.search, request: (await store.nextSeq('orq')) % REQUEST_SERIALS };
    const bucket = timeBucket(now, BUCKET_MINUTES);
    const slices = search.multi ?? [
      { origin: search.origin, destination: search.destination, date: search.departureDate },
      ...(search.returnDate ? [{ origin: search.destination, destination: search.origin, date: search.returnDate }] : []),
    ];
    const id = offerRequestId(seed, search, bucket);
    // Kept for GET /air/offers, which lists a request's offers a page at a time, as long as they live.
    await store.put('orq', id, { search, bucket } satisfies StoredOfferRequest, OFFER_LIFETIME_MS / 1000);
    const data: DuffelOfferRequest = {
      id,
      live_mode: false,
      created_at: now.toISOString(),
      cabin_class: search.cabin,
      slices: slices.map((s) => ({ origin: airportWire(s.origin)!, destination: airportWire(s.destination)!, origin_type: 'airport', destination_type: 'airport', departure_date: s.date })),
      passengers: passengersFor(seed, search, bucket),
    };
    if (parsed.returnOffers) {
      const offers = searchOffers(search, bucket, mistakeFareRate).flatMap(({ ref, resolved }) => buildOffer(seed, ref, now, false, mistakeFareRate, rules, resolved) ?? []);
      // Duffel does not promise an order; cheapest first is what a shopper expects to see.
      data.offers = offers.sort((a, b) => Number(a.total_amount) - Number(b.total_amount));
    }
    const body: DuffelEnvelope<DuffelOfferRequest> = { data };
    return ok(201, h, body);
  }

  async function listOfferPage(req: HttpRequest, now: Date, h: Headers): Promise<SimResponse> {
    const answer = await listOffers(req, now, { seed, store, mistakeFareRate, terms: rules, listed });
    return 'error' in answer ? fail(answer.status, h, answer.error) : ok(answer.status, h, answer.body);
  }

  /** The ref of a live offer id, or the error Duffel would give for it. */
  function liveRef(id: string, now: Date, h: Headers): OfferRef | SimResponse {
    const ref = decodeOfferId(seed, id);
    if (!ref) return fail(404, h, NOT_FOUND);
    if (now.getTime() >= bucketStart(ref.bucket).getTime() + OFFER_LIFETIME_MS) return fail(404, h, OFFER_GONE);
    return ref;
  }

  function getOffer(id: string, req: HttpRequest, now: Date, h: Headers): SimResponse {
    const ref = liveRef(id, now, h);
    if ('status' in ref) return ref;
    const withServices = String(req.query?.return_available_services ?? 'false') === 'true';
    const offer = buildOffer(seed, ref, now, withServices, mistakeFareRate, rules);
    return offer ? ok(200, h, { data: offer }) : fail(404, h, OFFER_GONE);
  }

  function getSeatMaps(req: HttpRequest, now: Date, h: Headers): SimResponse {
    const id = req.query?.offer_id;
    if (typeof id !== 'string' || id === '') return fail(422, h, validationError('validation_required', 'offer_id', '/offer_id', 'offer_id is required'));
    const ref = liveRef(id, now, h);
    if ('status' in ref) return ref;
    const offer = buildOffer(seed, ref, now, false, mistakeFareRate, rules);
    if (!offer) return fail(404, h, OFFER_GONE);
    return ok(200, h, { data: buildSeatMaps(seed, offer, bucketStart(ref.bucket)) });
  }

  function listAirlines(req: HttpRequest, h: Headers): SimResponse {
    const limit = Math.min(LIST_MAX, Math.max(1, Number(req.query?.limit ?? LIST_DEFAULT) || LIST_DEFAULT));
    const start = fromCursor(req.query?.after);
    const page = AIRLINES.slice(start, start + limit).map((a) => airlineWire(a.iata));
    const end = start + page.length;
    return ok(200, h, {
      data: page,
      meta: { limit, before: start > 0 ? cursor(Math.max(0, start - limit)) : null, after: end < AIRLINES.length ? cursor(end) : null },
    });
  }

  return {
    handle(req, now) {
      lastNow = now;
      const h = headersFor(now);
      if (!requestHeader(req, 'duffel-version')) return fail(400, h, MISSING_VERSION);
      const path = req.path.replace(/\/+$/, '');
      if (req.method === 'POST' && path === '/air/offer_requests') return createOfferRequest(req, now, h);
      if (req.method === 'GET' && path === '/air/offers') return listOfferPage(req, now, h);
      const offerMatch = /^\/air\/offers\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && offerMatch) return getOffer(safeDecode(offerMatch[1]!), req, now, h);
      if (req.method === 'GET' && path === '/air/seat_maps') return getSeatMaps(req, now, h);
      if (req.method === 'GET' && path === '/air/airlines') return listAirlines(req, h);
      const orderRoute = matchOrderRoute(req, path);
      if (orderRoute) return runOrderRoute(orderRoute, now, h);
      return fail(404, h, NOT_FOUND);
    },

    outage() {
      const h = headersFor(lastNow ?? new Date());
      return fail(503, h, UNAVAILABLE);
    },
  };
}
