import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import type { StayQuote } from '../_kit/stays-cars-cruises.js';

// Our side of a hotel quote's price lock. The provider's quote may outlive ours
// (Duffel does not publish a quote expiry), so we keep quote_id → {expires_at,
// total, user} in the shared cache and refuse to book after our 30 minutes
// whatever the provider would say. The entry outlives the lock so a late booking
// is told "expired" (410) rather than "unknown".

export const QUOTE_TTL_S = 1800;
/** How long the entry is kept after the lock ends, to explain a late booking. */
const KEEP_AFTER_S = 6 * 3600;

export interface CachedStayQuote {
  quoteId: string;
  rateId: string;
  expiresAt: string;
  totalMinor: number;
  currency: string;
  /** Who asked for the quote, when signed in. */
  userId: string | null;
  hotelId: string;
  accommodationName: string;
  checkIn: string;
  checkOut: string;
}

const key = (quoteId: string) => `hotel-quote:${quoteId}`;

export async function saveStayQuote(ctx: ToolContext, quote: StayQuote, userId: string | null): Promise<CachedStayQuote> {
  const entry: CachedStayQuote = {
    quoteId: quote.id,
    rateId: quote.rateId,
    expiresAt: new Date(ctx.services.clock().getTime() + QUOTE_TTL_S * 1000).toISOString(),
    totalMinor: toMinor(quote.total),
    currency: quote.total.currency,
    userId,
    hotelId: quote.accommodation.id,
    accommodationName: quote.accommodation.name,
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
  };
  await ctx.services.cache.set(key(quote.id), entry, QUOTE_TTL_S + KEEP_AFTER_S);
  return entry;
}

/** The live quote; 410 when it is unknown to us or its 30 minutes are over. */
export async function liveStayQuote(ctx: ToolContext, quoteId: string): Promise<CachedStayQuote> {
  const entry = await ctx.services.cache.get<CachedStayQuote>(key(quoteId));
  if (!entry) {
    throw new ToolError('GONE', `Quote ${quoteId} is unknown or has expired`, { details: { quote_id: quoteId }, hint: 'Ask for a new quote with POST /api/hotels/quote.' });
  }
  if (Date.parse(entry.expiresAt) <= ctx.services.clock().getTime()) {
    throw new ToolError('GONE', `Quote ${quoteId} expired at ${entry.expiresAt}`, {
      details: { quote_id: quoteId, expired_at: entry.expiresAt },
      hint: 'The price lock lasts 30 minutes: fetch the rates again and ask for a new quote.',
    });
  }
  return entry;
}
