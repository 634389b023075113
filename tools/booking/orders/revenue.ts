import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import { loadBooking } from '../booking-access.js';
import type { CardPaymentRecord } from '../store.js';
import { OrderIdInput } from './order-schemas.js';

/**
 * Stripe's standard pricing for domestic US cards: 2.9 % + 30 cents per successful
 * charge (stripe.com/pricing). An estimate: international cards, currency
 * conversion and negotiated rates differ, and Stripe keeps the fee on refunds.
 */
const FEE_RATE = 0.029;
const FEE_FIXED_MAJOR = 0.3;
const FEE_BASIS = '2.9% + 0.30 per card payment (Stripe standard US card pricing); estimated';

function estimatedFeeMinor(p: CardPaymentRecord): number {
  return Math.round(p.amountMinor * FEE_RATE) + toMinor({ amount: FEE_FIXED_MAJOR, currency: p.currency });
}

export const bookingRevenueTool = defineTool({
  name: 'booking.revenue',
  title: 'Revenue of a booking',
  description:
    'Admin only. What a booking earned, in major units of its currency: fare passed to the airline, our markup, ancillaries, what the customer paid by card (gross), ' +
    'card refunds, estimated card processing fees, and net revenue (markup plus ancillary margin, which is zero as extras are resold at cost, minus processing fees).',
  area: 'Flight booking',
  input: z.object({ order_id: OrderIdInput }),
  output: z.object({
    booking_id: z.string(),
    currency: z.string(),
    fare: z.number(),
    markup: z.number(),
    ancillaries: z.number(),
    gross: z.number().describe('Card payments received for this booking.'),
    refunds: z.number().describe('Card refunds made so far.'),
    processor_fees: z.number(),
    estimated: z.literal(true).describe('processor_fees is an estimate, not the processor\'s statement.'),
    fee_basis: z.string(),
    net_revenue: z.number(),
    payments: z.number().int().describe('Card payments counted.'),
  }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'admin',
  rest: { method: 'GET', path: '/api/booking/{order_id}/revenue' },
  mcp: false,
  handler: async (ctx, input) => {
    const booking = await loadBooking(ctx, input.order_id);
    const currency = booking.currency;
    // A payment in another currency cannot be added up here; none is expected, but it is not miscounted if it comes.
    const payments = (await ctx.services.bookings.payments(booking.id)).filter((p) => p.currency.toUpperCase() === currency.toUpperCase());
    const sum = (f: (p: CardPaymentRecord) => number) => payments.reduce((total, p) => total + f(p), 0);
    const feesMinor = sum(estimatedFeeMinor);
    const ancillaryMarginMinor = 0;
    const major = (minor: number) => fromMinor(minor, currency).amount;
    return {
      booking_id: booking.id,
      currency,
      fare: major(booking.fareMinor),
      markup: major(booking.markupMinor),
      ancillaries: major(booking.servicesMinor),
      gross: major(sum((p) => p.amountMinor)),
      refunds: major(sum((p) => p.refundedMinor)),
      processor_fees: major(feesMinor),
      estimated: true as const,
      fee_basis: FEE_BASIS,
      net_revenue: major(booking.markupMinor + ancillaryMarginMinor - feesMinor),
      payments: payments.length,
    };
  },
});
