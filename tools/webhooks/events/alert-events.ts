import { z } from 'zod';
import { MoneyView } from '../../booking/offers/offer-schemas.js';

// Alert events. alert.triggered carries prices as GET /api/alerts shows them (major
// units beside `currency`); alert.mistake_fare as GET /api/deals does (Money objects).

export const AlertTriggeredEventData = z.strictObject({
  alert_id: z.string(),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string().describe('YYYY-MM-DD: the cheapest date in the alert\'s window.'),
  cabin: z.string(),
  price: z.number().describe('Major units, in `currency`.'),
  currency: z.string(),
  previous_price: z.number().nullable().describe('The window\'s previous lowest price, major units.'),
  target_price: z.number().nullable().describe('The alert\'s target, major units; null for any drop.'),
  checked_at: z.string(),
  channels: z.array(z.string()).describe('The alert\'s notification channels.'),
});

export const MistakeFareEventData = z.strictObject({
  id: z.string().describe('The deal id, as GET /api/deals lists it.'),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string(),
  return_date: z.string().nullable(),
  cabin: z.string(),
  price: MoneyView,
  typical_price: MoneyView,
  sigmas: z.number(),
  pct_off: z.number(),
  detected_at: z.string(),
  source: z.string(),
});
