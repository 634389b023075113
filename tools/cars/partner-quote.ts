import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { principalUserId } from '../_kit/principal.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { CarQuote } from '../_kit/stays-cars-cruises.js';
import { PARTNER_MARGIN, PARTNER_QUOTE_TTL_S, percentWithBounds } from './pricing-policy.js';
import { flowOf, loadRate } from './rate-snapshot.js';
import type { RentalPeriod } from './rental-period.js';

// Partner flow, step 1: a prepaid partner-rate deal quoted at the provider,
// priced with our margin, and kept in the shared cache under the quote id until
// it is booked. The price holds for PARTNER_QUOTE_TTL_S (or less, when the
// provider's quote runs out sooner); the entry itself is kept a day, so a late
// booking gets 410 (expired) rather than 404 (never quoted).

export interface PartnerQuote {
  quoteId: string;
  offerToken: string;
  currency: string;
  rentalMinor: number;
  marginMinor: number;
  totalMinor: number;
  expiresAt: string;
  period: RentalPeriod;
  quote: CarQuote;
  /** Who asked for it; null for a guest, whose quote id is the proof. Other users never see it. */
  ownerUserId: string | null;
}

const KEEP_S = 24 * 3600;
const key = (quoteId: string) => `car-partner-quote:${quoteId}`;

export async function createPartnerQuote(ctx: ToolContext, offerToken: string): Promise<PartnerQuote> {
  const snapshot = await loadRate(ctx, offerToken);
  if (flowOf(snapshot.rate) !== 'partner') {
    throw new ToolError('UNPROCESSABLE', 'This rate is paid at the counter: book it through the legacy flow', {
      details: { offer_token: offerToken, payment_type: snapshot.rate.paymentType },
      hint: 'Call cars.payment_intent with this offer_token, pay the service fee, then cars.book.',
    });
  }
  let quote: CarQuote;
  try {
    quote = await ctx.services.providers.cars.createQuote(snapshot.rate.id, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && err.kind === 'not_found') {
      throw new ToolError('GONE', 'The rental company no longer offers this rate', { details: { offer_token: offerToken }, hint: 'Search cars again and quote a fresh offer.', cause: err });
    }
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  const now = ctx.services.clock().getTime();
  const providerExpiry = quote.expiresAt ? Date.parse(quote.expiresAt) : Infinity;
  const rentalMinor = toMinor(quote.total);
  const marginMinor = percentWithBounds(rentalMinor, quote.total.currency, PARTNER_MARGIN);
  const partner: PartnerQuote = {
    quoteId: quote.id,
    offerToken,
    currency: quote.total.currency,
    rentalMinor,
    marginMinor,
    totalMinor: rentalMinor + marginMinor,
    expiresAt: new Date(Math.min(now + PARTNER_QUOTE_TTL_S * 1000, providerExpiry)).toISOString(),
    period: snapshot.period,
    quote,
    ownerUserId: principalUserId(ctx.principal) ?? null,
  };
  await ctx.services.cache.set(key(quote.id), partner, KEEP_S);
  return partner;
}

/** The quote, or 404 when it was never made here; whether it expired is the caller's check (a repeat of a made booking still answers). */
export async function loadPartnerQuote(ctx: ToolContext, quoteId: string): Promise<PartnerQuote> {
  const quote = await ctx.services.cache.get<PartnerQuote>(key(quoteId));
  const p = ctx.principal;
  const othersQuote = quote?.ownerUserId && p.kind !== 'internal' && principalUserId(p) !== quote.ownerUserId;
  if (!quote || othersQuote) throw new ToolError('NOT_FOUND', `No car quote ${quoteId}`, { details: { quote_id: quoteId }, hint: 'Ask cars.quote for a quote first.' });
  return quote;
}

export function assertNotExpired(ctx: ToolContext, quote: PartnerQuote): void {
  if (ctx.services.clock().getTime() >= Date.parse(quote.expiresAt)) {
    throw new ToolError('GONE', 'This car quote has expired', { details: { quote_id: quote.quoteId, expired_at: quote.expiresAt }, hint: 'Ask cars.quote for a new quote and pay its total.' });
  }
}
