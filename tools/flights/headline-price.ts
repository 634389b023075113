import { convert, knownCurrency } from '../_kit/fx-rates.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/providers.js';
import { markupMinor } from '../booking/checkout/pricing.js';

// The one price a search result shows. For a bookable flight it is what checkout
// will charge for the result's offer; the booking provider cannot be asked for a
// currency (Duffel prices in the seller's currency), so a fare in another
// currency is converted at the reference rate and the exact charge is kept beside it.

/** A price in the asked currency; `fxRate` is set when it was converted. */
export interface AskedPrice {
  amount: number;
  currency: string;
  /** Units of the asked currency per unit of the source currency; null when not converted. */
  fxRate: number | null;
}

/**
 * What checkout charges for an offer with no extras: the fare plus our markup,
 * rounded the way tools/booking/checkout/pricing.ts rounds it.
 */
export function checkoutTotal(fare: Money, markupPct: number): Money {
  const fareMinor = toMinor(fare);
  return fromMinor(fareMinor + markupMinor(fareMinor, markupPct), fare.currency);
}

/**
 * `money` in the asked currency. Without a reference rate for either currency it
 * stays in its own currency, so the number shown is never a guess.
 */
export function inAskedCurrency(money: Money, asked: string): AskedPrice {
  // Amount and currency only: a board's price entry passed as `money` has a dozen more fields to copy.
  if (money.currency === asked || !knownCurrency(money.currency) || !knownCurrency(asked)) return { amount: money.amount, currency: money.currency, fxRate: null };
  const { amount, rate } = convert(money.amount, money.currency, asked);
  return { amount, currency: asked, fxRate: rate };
}
