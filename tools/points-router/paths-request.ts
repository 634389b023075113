import { z } from 'zod';
import { cabinClass, isoDate, placeCode, tripProblems } from '../flights/search-input.js';
import { PROGRAMS } from '../points/data/programs.js';
import { MAX_K } from '../points/graph/transfer-graph.js';
import { ROUTER_CURRENCIES, knownCurrency } from './fx-usd.js';
import { WARM_K } from './router-graph.js';

// PathsRequest: one flight, its cash price and the caller's balances. A signed-in
// caller may leave balances and min_cpp out: their saved playbook fills them in
// (playbook-defaults.ts).

const PROGRAM_IDS = PROGRAMS.items.map((p) => p.id);
const programIds = new Set(PROGRAM_IDS);

export const PathsRequest = z
  .object({
    origin: placeCode.describe('IATA code of the departure airport or city, e.g. "JFK" (a city code uses its main airport).'),
    destination: placeCode.describe('IATA code of the arrival airport or city, e.g. "LHR".'),
    departure_date: isoDate.describe('Departure date (YYYY-MM-DD), local to the origin.'),
    cabin_class: cabinClass.describe('Cabin of the award: economy, premium_economy, business or first.'),
    cash_price: z.number().positive().max(1_000_000).describe('What the same flight costs in cash for the whole party, in `currency`: the value the points are measured against.'),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD').transform((s) => s.toUpperCase())
      .refine(knownCurrency, { message: `Unsupported currency; use one of ${ROUTER_CURRENCIES.join(', ')}` })
      .default('USD').describe('Currency of cash_price and of the taxes in the answer (default USD). Cents per point are always US cents.'),
    balances: z.record(z.string(), z.number().int().min(0).max(100_000_000))
      .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one balance, e.g. {"amex_mr": 120000}' })
      .superRefine((b, ctx) => {
        for (const id of Object.keys(b)) {
          if (!programIds.has(id)) ctx.addIssue({ code: 'custom', path: [id], message: `Unknown programme "${id}"; valid programmes: ${PROGRAM_IDS.join(', ')}` });
        }
      })
      .optional()
      .describe('Points and miles the caller holds, by programme slug: banks (amex_mr, chase_ur, citi_typ, capital_one, bilt, wells_fargo), hotels and airlines. Signed-in callers may omit it to use the programmes saved in their playbook; without either it is a 422.'),
    min_cpp: z.number().min(0).max(10).optional()
      .describe('Least US cents per point worth spending points on (0–10): covered paths worth less move to below_min_cpp. Omitted: the playbook\'s min_cpp for a signed-in caller who saved one, else no floor.'),
    passengers: z.number().int().min(1).max(9).default(1).describe('Travellers on the award (1–9); miles and taxes are per passenger times this.'),
    k: z.number().int().min(1).max(MAX_K).default(WARM_K).describe(`Transfer paths searched per source currency and programme (1–${MAX_K}, default ${WARM_K}): the cheapest is shown, plus any alternative that arrives faster.`),
  })
  .strict()
  .superRefine((body, ctx) => {
    const trip = { origin: body.origin, destination: body.destination, departure: body.departure_date };
    for (const p of tripProblems(trip, { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'return_date' })) {
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    }
  });

export type PathsInput = z.output<typeof PathsRequest>;
