import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { toMinor } from '../_kit/money.js';
import { openCardPayment } from '../payments/index.js';
import { newToken, saveQuote } from '../booking/mcp/quote-store.js';
import { priceText } from '../booking/mcp/confirm-step.js';
import type { Confirmation } from '../_kit/context.js';
import type { StayQuote } from '../_kit/stays-cars-cruises.js';
import { StayQuoteOutput, lockRate, quoteView } from './quote.js';

// Step 1 of booking a hotel over MCP: lock the rate, state the exact price and
// hand back a confirmation token; nothing is booked until book_hotel is called
// with it. The token holds the guest details so step 2 books exactly this.

export interface HotelMcpQuote {
  kind: 'hotel';
  quoteId: string;
  /** The card payment the guest completes before book_hotel; its amount is the quote's total. */
  paymentIntentId: string;
  totalMinor: number;
  currency: string;
  guests: { givenName: string; familyName: string }[];
  email: string;
  phoneNumber: string;
  specialRequests?: string | undefined;
  loyaltyAccountNumber?: string | undefined;
  /** What the guest confirms when the client can ask (book_hotel). */
  summary?: Confirmation;
}

/** The stay, the guests, the exact amount and the cancellation terms, as the guest confirms them. */
function staySummary(quote: StayQuote, totalMinor: number, guests: { givenName: string; familyName: string }[]): Confirmation {
  const due = quote.dueAtAccommodation ? `; plus ${quote.dueAtAccommodation.currency} ${quote.dueAtAccommodation.amount} paid at the hotel` : '';
  const refunds = quote.cancellationTimeline.map((t) => `Cancel before ${t.before.replace('T', ' ').slice(0, 16)}: ${t.refund.currency} ${t.refund.amount} back.`);
  return {
    action: `Book ${quote.accommodation.name}: ${quote.rooms} × ${quote.roomName} (${quote.boardType.replaceAll('_', ' ')}), ${quote.checkIn} to ${quote.checkOut}`,
    price: `${priceText(totalMinor, quote.total.currency)} charged to the card you paid with${due}`,
    passengers: guests.map((g) => `${g.givenName} ${g.familyName}`),
    conditions: refunds.length ? refunds : ['Not refundable once booked.'],
  };
}

const Args = z.strictObject({
  rateId: z.string().trim().min(1).max(200).describe("The rate's id, from get_hotel_rates."),
  guests: z
    .array(z.strictObject({ givenName: z.string().trim().min(1).max(60), familyName: z.string().trim().min(1).max(60) }))
    .min(1)
    .max(16)
    .describe('The guests, lead guest first.'),
  email: z.email().max(200),
  phoneNumber: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number, e.g. +442080160509'),
  specialRequests: z.string().trim().min(1).max(1000).optional(),
  loyaltyAccountNumber: z.string().trim().min(1).max(40).optional().describe("Lead guest's number in the stay's loyalty program."),
});

export const quoteHotelTool = defineTool({
  name: 'hotels.mcp_quote',
  title: 'Quote a hotel booking',
  description:
    'Step 1 of booking a hotel: locks a rateId from get_hotel_rates and states the exact total, room, board and cancellation timeline. Opens the card ' +
    'payment for that total (payment.clientSecret) and returns a token valid 10 minutes: show the price, then pass the token to book_hotel. Nothing is ' +
    'booked or charged.',
  area: 'Hotels',
  input: Args,
  output: StayQuoteOutput.extend({
    confirmationToken: z.string().describe('Pass to book_hotel to book exactly this.'),
    tokenExpiresAt: z.string().describe('The token works until then (the price lock may last longer).'),
    payment: z.object({ paymentIntentId: z.string(), clientSecret: z.string().nullable(), processorMode: z.enum(['live', 'simulator']) }).describe('The card payment to complete before book_hotel.'),
  }),
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'user',
  rest: false,
  mcp: { name: 'quote_hotel', annotations: { title: 'Quote a hotel booking', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
  handler: async (ctx, input) => {
    const { quote, cached } = await lockRate(ctx, input.rateId);
    const token = newToken('hq');
    const totalMinor = toMinor(quote.total);
    const intent = await openCardPayment(ctx, { purpose: 'hotel', subject: quote.id, amountMinor: totalMinor, currency: quote.total.currency, metadata: { quote_id: quote.id }, idempotencyKey: `hotel-quote:${token}` });
    const tokenExpiresAt = await saveQuote<HotelMcpQuote>(ctx, token, {
      kind: 'hotel',
      quoteId: quote.id,
      paymentIntentId: intent.id,
      totalMinor,
      currency: quote.total.currency,
      guests: input.guests,
      email: input.email,
      phoneNumber: input.phoneNumber,
      specialRequests: input.specialRequests,
      loyaltyAccountNumber: input.loyaltyAccountNumber,
      summary: staySummary(quote, totalMinor, input.guests),
    });
    return {
      ...quoteView(quote, cached),
      confirmationToken: token,
      tokenExpiresAt,
      payment: { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorMode: ctx.services.providers.cards.mode },
    };
  },
});
