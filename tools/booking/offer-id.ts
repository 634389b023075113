import { ToolError } from '../_kit/errors.js';

// Offer ids leave search prefixed with their provider ("duffel:off_..."); the
// prefix is ours, so it is stripped before the provider is called.

const PREFIX = /^(duffel)[:_](?=off_|[^_])/;
const BOOKABLE_PROVIDERS = new Set(['duffel']);

/** The provider's own offer id. A prefix naming a provider we cannot book through is refused. */
export function providerOfferId(raw: string): string {
  const id = raw.trim();
  const colon = /^([a-z_]+):(.+)$/.exec(id);
  if (colon) {
    const [, provider, rest] = colon;
    if (!BOOKABLE_PROVIDERS.has(provider!)) {
      throw new ToolError('UNPROCESSABLE', `Offers from ${provider} cannot be booked here`, { details: { offer_id: raw, bookable_providers: [...BOOKABLE_PROVIDERS] } });
    }
    return rest!;
  }
  return id.replace(PREFIX, '');
}
