import type { ToolContext } from '../../_kit/context.js';
import { ToolError, isToolError } from '../../_kit/errors.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { CashOffer } from '../../_kit/providers.js';
import { providerOfferId } from '../offer-id.js';

/** The live offer, or the tool error for the provider's failure (410 when it no longer knows the offer). */
export async function liveOffer(ctx: ToolContext, rawOfferId: string): Promise<CashOffer> {
  const id = providerOfferId(rawOfferId);
  try {
    return await ctx.services.providers.flights.getOffer(id, ctx.signal);
  } catch (err) {
    if (isProviderError(err)) throw providerToolError(err);
    throw err;
  }
}

/**
 * The same read for GET /api/offers/{id}, whose contract with the web layer is
 * narrower: 410 means "expired, search again"; every other failure is 502, which
 * the web layer treats as "could not check, let booking proceed". A 503/504 there
 * would be read as neither, so timeouts and an open circuit are 502 too.
 */
export async function liveOfferStrict(ctx: ToolContext, rawOfferId: string): Promise<CashOffer> {
  const id = providerOfferId(rawOfferId);
  try {
    return await ctx.services.providers.flights.getOffer(id, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && err.kind === 'not_found') throw providerToolError(err);
    if (isToolError(err)) throw err;
    ctx.log.warn({ err, offerId: id }, 'offer check failed upstream');
    const details = isProviderError(err) ? { provider: err.provider, reason: err.kind } : { provider: 'duffel', reason: 'transport' };
    throw new ToolError('UPSTREAM_FAILED', 'Could not check the offer with the airline provider', { details, cause: err });
  }
}
