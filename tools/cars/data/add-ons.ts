// Rental add-ons sold with a counter-paid (legacy flow) rental: per-day prices,
// a cap per rental, and how many one rental may take.
//
// As of: 2025 price lists. Prices are representative US, euro-area and UK
// airport-counter prices of the large suppliers, rounded to the price points
// they use, from their public extras pages: Hertz "Rental extras" (hertz.com),
// Avis "Products & services" (avis.com), Enterprise "Rental add-ons"
// (enterprise.com), Sixt "Extras" (sixt.com) and Europcar "Extras"
// (europcar.com). Real prices vary by location. Suppliers price each market in
// its own currency with round numbers, so USD, EUR and GBP are listed as they
// are sold; other currencies convert from USD (data/fx.ts).
// Caps follow the suppliers' "maximum per rental" rule (about 7 days' worth).

export type PricedCurrency = 'USD' | 'EUR' | 'GBP';

export interface AddOnDef {
  code: string;
  name: string;
  description: string;
  /** Per day, per unit, in major units. */
  perDay: Record<PricedCurrency, number>;
  /** Most one unit costs for the whole rental, in major units. */
  maxPerRental: Record<PricedCurrency, number>;
  maxQuantity: number;
}

export const ADD_ONS: readonly AddOnDef[] = [
  {
    code: 'child_seat',
    name: 'Child safety seat',
    description: 'Forward-facing seat for children of about 9–18 kg (1–4 years).',
    perDay: { USD: 14.99, EUR: 12, GBP: 11 },
    maxPerRental: { USD: 104.93, EUR: 84, GBP: 77 },
    maxQuantity: 3,
  },
  {
    code: 'infant_seat',
    name: 'Infant seat',
    description: 'Rear-facing seat for babies up to about 13 kg.',
    perDay: { USD: 14.99, EUR: 12, GBP: 11 },
    maxPerRental: { USD: 104.93, EUR: 84, GBP: 77 },
    maxQuantity: 2,
  },
  {
    code: 'booster_seat',
    name: 'Booster seat',
    description: 'Booster cushion for children of about 15–36 kg (4–12 years).',
    perDay: { USD: 11.99, EUR: 9, GBP: 8 },
    maxPerRental: { USD: 83.93, EUR: 63, GBP: 56 },
    maxQuantity: 3,
  },
  {
    code: 'gps',
    name: 'GPS navigation',
    description: 'Portable satellite navigation unit with local maps.',
    perDay: { USD: 17.99, EUR: 15, GBP: 13 },
    maxPerRental: { USD: 125.93, EUR: 105, GBP: 91 },
    maxQuantity: 1,
  },
  {
    code: 'additional_driver',
    name: 'Additional driver',
    description: 'One more named driver; they must show their licence at the counter.',
    perDay: { USD: 13.5, EUR: 11, GBP: 13 },
    maxPerRental: { USD: 94.5, EUR: 77, GBP: 91 },
    maxQuantity: 3,
  },
  {
    code: 'toll_pass',
    name: 'Electronic toll pass',
    description: 'Use of the toll transponder on each day of the rental; the tolls themselves are billed afterwards.',
    perDay: { USD: 5.95, EUR: 5, GBP: 5 },
    maxPerRental: { USD: 29.75, EUR: 25, GBP: 25 },
    maxQuantity: 1,
  },
  {
    code: 'wifi_hotspot',
    name: 'Mobile Wi-Fi hotspot',
    description: 'Portable 4G/5G hotspot for up to five devices, unlimited data.',
    perDay: { USD: 9.99, EUR: 9, GBP: 8 },
    maxPerRental: { USD: 69.93, EUR: 63, GBP: 56 },
    maxQuantity: 1,
  },
  {
    code: 'satellite_radio',
    name: 'SiriusXM satellite radio',
    description: 'Satellite radio activated for the rental (United States and Canada).',
    perDay: { USD: 7.99, EUR: 7, GBP: 6 },
    maxPerRental: { USD: 55.93, EUR: 49, GBP: 42 },
    maxQuantity: 1,
  },
  {
    code: 'ski_rack',
    name: 'Ski rack',
    description: 'Roof rack for up to four pairs of skis or two snowboards.',
    perDay: { USD: 15, EUR: 12, GBP: 11 },
    maxPerRental: { USD: 105, EUR: 84, GBP: 77 },
    maxQuantity: 1,
  },
  {
    code: 'snow_chains',
    name: 'Snow chains',
    description: 'A set of snow chains for the drive wheels, required on some mountain roads in winter.',
    perDay: { USD: 12, EUR: 10, GBP: 9 },
    maxPerRental: { USD: 84, EUR: 70, GBP: 63 },
    maxQuantity: 1,
  },
];

export const ADD_ON_CODES = ADD_ONS.map((a) => a.code) as [string, ...string[]];

export function addOnByCode(code: string): AddOnDef | undefined {
  return ADD_ONS.find((a) => a.code === code);
}
