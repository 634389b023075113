import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../search-input.js';
import { knownCurrency } from '../../_kit/fx-rates.js';
import { DEFAULT_POINTS_OF_SALE, MARKETS, findMarket } from './markets.js';

// Request and answer of the point-of-sale comparison.

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Use an ISO 3166-1 alpha-2 country code such as GB')
  .transform((s) => s.toUpperCase())
  .refine((c) => findMarket(c) !== undefined, { message: `Unsupported point of sale; use one of ${MARKETS.map((m) => m.country).join(', ')}` });

export const GeoPricingRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city.'),
    destination: placeCode.describe('IATA code of the arrival airport or city.'),
    departure_date: isoDate.describe('Departure date (YYYY-MM-DD), local to the origin.'),
    return_date: isoDate.optional().describe('Return date for a round trip; omit for one way.'),
    cabin_class: cabinClass.default('economy'),
    currency: z
      .string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase())
      .refine(knownCurrency, { message: 'No reference rate for this currency' })
      .default('USD').describe('Currency every price is normalised to.'),
    points_of_sale: z.array(country).min(1).max(10).optional()
      .describe(`Countries to price in, each in its own currency; default ${DEFAULT_POINTS_OF_SALE.join(', ')}.`),
    home_country: country.optional().describe('The traveller’s own market, compared against; default the first point of sale.'),
    flight_numbers: z.array(z.string().regex(/^[A-Za-z0-9]{2}\s?\d{1,4}$/, 'Use a flight number such as BA117').transform((s) => s.replace(/\s/g, '').toUpperCase())).min(1).max(6).optional()
      .describe('The flights of the itinerary to compare, e.g. ["BA117"]; default the cheapest in the home market.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const names = { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' };
    for (const p of tripProblems({ origin: body.origin, destination: body.destination, departure: body.departure_date, ret: body.return_date }, names)) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
    if (body.points_of_sale && new Set(body.points_of_sale).size !== body.points_of_sale.length) {
      ctx.addIssue({ code: 'custom', path: ['points_of_sale'], message: 'List each point of sale once' });
    }
  });
export type GeoPricingInput = z.output<typeof GeoPricingRequest>;

const PosPrice = z.object({
  country: z.string(),
  country_name: z.string(),
  local_currency: z.string(),
  status: z.enum(['ok', 'not_found', 'error']).describe('not_found: the market sells nothing on the date; error: the provider failed.'),
  matched: z.boolean().describe('True when the same flights were found; false when the market’s cheapest itinerary stands in.'),
  flights: z.array(z.string()),
  local_price: z.number().nullable(),
  rate: z.number().nullable().describe('Units of the normalisation currency per one local unit.'),
  converted_price: z.number().nullable().describe('local_price × rate, rounded to the minor unit.'),
  detail: z.string().nullable(),
});

const PosRef = z.object({ country: z.string(), converted_price: z.number(), local_price: z.number(), local_currency: z.string() });

export const GeoPricingResponse = z.object({
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string(),
  return_date: z.string().nullable(),
  cabin: cabinClass,
  currency: z.string(),
  itinerary: z.object({ flights: z.array(z.string()), departing_at: z.string().nullable(), chosen_by: z.enum(['flight_numbers', 'cheapest_at_home', 'cheapest_anywhere']) }).nullable(),
  fx: z.object({
    as_of: z.string(),
    base: z.string(),
    source: z.string(),
    per_base: z.record(z.string(), z.number()).describe('The reference rates used, units per one base unit.'),
  }),
  points_of_sale: z.array(PosPrice),
  home: PosRef.nullable(),
  cheapest: PosRef.nullable(),
  savings: z.object({ amount: z.number(), percent: z.number(), country: z.string(), caveats: z.array(z.string()) }).nullable()
    .describe('Present when another point of sale is cheaper than home, after conversion.'),
});
export type GeoPricingResponse = z.input<typeof GeoPricingResponse>;
