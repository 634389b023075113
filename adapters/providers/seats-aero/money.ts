import type { Money } from '../../../tools/_kit/providers.js';

// seats.aero reports taxes in minor units of the program's currency; the
// domain wants major units rounded to that currency's own minor unit.

const digitsCache = new Map<string, number>();

/** Decimal places of an ISO 4217 currency (2 for USD, 0 for JPY, 3 for KWD); 2 when unknown. */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(code, digits);
  }
  return digits;
}

export function moneyFromMinor(minor: number, currency: string): Money {
  const code = (currency || 'USD').toUpperCase();
  // A whole number of minor units over a power of ten is already the nearest double
  // to the decimal amount, so no toFixed round trip is needed.
  const amount = Number.isFinite(minor) ? Math.round(minor) / 10 ** minorDigits(code) || 0 : 0; // || 0: never -0, as toFixed gave
  return { amount, currency: code };
}
