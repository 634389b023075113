// A detected mistake fare as the public feed shows it, and the search that
// re-prices it. Money in major units with its currency, as every answer gives it.
import { z } from 'zod';
import { fromMinor } from '../_kit/money.js';
import type { MistakeFare } from './mistake-store.js';

const MoneyView = z.object({ amount: z.number(), currency: z.string() });

export const DealView = z.object({
  id: z.string(),
  route: z.string().describe('ORIGIN-DESTINATION, e.g. "JFK-LHR".'),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string().describe('YYYY-MM-DD.'),
  return_date: z.string().nullable().describe('YYYY-MM-DD for a round trip; null for one way.'),
  cabin: z.string(),
  price: MoneyView.describe('The fare seen, one adult, for the whole trip (one way, or there and back).'),
  typical_price: MoneyView.describe('The route’s median fare for nearby dates (and, for round trips, stays within 3 nights) over the last 60 days.'),
  pct_off: z.number().describe('Percent below the typical fare.'),
  sigmas: z.number().describe('Standard deviations below the mean of the route’s history.'),
  samples: z.number().int().describe('Earlier searches the history held.'),
  source: z.string().describe('The provider that quoted it.'),
  detected_at: z.string().describe('ISO timestamp.'),
  search: z.object({
    method: z.literal('POST'),
    path: z.literal('/api/search'),
    body: z.object({ origin: z.string(), destination: z.string(), departure_date: z.string(), return_date: z.string().optional(), cabin_class: z.string(), passengers: z.literal(1) }),
  }).describe('The search that re-prices it now; mistake fares are often pulled within hours.'),
});
export type DealView = z.input<typeof DealView>;

export function dealView(f: MistakeFare): DealView {
  return {
    id: f.id,
    route: `${f.origin}-${f.destination}`,
    origin: f.origin,
    destination: f.destination,
    departure_date: f.departureDate,
    return_date: f.returnDate,
    cabin: f.cabin,
    price: fromMinor(f.priceMinor, f.currency),
    typical_price: fromMinor(f.typicalMinor, f.currency),
    pct_off: f.pctOff,
    sigmas: f.sigmas,
    samples: f.samples,
    source: f.source,
    detected_at: f.detectedAt.toISOString(),
    search: {
      method: 'POST',
      path: '/api/search',
      body: {
        origin: f.origin, destination: f.destination, departure_date: f.departureDate,
        ...(f.returnDate ? { return_date: f.returnDate } : {}), cabin_class: f.cabin, passengers: 1,
      },
    },
  };
}
