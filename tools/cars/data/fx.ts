// Approximate exchange rates for pricing car extras and bounding our fee in
// currencies we do not list prices in. As of: late 2025 levels, from the ECB euro reference rates
// (ecb.europa.eu/stats/policy_and_exchange_rates) crossed to USD and rounded;
// precision does not matter here, only the order of magnitude of a fee.

/** Units of a currency per US dollar. */
export const FX_PER_USD: Readonly<Record<string, number>> = {
  CAD: 1.38,
  AUD: 1.52,
  NZD: 1.72,
  CHF: 0.8,
  JPY: 155,
  MXN: 18.4,
  SEK: 9.5,
  NOK: 10.1,
  DKK: 6.45,
  SGD: 1.3,
  HKD: 7.8,
  AED: 3.67,
  ZAR: 17.7,
  BRL: 5.4,
  INR: 88,
  CNY: 7.1,
  KRW: 1400,
  THB: 32.5,
  PLN: 3.65,
  CZK: 21,
  TRY: 42,
};


/** USD, EUR and GBP are close enough in value that round price points carry over unchanged. */
export const AT_PAR = ['USD', 'EUR', 'GBP'] as const;

/** An amount given in US dollars, in `currency` (major units): unchanged for USD/EUR/GBP, converted otherwise, unchanged when the rate is unknown. */
export function fromUsdLike(amount: number, currency: string): number {
  if ((AT_PAR as readonly string[]).includes(currency)) return amount;
  return amount * (FX_PER_USD[currency] ?? 1);
}
