import type { Money } from '../_kit/providers.js';
import { normalizeName } from './award-brand.js';
import { LOCAL_TOURIST_TAXES, USD_PER_UNIT } from './data/award-pricing.js';

// Cash amounts of the award model in US dollars, at the dataset's reference rates.

/** The amount in USD, or null when the currency is not in the rate table. */
export function toUsd(money: Money): number | null {
  const rate = USD_PER_UNIT[money.currency.toUpperCase()];
  return rate === undefined ? null : money.amount * rate;
}

export function roundCents(usd: number): number {
  return Math.round(usd * 100) / 100;
}

/** The local tourist tax a hotel collects on an award stay, in USD (0 outside the listed cities). */
export function localTouristTaxUsd(place: { city: string; countryCode: string }, rating: number | null, adults: number, nights: number): number {
  const city = normalizeName(place.city);
  const tax = LOCAL_TOURIST_TAXES.find((t) => t.countryCode === place.countryCode.toUpperCase() && t.cityNames.some((n) => normalizeName(n) === city));
  if (!tax) return 0;
  const stars = rating === null ? 0 : Math.min(5, Math.max(0, Math.round(rating)));
  const perNight = tax.perAdultNight[stars] ?? 0;
  const charged = tax.maxNights === undefined ? nights : Math.min(nights, tax.maxNights);
  return (toUsd({ amount: perNight * adults * charged, currency: tax.currency }) ?? 0);
}
