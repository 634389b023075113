import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../flights/search-input.js';
import { daysBetween } from '../_kit/calendar-dates.js';

// The alert request and answer shapes (spec: CreateAlertRequest, AlertResponse).

export const ALERT_CHANNELS = ['webhook', 'in_app'] as const;
/** Longest date window one alert may watch: each day is one search per cycle. */
export const MAX_WINDOW_DAYS = 31;

const currencyCode = z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase());

export const CreateAlertRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city, e.g. "JFK".'),
    destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "LHR".'),
    departure_date: isoDate.optional().describe('One departure date (YYYY-MM-DD). Give this, or a window with date_from and date_to.'),
    date_from: isoDate.optional().describe('First departure date of a window (YYYY-MM-DD).'),
    date_to: isoDate.optional().describe(`Last departure date of a window (YYYY-MM-DD); at most ${MAX_WINDOW_DAYS} days in all.`),
    return_date: isoDate.optional().describe('Watch round trips returning on this date (YYYY-MM-DD), on or after the last departure date; omit for one way.'),
    cabin_class: cabinClass.default('economy').describe('Cabin to watch.'),
    target_price: z.number().positive().max(1_000_000).nullable().optional()
      .describe('Notify when the cheapest one-adult fare (round trip with return_date) is at or below this (major units, e.g. 399.99). Omit or null: notify on any drop.'),
    currency: currencyCode.default('USD').describe('Currency of the target and of the prices watched (ISO 4217).'),
    channels: z.array(z.enum(ALERT_CHANNELS)).min(1).max(ALERT_CHANNELS.length).default([...ALERT_CHANNELS])
      .describe('webhook: the account webhooks get alert.triggered; in_app: shown on GET /api/alerts. Default both.'),
    user_id: z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): the user the alert is for.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const single = body.departure_date !== undefined;
    const window = body.date_from !== undefined || body.date_to !== undefined;
    if (single && window) ctx.addIssue({ code: 'custom', path: ['departure_date'], message: 'Give departure_date or a window (date_from and date_to), not both' });
    if (!single && !window) ctx.addIssue({ code: 'custom', path: ['departure_date'], message: 'Give departure_date, or date_from and date_to' });
    if (!single && window && (body.date_from === undefined || body.date_to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [body.date_from === undefined ? 'date_from' : 'date_to'], message: 'A window needs both date_from and date_to' });
      return;
    }
    const from = body.departure_date ?? body.date_from;
    const to = body.departure_date ?? body.date_to;
    if (from === undefined || to === undefined) return;
    const names = single
      ? { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'departure_date' }
      : { origin: 'origin', destination: 'destination', departure: 'date_from', ret: 'date_to' };
    const problems = [
      ...tripProblems({ origin: body.origin, destination: body.destination, departure: from, ret: to }, names),
      // The window's end must be on sale too; the other checks on it repeat the start's.
      ...tripProblems({ origin: body.origin, destination: body.destination, departure: to }, { ...names, departure: names.ret })
        .filter((p) => p.message.startsWith('Airlines do not sell')),
    ];
    const seen = new Set<string>();
    for (const p of problems) {
      const key = `${p.path.join('.')}|${p.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
    if (body.return_date !== undefined) {
      if (body.return_date < to) ctx.addIssue({ code: 'custom', path: ['return_date'], message: `Return date must not be before the last departure date (${to})` });
      const late = tripProblems({ origin: body.origin, destination: body.destination, departure: body.return_date }, { ...names, departure: 'return_date' })
        .filter((p) => p.message.startsWith('Airlines do not sell'));
      for (const p of late) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
    if (!single && daysBetween(from, to) + 1 > MAX_WINDOW_DAYS) ctx.addIssue({ code: 'custom', path: ['date_to'], message: `A window spans at most ${MAX_WINDOW_DAYS} days` });
  });

export type CreateAlertInput = z.output<typeof CreateAlertRequest>;

export const AlertResponse = z.object({
  id: z.string().describe('Alert id (alt_...).'),
  user_id: z.string(),
  origin: z.string(),
  destination: z.string(),
  departure_date: z.string().nullable().describe('The single date watched; null for a window.'),
  date_from: z.string().describe('First date watched (equals departure_date for a single date).'),
  date_to: z.string().describe('Last date watched.'),
  return_date: z.string().nullable().describe('The return date of the round trips watched; null for one way.'),
  cabin_class: z.string(),
  target_price: z.number().nullable().describe('Target in major units; null: any drop.'),
  currency: z.string(),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  status: z.enum(['active', 'expired']).describe('expired once every date of the window has passed.'),
  created_at: z.string(),
  last_price: z.number().nullable().describe('Cheapest fare last seen on the dates still ahead (major units); null until evaluated.'),
  last_checked_at: z.string().nullable(),
  trigger_count: z.number().int().describe('How many times the alert fired.'),
  last_triggered_at: z.string().nullable(),
});

export type AlertResponse = z.input<typeof AlertResponse>;
