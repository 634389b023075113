// Stripe's smallest charge per settlement currency, in minor units (its "minimum and
// maximum charge amounts" table). A PaymentIntent for less fails with amount_too_small,
// so a price below it cannot be paid by card at all: callers decide what to do first.

/** Where the minimum differs from 50 minor units (USD, EUR, AUD, CAD, JPY ... are 50). */
const MINIMUM_MINOR: Readonly<Record<string, number>> = {
  gbp: 30, aed: 200, bgn: 100, czk: 1500, dkk: 250, hkd: 400, huf: 17500, mxn: 1000, myr: 200, nok: 300, pln: 200, ron: 200, sek: 300, thb: 1000,
};

export function stripeMinimumChargeMinor(currency: string): number {
  return MINIMUM_MINOR[currency.toLowerCase()] ?? 50;
}
