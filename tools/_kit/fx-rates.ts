import { minorDigits } from './money.js';

// Reference exchange rates for normalising prices quoted in different
// currencies. Stated per euro, as the ECB publishes them; currencies the ECB does
// not quote are derived from their US-dollar peg.
//
// APPROXIMATE: rounded levels from memory of recent ECB reference rates, not a
// live feed. Answers state the rates they used, so a reader can redo the sums.

export const FX_RATES = {
  asOf: '2026-11-02',
  base: 'EUR',
  source: 'European Central Bank euro foreign exchange reference rates (APPROXIMATE levels); AED via its fixed USD peg (3.6725)',
  perEur: {
    EUR: 1, USD: 1.16, GBP: 0.875, JPY: 176, CHF: 0.935, SEK: 11.0, NOK: 11.7, DKK: 7.46, PLN: 4.26, CZK: 24.3, HUF: 390,
    CAD: 1.62, AUD: 1.77, NZD: 2.0, MXN: 21.4, BRL: 6.25, INR: 102, SGD: 1.51, HKD: 9.02, CNY: 8.27, KRW: 1640, THB: 37.8,
    ZAR: 20.3, TRY: 48.5, AED: 4.26,
  } as Readonly<Record<string, number>>,
} as const;

export function knownCurrency(code: string): boolean {
  return FX_RATES.perEur[code.toUpperCase()] !== undefined;
}

const RATE_DECIMALS = 6;

/**
 * Units of `to` per one unit of `from`, rounded to 6 decimals: the rate stated in
 * answers, and the one the conversion then uses, so the stated sums add up.
 */
export function crossRate(from: string, to: string): number {
  const f = FX_RATES.perEur[from.toUpperCase()];
  const t = FX_RATES.perEur[to.toUpperCase()];
  if (f === undefined || t === undefined) throw new Error(`no reference rate for ${from}/${to}`);
  return Math.round((t / f) * 10 ** RATE_DECIMALS) / 10 ** RATE_DECIMALS;
}

/** `amount` of `from` in `to`, at the stated cross rate, rounded to `to`'s minor unit. */
export function convert(amount: number, from: string, to: string): { amount: number; rate: number } {
  const rate = crossRate(from, to);
  const digits = minorDigits(to);
  return { amount: Math.round(amount * rate * 10 ** digits) / 10 ** digits, rate };
}
