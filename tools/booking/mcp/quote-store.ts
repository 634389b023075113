import { randomBytes } from 'node:crypto';
import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { principalUserId } from '../../_kit/principal.js';

// Confirmation tokens for the MCP two-step: the first call states the exact
// price and stores it under an unguessable token that lives a few minutes; the
// second call needs the token, so an agent never spends money in one call.

export const QUOTE_TTL_S = 600;

export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

/** Stores what the token confirms, bound to the caller. */
export async function saveQuote<T extends object>(ctx: ToolContext, token: string, quote: T): Promise<string> {
  await ctx.services.cache.set(`mcp-quote:${token}`, { ...quote, owner: principalUserId(ctx.principal) ?? ctx.principal.kind }, QUOTE_TTL_S);
  return new Date(ctx.services.clock().getTime() + QUOTE_TTL_S * 1000).toISOString();
}

export async function loadQuote<T extends object>(ctx: ToolContext, token: string, kind: string): Promise<T> {
  const quote = await ctx.services.cache.get<T & { owner: string; kind: string }>(`mcp-quote:${token}`);
  const owner = principalUserId(ctx.principal) ?? ctx.principal.kind;
  if (!quote || quote.owner !== owner || quote.kind !== kind) {
    throw new ToolError('GONE', 'This confirmation token is unknown or has expired', { hint: 'Ask for a new quote and confirm with its token.' });
  }
  return quote;
}
