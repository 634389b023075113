import { z } from 'zod';
import type { ToolContext } from '../../_kit/context.js';
import { fromMinor } from '../../_kit/money.js';
import type { BookingRecord } from '../store.js';

// The answer to anything that creates or settles a booking: the spec's
// `{booking_ref, status, confirmation_url}` and what a client needs next.

export const BookingStatusEnum = z.enum(['creating', 'pending', 'hold', 'confirmed', 'cancelled', 'failed']);

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

export const BookingResult = z.object({
  booking_ref: z.string().describe('Our booking id (bk_...): use it with /api/booking/{order_id}.'),
  status: BookingStatusEnum.describe('pending: the airline accepted the order and will confirm it shortly; hold: reserved, to be paid by payment_required_by.'),
  confirmation_url: z.string(),
  order_id: z.string().nullable().describe("The flight provider's order id, once it exists."),
  pnr: z.string().nullable().describe("The airline's booking reference."),
  total: MoneyOut.describe('What the customer pays in all.'),
  payment_required_by: z.string().nullable(),
  price_guarantee_expires_at: z.string().nullable(),
});
export type BookingResult = z.output<typeof BookingResult>;

export function bookingResult(ctx: ToolContext, b: BookingRecord): BookingResult {
  const base = ctx.call?.baseUrl ?? '';
  return {
    booking_ref: b.id,
    status: b.status,
    confirmation_url: `${base}/api/booking/${b.id}`,
    order_id: b.providerOrderId,
    pnr: b.bookingReference,
    total: fromMinor(b.totalMinor, b.currency),
    payment_required_by: b.paymentRequiredBy,
    price_guarantee_expires_at: b.priceGuaranteeExpiresAt,
  };
}
