import { randomBytes } from 'node:crypto';
import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { principalUserId } from '../../_kit/principal.js';
import { giveBackNote, giveBackWhole } from '../../payments/index.js';

// Confirmation tokens for the MCP two-step: the first call states the exact
// price and stores it under an unguessable token that works a few minutes; the
// second call needs the token, so an agent never spends money in one call.
// The entry outlives the token by a day so that a late second call can still
// find the card payment the quote opened and give it back.

export const QUOTE_TTL_S = 600;
const KEEP_S = 24 * 3600;

export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

interface Envelope {
  owner: string;
  kind: string;
  expiresAtMs: number;
  paymentIntentId?: string | null;
}

/** Stores what the token confirms, bound to the caller. */
export async function saveQuote<T extends object>(ctx: ToolContext, token: string, quote: T): Promise<string> {
  const expiresAtMs = ctx.services.clock().getTime() + QUOTE_TTL_S * 1000;
  await ctx.services.cache.set(`mcp-quote:${token}`, { ...quote, owner: principalUserId(ctx.principal) ?? ctx.principal.kind, expiresAtMs }, KEEP_S);
  return new Date(expiresAtMs).toISOString();
}

/** Spends a token before it expires (the traveller said no): later calls find nothing. */
export async function forgetQuote(ctx: ToolContext, token: string): Promise<void> {
  await ctx.services.cache.delete(`mcp-quote:${token}`);
}

const unknownToken = () => new ToolError('GONE', 'This confirmation token is unknown or has expired', { hint: 'Ask for a new quote and confirm with its token.' });

export async function loadQuote<T extends object>(ctx: ToolContext, token: string, kind: string): Promise<T> {
  const quote = await ctx.services.cache.get<T & Envelope>(`mcp-quote:${token}`);
  const owner = principalUserId(ctx.principal) ?? ctx.principal.kind;
  if (!quote || quote.owner !== owner || quote.kind !== kind) throw unknownToken();
  if (quote.expiresAtMs > ctx.services.clock().getTime()) return quote;
  // Too late to book: a payment made for this quote that was never spent goes back now (released, or refunded).
  const back = quote.paymentIntentId ? await giveBackWhole(ctx, quote.paymentIntentId, ['open'], 'expired') : null;
  const payment = back && back.refundedMinor + back.releasedMinor > 0 ? await ctx.services.payments.get(quote.paymentIntentId!) : null;
  if (!back || !payment) throw unknownToken();
  const note = giveBackNote(back, payment.currency);
  throw new ToolError('GONE', `This confirmation token has expired. ${note.text}`, { details: note.details, hint: 'Ask for a new quote and confirm with its token.' });
}
