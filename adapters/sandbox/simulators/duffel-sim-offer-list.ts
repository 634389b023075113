import type { OfferTerms } from './duffel-sim-sandbox.js';
import type { DuffelOffer } from '../../providers/duffel/wire.js';
import type { HttpRequest } from '../../providers/http/transport.js';
import { NOT_FOUND, validationError, type SimErrorSpec } from './duffel-sim-errors.js';
import { buildOffer, offerFacts, searchOffers, type FoundOffer, type SimRequest } from './duffel-sim-offers.js';
import { BoundedMemo } from './world/memo.js';
import type { SimStore } from './duffel-sim-store.js';

// GET /air/offers?offer_request_id=…: an offer request's offers as Duffel lists
// them, a page at a time (`limit` 1–200, default 50, `after`/`before` cursors),
// sorted by `total_amount` or `total_duration` (a leading "-" for descending) and
// filtered by `max_connections`. Sorting and filtering use each offer's price and
// shape alone, so only the offers on the page are built.

/** What createOfferRequest keeps under the offer request's id. */
export interface StoredOfferRequest {
  search: SimRequest;
  bucket: number;
}

const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 200;
const SORTS = ['total_amount', '-total_amount', 'total_duration', '-total_duration'] as const;

export type OfferListAnswer = { status: number; body: { data: DuffelOffer[]; meta: { limit: number; after: string | null; before: string | null } } } | { status: number; error: SimErrorSpec };

function cursor(index: number): string {
  return Buffer.from(`o:${index}`).toString('base64url');
}

function fromCursor(raw: string): number | null {
  const m = /^o:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString());
  return m ? Number(m[1]) : null;
}

const bad = (field: string, message: string): OfferListAnswer => ({ status: 422, error: validationError('validation_format', field, `/${field}`, message) });

/** One sellable offer of a request, with what sorting and filtering read. */
interface ListedOffer extends FoundOffer {
  order: number;
  totalAmount: number;
  totalMinutes: number;
  connections: number;
}

/**
 * An offer request's sellable offers, worked out once for all its pages: a search
 * reads three pages of one request at once, and finding and pricing the offers was
 * most of each page's work. The id names the search and its time bucket, so the
 * offers under an id never change. Callers copy before sorting or filtering.
 */
export function offerListMemo(): BoundedMemo<readonly ListedOffer[]> {
  return new BoundedMemo(64);
}

export interface OfferListContext {
  seed: string;
  store: SimStore;
  mistakeFareRate: number;
  terms: OfferTerms;
  listed: BoundedMemo<readonly ListedOffer[]>;
}

export async function listOffers(req: HttpRequest, now: Date, ctx: OfferListContext): Promise<OfferListAnswer> {
  const q = req.query ?? {};
  const id = q.offer_request_id === undefined ? '' : String(q.offer_request_id);
  if (id === '') return { status: 422, error: validationError('validation_required', 'offer_request_id', '/offer_request_id', 'offer_request_id is required') };
  const limit = q.limit === undefined ? LIMIT_DEFAULT : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) return bad('limit', `limit must be an integer between 1 and ${LIMIT_MAX}`);
  const sort = q.sort === undefined ? undefined : String(q.sort);
  if (sort !== undefined && !(SORTS as readonly string[]).includes(sort)) return bad('sort', `sort must be one of ${SORTS.join(', ')}`);
  const maxConnections = q.max_connections === undefined ? undefined : Number(q.max_connections);
  if (maxConnections !== undefined && (!Number.isInteger(maxConnections) || maxConnections < 0)) return bad('max_connections', 'max_connections must be a whole number');
  const after = q.after === undefined ? 0 : fromCursor(String(q.after));
  const before = q.before === undefined ? null : fromCursor(String(q.before));
  if (after === null || (q.before !== undefined && before === null)) return bad(q.before !== undefined ? 'before' : 'after', 'the cursor is not one this list gave out');

  const stored = await ctx.store.get<StoredOfferRequest>('orq', id);
  if (!stored) return { status: 404, error: NOT_FOUND };
  // Unsorted, the list keeps the order the offer request made them in (cheapest first).
  const listed = ctx.listed.get(id, () =>
    searchOffers(stored.search, stored.bucket, ctx.mistakeFareRate).flatMap(({ ref, resolved }, order) => {
      const facts = offerFacts(ref, ctx.mistakeFareRate, resolved);
      return facts ? [{ ref, resolved, order, ...facts }] : [];
    }),
  );
  const rows = listed.filter((r) => maxConnections === undefined || r.connections <= maxConnections);
  if (sort) {
    const key = sort.endsWith('amount') ? 'totalAmount' : 'totalMinutes';
    const sign = sort.startsWith('-') ? -1 : 1;
    rows.sort((a, b) => sign * (a[key] - b[key]) || a.order - b.order);
  }
  const start = before !== null ? Math.max(0, before - limit) : after;
  const end = before !== null ? before : Math.min(rows.length, start + limit);
  const page = rows.slice(start, end).flatMap((r) => buildOffer(ctx.seed, r.ref, now, false, ctx.mistakeFareRate, ctx.terms, r.resolved) ?? []);
  return {
    status: 200,
    body: { data: page, meta: { limit, after: end < rows.length ? cursor(end) : null, before: start > 0 ? cursor(start) : null } },
  };
}
