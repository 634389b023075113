import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { callerIdempotencyKey } from '../_kit/idempotency-key.js';
import { fromMinor } from '../_kit/money.js';
import { principalUserId } from '../_kit/principal.js';
import { createFeeIntent, createQuoteIntent } from './rental-intents.js';
import { feeBreakdown } from './fee-pricing.js';
import { assertNotExpired, loadPartnerQuote } from './partner-quote.js';
import { AddOnSelection, MoneyOut, OfferTokenInput } from './schemas.js';

const AddOnLineOut = z.object({ code: z.string(), name: z.string(), quantity: z.number().int(), days: z.number().int(), per_day: MoneyOut, total: MoneyOut });

const Input = z
  .strictObject({
    offer_token: OfferTokenInput.optional().describe('Legacy flow: the counter-paid rate whose service fee and add-ons to pay.'),
    add_ons: AddOnSelection,
    quote_id: z.string().trim().min(1).max(200).optional().describe('Partner flow: the quote from cars.quote whose total to pay.'),
  })
  .refine((b) => (b.offer_token === undefined) !== (b.quote_id === undefined), { path: ['offer_token'], message: 'Give offer_token (legacy flow) or quote_id (partner flow), not both' })
  .refine((b) => b.quote_id === undefined || b.add_ons.length === 0, { path: ['add_ons'], message: 'Add-ons are sold with counter-paid rentals only' });

function intentKey(ctx: ToolContext, flow: string): string {
  const owner = principalUserId(ctx.principal) ?? ctx.principal.kind;
  const callerKey = callerIdempotencyKey(ctx);
  return callerKey ? `car-pi:${flow}:${owner}:${callerKey}` : randomUUID();
}

export const carPaymentIntentTool = defineTool({
  name: 'cars.payment_intent',
  title: 'Create the card payment of a car rental',
  description:
    'Creates a card-processor (Stripe) PaymentIntent and returns its client_secret. ' +
    'Legacy flow (offer_token of a counter-paid rate, optional add_ons): the service fee only, that is our fee (8 % of the rental, at least 5 and at most 40 in its currency) plus the add-ons; the rental is paid at the counter (rental_due_at_counter); then cars.book. ' +
    'Partner flow (quote_id from cars.quote): the quoted total, rental plus our margin; then cars.partner_book. A prepaid deal given as offer_token is refused with 422. Send an Idempotency-Key header to get the same intent back on a retry.',
  area: 'Cars and cruises',
  input: Input,
  output: z.object({
    payment_intent_id: z.string(),
    client_secret: z.string().nullable().describe('For Stripe.js confirmCardPayment in the browser.'),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    flow: z.enum(['legacy', 'partner']),
    breakdown: z.object({
      service_fee: MoneyOut.describe('Legacy: our service fee. Partner: our margin.'),
      add_ons: z.array(AddOnLineOut),
      rental: MoneyOut.nullable().describe('Partner flow: the prepaid rental included in amount.'),
    }),
    rental_due_at_counter: MoneyOut.describe('Legacy flow: what the supplier charges at pick-up; 0 when prepaid.'),
    processor_mode: z.enum(['live', 'simulator']).describe('simulator: no real money moves; confirm with test payment methods such as pm_card_visa.'),
  }),
  errors: ['GONE', 'NOT_FOUND', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/payment-intent', idempotencyKey: true },
  mcp: false,
  handler: async (ctx, input) => {
    const mode = ctx.services.providers.cards.mode;
    if (input.quote_id !== undefined) {
      const quote = await loadPartnerQuote(ctx, input.quote_id);
      assertNotExpired(ctx, quote);
      const intent = await createQuoteIntent(ctx, quote, intentKey(ctx, 'partner'));
      return {
        payment_intent_id: intent.id,
        client_secret: intent.clientSecret,
        status: intent.status,
        ...fromMinor(intent.amountMinor, intent.currency),
        flow: 'partner' as const,
        breakdown: { service_fee: fromMinor(quote.marginMinor, quote.currency), add_ons: [], rental: fromMinor(quote.rentalMinor, quote.currency) },
        rental_due_at_counter: fromMinor(0, quote.currency),
        processor_mode: mode,
      };
    }
    if (input.offer_token === undefined) throw new ToolError('VALIDATION_FAILED', 'offer_token or quote_id is required');
    const { price, intent } = await createFeeIntent(ctx, input.offer_token, input.add_ons, intentKey(ctx, 'legacy'));
    return {
      payment_intent_id: intent.id,
      client_secret: intent.clientSecret,
      status: intent.status,
      ...fromMinor(intent.amountMinor, intent.currency),
      flow: 'legacy' as const,
      breakdown: { ...feeBreakdown(price), rental: null },
      rental_due_at_counter: fromMinor(price.rentalMinor, price.currency),
      processor_mode: mode,
    };
  },
});
