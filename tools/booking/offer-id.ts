import { ToolError } from '../_kit/errors.js';

// Offer ids leave search prefixed with their provider ("duffel:off_..."); the
// prefix is ours, so it is stripped before the provider is called.

const BOOKABLE_PROVIDERS = new Set(['duffel']);

/** The provider's own offer id. A prefix naming a provider we cannot book through is refused. */
export function providerOfferId(raw: string): string {
  const id = raw.trim();
  const prefixed = /^([a-z_]+)[:](.+)$/.exec(id) ?? /^(duffel)_(off_.+)$/.exec(id);
  if (!prefixed) return id;
  const [, provider, rest] = prefixed;
  if (!BOOKABLE_PROVIDERS.has(provider!)) {
    throw new ToolError('UNPROCESSABLE', `Offers from ${provider} cannot be booked here`, { details: { offer_id: raw, bookable_providers: [...BOOKABLE_PROVIDERS] } });
  }
  return rest!;
}
