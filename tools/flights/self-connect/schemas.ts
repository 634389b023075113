import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../search-input.js';
import { SELF_CONNECT_HUBS } from './hubs.js';
import { SELF_CONNECT_RISKS } from '../../playbook/playbook-store.js';

// Request and answer of the self-connect finder.

const HUB_CODES = SELF_CONNECT_HUBS.items.map((h) => h.iata) as string[];

export const SelfConnectRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city, e.g. "MAN".'),
    destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "TLV".'),
    departure_date: isoDate.describe('Departure date (YYYY-MM-DD), local to the origin.'),
    cabin_class: cabinClass.default('economy'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase()).default('USD'),
    hubs: z
      .array(z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase()).refine((s) => HUB_CODES.includes(s), { message: `Not a known self-connect hub; use one of ${HUB_CODES.join(', ')}` }))
      .min(1).max(10).optional()
      .describe('Hubs to try; omit to choose them from the hub dataset by the fares seen on their legs and by detour.'),
    max_results: z.number().int().min(1).max(20).default(5).describe('Most itineraries to return.'),
    risk: z.enum(SELF_CONNECT_RISKS).optional()
      .describe('Tolerance for separate tickets: comfortable (60 min margin above the hub minimum), cautious (120 min) or avoid (none returned). Omitted: the caller\'s saved playbook, else comfortable.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const p of tripProblems({ origin: body.origin, destination: body.destination, departure: body.departure_date }, { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' })) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
  });

const LegView = z.object({
  carrier: z.string(),
  flights: z.array(z.string()).describe('Flight numbers, e.g. ["FR123"].'),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string().describe('Local time at the leg origin.'),
  arriving_at: z.string().describe('Local time at the leg destination.'),
  price: z.number(),
  currency: z.string(),
  result_id: z.string(),
  offer_id: z.string().nullable().describe('Bookable offer id of this leg, when the booking provider sells it.'),
});

export const RiskView = z.object({
  label: z.enum(['bags_recheck', 'min_connection', 'terminal_change', 'transit_visa', 'missed_connection_unprotected']),
  text: z.string(),
});

const SelfConnectView = z.object({
  type: z.literal('self_connect'),
  hub: z.string(),
  legs: z.array(LegView).length(2),
  total: z.number(),
  currency: z.string(),
  savings: z.number().nullable().describe('Through fare minus this total; null when no through fare was found.'),
  savings_percent: z.number().nullable(),
  layover_minutes: z.number().int(),
  min_connection_minutes: z.number().int().describe('The hub’s self-transfer minimum used.'),
  margin_minutes: z.number().int().describe('layover_minutes − min_connection_minutes; always at least safety_margin_minutes.'),
  risks: z.array(RiskView),
});

const ThroughFare = z.object({
  price: z.number(),
  currency: z.string(),
  carrier: z.string(),
  route: z.string(),
  stops: z.number().int().nullable(),
  flights: z.array(z.string()),
  result_id: z.string(),
});

export const SelfConnectResponse = z.object({
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string(),
  cabin: cabinClass,
  currency: z.string(),
  safety_margin_minutes: z.number().int().describe('Minutes required above the hub\'s self-transfer minimum: 60, or 120 when cautious.'),
  risk: z.enum(SELF_CONNECT_RISKS).describe('The tolerance applied.'),
  risk_source: z.enum(['request', 'playbook', 'default']).describe('Where it came from: the request, the caller\'s saved playbook, or the default (comfortable).'),
  through_fare: ThroughFare.nullable().describe('Cheapest one-ticket fare for the trip.'),
  hubs_considered: z.array(z.object({
    iata: z.string(),
    detour_ratio: z.number(),
    chosen_by: z.enum(['request', 'fare', 'detour']).describe('fare: its two legs were among the cheapest in the fare history; detour: among the shortest detours.'),
    estimated_legs: z.number().nullable().describe('The two legs\' lowest recently observed fares together, when both were known.'),
    legs_in: z.number().int(),
    legs_out: z.number().int(),
  })),
  self_connect: z.array(SelfConnectView).describe('Cheapest first; only those that beat the through fare.'),
  reason: z.string().nullable().describe('Why the list is empty, when it is.'),
  hub_data: z.object({ as_of: z.string(), sources: z.array(z.string()), note: z.string() }),
});
export type SelfConnectResponse = z.input<typeof SelfConnectResponse>;
