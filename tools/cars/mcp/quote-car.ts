import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import { newToken, saveQuote } from '../../booking/mcp/quote-store.js';
import { priceText } from '../../booking/mcp/confirm-step.js';
import type { Confirmation } from '../../_kit/context.js';
import type { CarRate } from '../../_kit/stays-cars-cruises.js';
import { createPartnerQuote } from '../partner-quote.js';
import { flowOf, loadRate } from '../rate-snapshot.js';
import { createFeeIntent, createQuoteIntent } from '../rental-intents.js';
import { AddOnSelection, DriverInput, MoneyOut, OfferTokenInput, type DriverDetails } from '../schemas.js';

/** What a quote_car confirmation token stands for. */
export interface CarMcpQuote {
  kind: 'car';
  flow: 'legacy' | 'partner';
  /** Legacy: the rate; partner: the provider quote. */
  offerToken: string;
  quoteId: string | null;
  addOns: { code: string; quantity: number }[];
  driver: DriverDetails;
  inboundFlightNumber: string | null;
  paymentIntentId: string;
  /** What the driver confirms when the client can ask (book_car). */
  summary?: Confirmation;
}

/** The car, the driver, the exact card amount, what is due at the counter and the rental's terms. */
function carSummary(rate: CarRate, period: { pickUpAt: string; dropOffAt: string }, driver: DriverDetails, cardMinor: number, counterMinor: number, currency: string): Confirmation {
  const when = (at: string) => at.replace('T', ' ').slice(0, 16);
  return {
    action: `Book ${rate.car.name} (${rate.car.acriss}) from ${rate.supplier.name}: pick up at ${rate.pickUpLocation.name} ${when(period.pickUpAt)}, drop off at ${rate.dropOffLocation.name} ${when(period.dropOffAt)}`,
    price: `${priceText(cardMinor, currency)} charged to the card you paid with${counterMinor > 0 ? `; ${priceText(counterMinor, currency)} paid at the counter` : ''}`,
    passengers: [`Driver: ${driver.given_name} ${driver.family_name}, born ${driver.date_of_birth}`],
    conditions: [rate.mileage.type === 'unlimited' ? 'Unlimited mileage.' : `Mileage limited to ${rate.mileage.limit} ${rate.mileage.unit}.`],
  };
}

export const quoteCarTool = defineTool({
  name: 'cars.mcp_quote',
  title: 'Quote a rental car booking',
  description:
    'Step 1 of booking a car: takes an offerToken from search_cars, the driver and (counter-paid rates only) add-ons, and states the exact price: ' +
    'counter-paid rates charge our fee and add-ons by card, the rental at the counter; partner deals charge the rental and our margin by card. Opens the ' +
    'card payment (payment.clientSecret) and returns a token valid 10 minutes for book_car. Nothing is booked or charged.',
  area: 'Cars and cruises',
  input: z.strictObject({
    offerToken: OfferTokenInput.describe("The offer's token, from search_cars."),
    driver: DriverInput,
    addOns: AddOnSelection,
    inboundFlightNumber: z.string().trim().regex(/^[A-Z0-9]{2}\d{1,4}$/, 'Carrier code and number, e.g. BA117').optional(),
  }),
  output: z.object({
    confirmationToken: z.string(),
    expiresAt: z.string(),
    flow: z.enum(['legacy', 'partner']),
    total: MoneyOut.describe('What the card is charged.'),
    rentalDueAtCounter: MoneyOut,
    breakdown: z.object({ rental: MoneyOut.nullable().describe('Partner deals: the prepaid rental.'), serviceFee: MoneyOut.describe('Our fee (counter-paid) or margin (partner).'), addOns: MoneyOut }),
    car: z.object({ supplier: z.string(), name: z.string(), acriss: z.string(), pickUpAt: z.string(), dropOffAt: z.string() }),
    payment: z.object({ paymentIntentId: z.string(), clientSecret: z.string().nullable(), processorMode: z.enum(['live', 'simulator']) }),
  }),
  errors: ['GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  rest: false,
  mcp: { name: 'quote_car', annotations: { title: 'Quote a rental car booking', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
  handler: async (ctx, input) => {
    const snapshot = await loadRate(ctx, input.offerToken);
    const token = newToken('carq');
    const car = { supplier: snapshot.rate.supplier.name, name: snapshot.rate.car.name, acriss: snapshot.rate.car.acriss, pickUpAt: snapshot.period.pickUpAt, dropOffAt: snapshot.period.dropOffAt };
    const processorMode = ctx.services.providers.cards.mode;
    const base = { kind: 'car' as const, offerToken: input.offerToken, addOns: input.addOns, driver: input.driver, inboundFlightNumber: input.inboundFlightNumber ?? null };
    if (flowOf(snapshot.rate) === 'partner') {
      if (input.addOns.length > 0) throw new ToolError('UNPROCESSABLE', 'Add-ons are sold with counter-paid rentals only', { hint: 'Quote this partner deal without addOns.' });
      const quote = await createPartnerQuote(ctx, input.offerToken);
      const intent = await createQuoteIntent(ctx, quote, `quote:${token}`);
      const summary = carSummary(snapshot.rate, snapshot.period, input.driver, quote.totalMinor, 0, quote.currency);
      const expiresAt = await saveQuote<CarMcpQuote>(ctx, token, { ...base, flow: 'partner', quoteId: quote.quoteId, paymentIntentId: intent.id, summary });
      const money = (minor: number) => fromMinor(minor, quote.currency);
      return {
        confirmationToken: token,
        expiresAt: Date.parse(expiresAt) < Date.parse(quote.expiresAt) ? expiresAt : quote.expiresAt,
        flow: 'partner' as const,
        total: money(quote.totalMinor),
        rentalDueAtCounter: money(0),
        breakdown: { rental: money(quote.rentalMinor), serviceFee: money(quote.marginMinor), addOns: money(0) },
        car,
        payment: { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorMode },
      };
    }
    const { price, intent } = await createFeeIntent(ctx, input.offerToken, input.addOns, `quote:${token}`);
    const summary = carSummary(snapshot.rate, snapshot.period, input.driver, price.totalMinor, price.rentalMinor, price.currency);
    const expiresAt = await saveQuote<CarMcpQuote>(ctx, token, { ...base, flow: 'legacy', quoteId: null, paymentIntentId: intent.id, summary });
    const money = (minor: number) => fromMinor(minor, price.currency);
    return {
      confirmationToken: token,
      expiresAt,
      flow: 'legacy' as const,
      total: money(price.totalMinor),
      rentalDueAtCounter: money(price.rentalMinor),
      breakdown: { rental: null, serviceFee: money(price.serviceFeeMinor), addOns: money(price.addOnsMinor) },
      car,
      payment: { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorMode },
    };
  },
});
