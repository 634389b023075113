import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import { openCardPayment } from '../../payments/index.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { loadLiveOffer } from '../checkout/load-offer.js';
import { fitPassengers, PassengerDetailsInput, type PassengerDetails } from '../checkout/passenger-input.js';
import { priceCheckout } from '../checkout/pricing.js';
import { providerOfferId } from '../offer-id.js';
import { newToken, saveQuote } from './quote-store.js';
import { fareConditionLines, priceText } from './confirm-step.js';
import type { Confirmation } from '../../_kit/context.js';
import type { CashOffer } from '../../_kit/providers.js';

export interface BookingQuote {
  kind: 'book' | 'hold';
  offerId: string;
  passengers: PassengerDetails[];
  services: { id: string; quantity: number }[];
  totalMinor: number;
  currency: string;
  paymentIntentId: string | null;
  /** What the traveller confirms when the client can ask (confirm-step.ts). */
  summary?: Confirmation;
}

/** The trip, the travellers, the exact amount and the fare's terms, as the traveller confirms them. */
function flightSummary(offer: CashOffer, purpose: 'book' | 'hold', passengers: PassengerDetails[], totalMinor: number, currency: string): Confirmation {
  const trip = offer.slices.map((s) => `${s.origin}→${s.destination} departing ${s.segments[0]?.departingAt.replace('T', ' ').slice(0, 16) ?? '?'}`).join(', ');
  const price = priceText(totalMinor, currency);
  return {
    action: `${purpose === 'book' ? 'Book' : 'Hold'} ${trip}${offer.fareBrand ? `, ${offer.cabin} (${offer.fareBrand})` : `, ${offer.cabin}`}`,
    price: purpose === 'book' ? `${price}, charged to the card you paid with` : `${price}, nothing charged now; pay before the hold ends or it lapses`,
    passengers: passengers.map((p) => `${p.given_name} ${p.family_name}, born ${p.born_on}`),
    conditions: fareConditionLines(offer.conditions),
  };
}

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

export const quoteBookingTool = defineTool({
  name: 'booking.mcp_quote',
  title: 'Quote a flight booking',
  description:
    'Step 1 of booking a flight: checks the offer is live and fits the travellers, and states the exact price (held seats included). For purpose book it ' +
    'opens the card payment the traveller completes (payment.clientSecret). Returns a token valid 10 minutes for book_flight or hold_flight. Nothing is ' +
    'booked or charged.',
  area: 'Flight booking',
  input: z.strictObject({
    offerId: z.string().trim().min(1).max(200).describe('offerId from search_flights or search_offers.'),
    passengers: z.array(PassengerDetailsInput).min(1).max(9).describe('Every traveller, as the airline tickets them (saved ones: list_travelers).'),
    services: z.array(ServiceRequestInput).max(20).default([]).describe('Extra bags from the offer.'),
    purpose: z.enum(['book', 'hold']).default('book').describe('hold: reserve unpaid, where the fare allows.'),
  }),
  output: z.object({
    confirmationToken: z.string(),
    expiresAt: z.string(),
    purpose: z.enum(['book', 'hold']),
    total: MoneyOut,
    breakdown: z.object({ fare: MoneyOut, extras: MoneyOut, serviceFee: MoneyOut }),
    payment: z
      .object({ paymentIntentId: z.string(), clientSecret: z.string().nullable(), processorMode: z.enum(['live', 'simulator']) })
      .nullable()
      .describe('For book: the card payment to complete before calling book_flight.'),
  }),
  errors: ['GONE', 'CONFLICT', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'quote_booking', annotations: { title: 'Quote a flight booking', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
  handler: async (ctx, input) => {
    const offerId = providerOfferId(input.offerId);
    const offer = await loadLiveOffer(ctx, offerId);
    fitPassengers(input.passengers, offer.passengers, 'passengers', offer.identityDocumentsRequired === true);
    if (input.purpose === 'hold' && offer.paymentRequirements?.requiresInstantPayment !== false) {
      throw new ToolError('CONFLICT', 'This fare must be paid when booked and cannot be held', { hint: 'Quote it with purpose "book", or choose a fare that can be held.' });
    }
    const price = await priceCheckout(ctx, offer, input.services);
    const token = newToken('bq');
    let payment: { paymentIntentId: string; clientSecret: string | null; processorMode: 'live' | 'simulator' } | null = null;
    if (input.purpose === 'book') {
      const intent = await openCardPayment(ctx, { purpose: 'order', subject: offerId, amountMinor: price.totalMinor, currency: price.currency, metadata: { offer_id: offerId }, idempotencyKey: `quote:${token}` });
      payment = { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorMode: ctx.services.providers.cards.mode };
    }
    const quote: BookingQuote = {
      kind: input.purpose,
      offerId,
      passengers: input.passengers,
      services: input.services,
      totalMinor: price.totalMinor,
      currency: price.currency,
      paymentIntentId: payment?.paymentIntentId ?? null,
      summary: flightSummary(offer, input.purpose, input.passengers, input.purpose === 'hold' ? price.fareMinor + price.markupMinor : price.totalMinor, price.currency),
    };
    const expiresAt = await saveQuote(ctx, token, quote);
    const total = input.purpose === 'hold' ? price.fareMinor + price.markupMinor : price.totalMinor;
    return {
      confirmationToken: token,
      expiresAt,
      purpose: input.purpose,
      total: fromMinor(total, price.currency),
      breakdown: { fare: fromMinor(price.fareMinor, price.currency), extras: fromMinor(input.purpose === 'hold' ? 0 : price.servicesMinor, price.currency), serviceFee: fromMinor(price.markupMinor, price.currency) },
      payment,
    };
  },
});
