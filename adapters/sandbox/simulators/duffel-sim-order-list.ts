import type { QueryValue } from '../../providers/http/transport.js';
import { ok, type SimCtx, type SimResult } from './duffel-sim-context.js';
import { invalid } from './duffel-sim-order-errors.js';
import { renderOrder } from './duffel-sim-order-build.js';
import type { StoredOrder } from './duffel-sim-order-model.js';
import type { SimStore } from './duffel-sim-store.js';

// GET /air/orders: every order, or those with a passenger of a given name
// (`passenger_name[]`, matched on the given name, family name or both, ignoring
// case), filtered further by booking_reference and awaiting_payment, oldest
// first, paginated with an opaque `after` cursor. Orders are indexed by name
// when created, so a lookup reads only that name's orders.

const LIST_MAX = 200;
const ALL = 'all';

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

function nameKeys(stored: StoredOrder): string[] {
  const keys = new Set<string>();
  for (const p of stored.order.passengers) {
    keys.add(normalise(p.family_name));
    keys.add(normalise(p.given_name));
    keys.add(normalise(`${p.given_name} ${p.family_name}`));
  }
  return [...keys];
}

export async function indexOrder(store: SimStore, stored: StoredOrder): Promise<void> {
  await store.append(ALL, stored.order.id);
  for (const key of nameKeys(stored)) await store.append(`name:${key}`, stored.order.id);
}

/** Opaque to callers; inside, how many index slots come before the next page. */
function cursor(slot: number): string {
  return `cur_${slot - 1}`;
}

function fromCursor(raw: QueryValue): number {
  if (raw === undefined || raw === '') return 1;
  const m = /^cur_(\d+)$/.exec(String(raw));
  if (!m) throw invalid('after', '/after', 'after must be a cursor from a previous page', 'validation_format');
  return Number(m[1]) + 1;
}

function names(query: Record<string, QueryValue>): string[] {
  const raw = query['passenger_name[]'] ?? query.passenger_name;
  if (raw === undefined || raw === '') return [];
  return [normalise(String(raw))];
}

export async function listOrders(ctx: SimCtx, query: Record<string, QueryValue>): Promise<SimResult> {
  const limit = Math.min(LIST_MAX, Math.max(1, Number(query.limit ?? ctx.rules.orderPageSize) || ctx.rules.orderPageSize));
  const wanted = names(query);
  const reference = query.booking_reference === undefined ? null : String(query.booking_reference).toUpperCase();
  const awaiting = query.awaiting_payment === undefined ? null : String(query.awaiting_payment) === 'true';
  const index = wanted[0] ? `name:${wanted[0]}` : ALL;
  const size = await ctx.store.indexSize(index);
  const page: unknown[] = [];
  let slot = fromCursor(query.after);
  for (; slot <= size && page.length < limit; slot++) {
    const id = await ctx.store.indexAt(index, slot);
    const stored = id ? await ctx.store.get<StoredOrder>('ord', id) : undefined;
    if (!stored || stored.visibleFromMs > ctx.now.getTime()) continue;
    if (reference !== null && stored.order.booking_reference !== reference) continue;
    if (awaiting !== null && stored.order.payment_status.awaiting_payment !== awaiting) continue;
    if (!wanted.every((n) => nameKeys(stored).includes(n))) continue;
    page.push(renderOrder(stored, ctx.now));
  }
  return { ...ok(page), meta: { limit, before: null, after: slot <= size ? cursor(slot) : null } };
}
