import type { ToolContext } from '../_kit/context.js';
import type { GoodsRef } from './payment-store.js';

// Whether the goods a payment was claimed for came to exist, read from their own
// records: made (the payment stays), failed (it goes back) or still being made
// (their own tracker settles them first).

export type GoodsState = 'made' | 'failed' | 'in_progress';

const MADE: ReadonlySet<string> = new Set(['confirmed', 'hold', 'cancelled']);

export async function goodsState(ctx: ToolContext, goods: GoodsRef): Promise<GoodsState> {
  const s = ctx.services;
  const record =
    goods.kind === 'flight_booking' ? await s.bookings.get(goods.id)
    : goods.kind === 'car_booking' ? await s.carBookings.get(goods.id)
    : await s.stayBookings.byQuote(goods.id);
  if (!record) return 'failed';
  if (MADE.has(record.status)) return 'made';
  if (record.status === 'failed') return 'failed';
  return 'in_progress';
}
