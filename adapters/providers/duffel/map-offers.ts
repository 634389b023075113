import type { CashOffer } from '../../../tools/_kit/providers.js';
import { mapOffer } from './map-offer.js';
import type { DuffelOffer } from './wire.js';

/** Maps every offer it can; one malformed offer among many is dropped, all malformed is a bad response. */
export function mapDuffelOffers(offers: readonly unknown[]): CashOffer[] {
  const mapped: CashOffer[] = [];
  let firstError: unknown;
  for (const offer of offers) {
    try {
      mapped.push(mapOffer(offer as DuffelOffer));
    } catch (err) {
      firstError ??= err;
    }
  }
  if (mapped.length === 0 && firstError !== undefined) throw firstError;
  return mapped;
}
