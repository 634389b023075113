import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../search-input.js';
import { knownCurrency } from '../../_kit/fx-rates.js';

// UpgradeOptionsRequest / UpgradeOptionsResponse (spec: POST /api/flights/upgrade-options).

export const UpgradeOptionsRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city.'),
    destination: placeCode.describe('IATA code of the arrival airport or city.'),
    departure_date: isoDate.describe('Departure date (YYYY-MM-DD), local to the origin.'),
    flight_numbers: z.array(z.string().regex(/^[A-Za-z0-9]{2}\s?\d{1,4}$/, 'Use a flight number such as UA901').transform((s) => s.replace(/\s/g, '').toUpperCase())).min(1).max(4).optional()
      .describe('The flights of the ticket, in order, e.g. ["UA901"]. Give these or carrier.'),
    carrier: z.string().regex(/^[A-Za-z0-9]{2}$/, 'Use a 2-character IATA airline code').transform((s) => s.toUpperCase()).optional()
      .describe('Airline of the ticket when the flight numbers are not known: its cheapest flight on the date is used.'),
    current_cabin: cabinClass.default('economy').describe('Cabin booked now.'),
    current_price: z.number().positive().max(1_000_000).optional().describe('What the ticket cost, in `currency`; default today’s price of the same flights.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase())
      .refine(knownCurrency, { message: 'No reference rate for this currency' }).default('USD'),
    offer_id: z.string().min(1).max(200).optional().describe('The offer the ticket came from, echoed back.'),
    fare_brand: z.string().min(1).max(80).optional().describe('Fare brand booked now (e.g. "Economy Light"); default the cheapest brand.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.flight_numbers && !body.carrier) ctx.addIssue({ code: 'custom', path: ['flight_numbers'], message: 'Give flight_numbers or carrier' });
    const names = { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' };
    for (const p of tripProblems({ origin: body.origin, destination: body.destination, departure: body.departure_date }, names)) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
  });
export type UpgradeOptionsInput = z.output<typeof UpgradeOptionsRequest>;

const PaidUpgrade = z.object({
  from_cabin: cabinClass,
  to_cabin: cabinClass,
  current_price: z.number(),
  upgraded_price: z.number().describe('Today’s price of the same flights in the higher cabin.'),
  cost: z.number().describe('upgraded_price − current_price.'),
  currency: z.string(),
  result_id: z.string(),
  offer_id: z.string().nullable(),
});

const BrandUpgrade = z.object({
  cabin: cabinClass,
  from_brand: z.string(),
  to_brand: z.string(),
  from_price: z.number(),
  to_price: z.number(),
  cost: z.number().describe('to_price − from_price.'),
  currency: z.string(),
  offer_id: z.string().describe('Bookable offer of the higher brand.'),
});

const PointsUpgradeView = z.object({
  program: z.string(),
  program_name: z.string(),
  unit: z.string().describe('What `points` counts: miles, Avios, PlusPoints, eUpgrade credits.'),
  from_cabin: cabinClass,
  to_cabin: cabinClass,
  points: z.number().int(),
  copay: z.number().describe('Cash co-pay, USD.'),
  copay_currency: z.literal('USD'),
  cash_difference_usd: z.number().nullable().describe('The paid upgrade’s cost in USD.'),
  cost: z.string().describe('Points and co-pay in words.'),
  cpp: z.number().nullable().describe('(cash_difference_usd − copay) / points × 100, US cents; null without a cash price.'),
  status_only: z.boolean().describe('Earned with elite status and never sold (PlusPoints, eUpgrade credits): its cpp is not comparable with miles.'),
  eligibility: z.string(),
});

export const UpgradeOptionsResponse = z.object({
  itinerary: z.object({
    origin: z.string(), destination: z.string(), departure_date: z.string(), flights: z.array(z.string()), carriers: z.array(z.string()),
    cabin: cabinClass, current_price: z.number(), currency: z.string(), price_source: z.enum(['request', 'search']),
    fare_brand: z.string().nullable(), offer_id: z.string().nullable(), distance_miles: z.number().int(),
  }),
  paid_upgrade: PaidUpgrade.nullable().describe('The next cabin sold on the same flights, at today’s price.'),
  fare_brand_upgrade: BrandUpgrade.nullable().describe('The next dearer fare brand in the current cabin, when the airline sells brands.'),
  points_upgrades: z.array(PointsUpgradeView).describe('Best cpp first; status-only currencies after the rest.'),
  explanations: z.array(z.string()).describe('Why an option is missing.'),
  usd_rate: z.number().describe('USD per one unit of `currency`, used for cpp.'),
  program_data: z.object({ as_of: z.string(), sources: z.array(z.string()), note: z.string() }),
});
export type UpgradeOptionsResponse = z.input<typeof UpgradeOptionsResponse>;
