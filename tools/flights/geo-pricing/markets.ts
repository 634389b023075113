// Points of sale: the country a fare is bought in and the currency that market
// quotes. A short list of markets where airlines commonly file their own prices.

export interface Market {
  country: string;
  name: string;
  currency: string;
}

export const MARKETS: readonly Market[] = [
  { country: 'US', name: 'United States', currency: 'USD' },
  { country: 'GB', name: 'United Kingdom', currency: 'GBP' },
  { country: 'DE', name: 'Germany', currency: 'EUR' },
  { country: 'FR', name: 'France', currency: 'EUR' },
  { country: 'ES', name: 'Spain', currency: 'EUR' },
  { country: 'IT', name: 'Italy', currency: 'EUR' },
  { country: 'NL', name: 'Netherlands', currency: 'EUR' },
  { country: 'IE', name: 'Ireland', currency: 'EUR' },
  { country: 'CH', name: 'Switzerland', currency: 'CHF' },
  { country: 'SE', name: 'Sweden', currency: 'SEK' },
  { country: 'NO', name: 'Norway', currency: 'NOK' },
  { country: 'DK', name: 'Denmark', currency: 'DKK' },
  { country: 'PL', name: 'Poland', currency: 'PLN' },
  { country: 'CA', name: 'Canada', currency: 'CAD' },
  { country: 'MX', name: 'Mexico', currency: 'MXN' },
  { country: 'BR', name: 'Brazil', currency: 'BRL' },
  { country: 'IN', name: 'India', currency: 'INR' },
  { country: 'TH', name: 'Thailand', currency: 'THB' },
  { country: 'SG', name: 'Singapore', currency: 'SGD' },
  { country: 'HK', name: 'Hong Kong SAR', currency: 'HKD' },
  { country: 'JP', name: 'Japan', currency: 'JPY' },
  { country: 'KR', name: 'South Korea', currency: 'KRW' },
  { country: 'AU', name: 'Australia', currency: 'AUD' },
  { country: 'NZ', name: 'New Zealand', currency: 'NZD' },
  { country: 'ZA', name: 'South Africa', currency: 'ZAR' },
  { country: 'AE', name: 'United Arab Emirates', currency: 'AED' },
];

export const DEFAULT_POINTS_OF_SALE = ['US', 'GB', 'DE', 'IN', 'BR', 'TH'] as const;

const byCountry = new Map(MARKETS.map((m) => [m.country, m]));

export function findMarket(country: string): Market | undefined {
  return byCountry.get(country.toUpperCase());
}
