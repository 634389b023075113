// The two types every provider port shares, in their own file so the ports can
// live in several files without importing each other.

export type ProviderMode = 'live' | 'simulator';

/** Money in major units (12.34), rounded to the currency's minor unit. */
export interface Money {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}
