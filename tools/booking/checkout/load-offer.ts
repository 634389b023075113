import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { CashOffer } from '../../_kit/providers.js';

/** The live offer with its passengers and extras; 410 when the provider no longer has it. */
export async function loadLiveOffer(ctx: ToolContext, providerOfferId: string): Promise<CashOffer & { passengers: NonNullable<CashOffer['passengers']> }> {
  let offer: CashOffer;
  try {
    offer = await ctx.services.providers.flights.getOffer(providerOfferId, ctx.signal);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  if (!offer.passengers || offer.passengers.length === 0) throw new ToolError('UPSTREAM_FAILED', 'The provider sent an offer without passengers');
  return { ...offer, passengers: offer.passengers };
}
