import { minorDigits } from '../_kit/money.js';
import { fromUsdLike } from './data/fx.js';

// What we earn on a car rental, in one place.
//
// Legacy flow (postpaid rates: the customer pays the supplier at the counter):
// we charge a service fee by card, on top of any add-ons, of 8 % of the rental
// total, at least 5 and at most 40 in the rental's currency. The cap keeps long
// or luxury rentals from paying an absurd fee; the floor covers card costs on a
// one-day rental. The bounds are the same numbers in euros and pounds; other
// currencies get their US-dollar equivalent (a 40-yen cap would be nonsense).
//
// Partner flow (prepaid partner rates: we pay the supplier from our balance and
// are merchant of record): the customer pays us the net partner rate plus a
// margin of 10 %, at least 5 and at most 60 in the rental's currency. Partner
// rates are cheaper than counter rates, so the total usually still undercuts them.

export interface PercentWithBounds {
  /** Percent of the rental total. */
  pct: number;
  /** Bounds in major units of USD, EUR or GBP; converted from USD for other currencies. */
  min: number;
  max: number;
}

export const SERVICE_FEE: PercentWithBounds = { pct: 8, min: 5, max: 40 };
export const PARTNER_MARGIN: PercentWithBounds = { pct: 10, min: 5, max: 60 };

/**
 * How long a partner quote holds its price: 15 minutes, the same as the car
 * simulator's provider quotes (Duffel does not document one for Cars), long
 * enough to pay by card and short enough that a partner rate is not sold stale.
 */
export const PARTNER_QUOTE_TTL_S = 15 * 60;

/** The fee or margin on a rental of `rentalMinor`, in minor units of `currency`. */
export function percentWithBounds(rentalMinor: number, currency: string, rule: PercentWithBounds): number {
  const scale = 10 ** minorDigits(currency);
  const raw = Math.round((rentalMinor * rule.pct) / 100);
  const min = Math.round(fromUsdLike(rule.min, currency) * scale);
  const max = Math.round(fromUsdLike(rule.max, currency) * scale);
  return Math.min(Math.max(raw, min), max);
}
