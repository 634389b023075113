import type { DuffelListMeta } from '../../providers/duffel/wire.js';
import type { QueryValue } from '../../providers/http/transport.js';
import { invalid } from './duffel-sim-order-errors.js';

// One page of a simulator's list endpoint (GET /stays/bookings, GET /cars/bookings)
// over an append-only numbering 1..size, newest first (Duffel does not document
// the order of these lists; newest first puts a booking just made on page one).
// `limit` as Duffel's lists take it (default 50, at most 200); `after` is an
// opaque cursor naming the next slot down. Slots whose record is gone are skipped.

const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 200;

const cursor = (slot: number) => Buffer.from(`s:${slot}`).toString('base64url');

function fromCursor(raw: QueryValue, size: number): number {
  if (raw === undefined || raw === '') return size;
  const m = /^s:(\d+)$/.exec(Buffer.from(String(raw), 'base64url').toString());
  if (!m) throw invalid('after', '/after', 'after must be a cursor from a previous page', 'validation_format');
  return Math.min(size, Number(m[1]));
}

export async function newestFirstPage<T>(query: Record<string, QueryValue>, size: number, at: (slot: number) => Promise<T | undefined>): Promise<{ data: T[]; meta: DuffelListMeta }> {
  const limit = Math.min(LIMIT_MAX, Math.max(1, Number(query.limit ?? LIMIT_DEFAULT) || LIMIT_DEFAULT));
  const data: T[] = [];
  let slot = fromCursor(query.after, size);
  for (; slot >= 1 && data.length < limit; slot--) {
    const item = await at(slot);
    if (item !== undefined) data.push(item);
  }
  return { data, meta: { limit, before: null, after: slot >= 1 ? cursor(slot) : null } };
}
