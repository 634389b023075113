import type { Money } from '../_kit/providers.js';
import { FX_PER_USD } from '../cars/data/fx.js';

// Award taxes arrive in the programme's currency (Aeroplan charges CAD) and the
// caller may price the flight in another; cents per point are US cents, because
// every reference value is. Rates are approximate: a few percent does not change a
// ranking. EUR and GBP (which the car tables treat at par) are added here.

/** Units of a currency per US dollar, as of late 2025 (ECB reference rates crossed to USD, rounded). */
const PER_USD: Readonly<Record<string, number>> = { ...FX_PER_USD, USD: 1, EUR: 0.86, GBP: 0.76 };

/** Currencies a caller may price in. */
export const ROUTER_CURRENCIES: readonly string[] = Object.keys(PER_USD).sort();

export function knownCurrency(code: string): boolean {
  return PER_USD[code.toUpperCase()] !== undefined;
}

/** An amount in `currency` converted to US dollars; an unknown currency is taken at par rather than failing a ranking. */
export function toUsd(amount: number, currency: string): number {
  return amount / (PER_USD[currency.toUpperCase()] ?? 1);
}

export function moneyToUsd(money: Money): number {
  return toUsd(money.amount, money.currency);
}

/** US dollars in `currency`, rounded to cents. */
export function fromUsd(usd: number, currency: string): number {
  return Math.round(usd * (PER_USD[currency.toUpperCase()] ?? 1) * 100) / 100;
}
