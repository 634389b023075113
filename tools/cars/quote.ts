import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { fromMinor } from '../_kit/money.js';
import { createPartnerQuote } from './partner-quote.js';
import { PARTNER_QUOTE_TTL_S } from './pricing-policy.js';
import { MoneyOut, OfferTokenInput } from './schemas.js';

export const carQuoteTool = defineTool({
  name: 'cars.quote',
  title: 'Quote a partner-rate car deal',
  description:
    'Partner flow, step 1: locks the price of a prepaid partner-rate deal (flow "partner" in cars.search) and returns quote_id, the total to pay by card (the partner rate plus our margin of 10 %, at least 5 and at most 60 in its currency), the charges and the rental conditions. ' +
    `The quote holds for ${PARTNER_QUOTE_TTL_S / 60} minutes (ttl_seconds): pay total by card (cars.payment_intent with this quote_id) and call cars.partner_book before expires_at. A counter-paid rate is refused with 422: use the legacy flow.`,
  area: 'Cars and cruises',
  input: z.strictObject({ offer_token: OfferTokenInput }),
  output: z.object({
    quote_id: z.string(),
    offer_token: z.string(),
    total: MoneyOut.describe('What to pay us by card: rental + margin.'),
    breakdown: z.object({ rental: MoneyOut, margin: MoneyOut }),
    expires_at: z.string(),
    ttl_seconds: z.number().int(),
    charges: z.array(z.object({ description: z.string(), amount: MoneyOut, payable_at: z.enum(['booking', 'counter']) })),
    conditions: z.array(z.object({ title: z.string(), description: z.string() })),
    pick_up_at: z.string(),
    drop_off_at: z.string(),
  }),
  errors: ['GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/quote' },
  mcp: false,
  handler: async (ctx, input) => {
    const q = await createPartnerQuote(ctx, input.offer_token);
    const now = ctx.services.clock().getTime();
    return {
      quote_id: q.quoteId,
      offer_token: q.offerToken,
      total: fromMinor(q.totalMinor, q.currency),
      breakdown: { rental: fromMinor(q.rentalMinor, q.currency), margin: fromMinor(q.marginMinor, q.currency) },
      expires_at: q.expiresAt,
      ttl_seconds: Math.max(0, Math.round((Date.parse(q.expiresAt) - now) / 1000)),
      charges: q.quote.charges.map((c) => ({ description: c.description, amount: c.amount, payable_at: c.payableAt })),
      conditions: q.quote.conditions,
      pick_up_at: q.period.pickUpAt,
      drop_off_at: q.period.dropOffAt,
    };
  },
});
