// playbook.put: saves the caller's whole playbook (a full replace).
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { changeFromBody, mergePlaybook } from './merge-playbook.js';
import {
  DEFAULT_PLAYBOOK, PlaybookView, SNAKE_NAMES, airlineList, airportList, cabinClass, minCpp, playbookProblems, playbookView, programList, selfConnectRisk,
} from './playbook-schemas.js';

const d = DEFAULT_PLAYBOOK;

export const PlaybookBody = z
  .object({
    user_id: z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): whose playbook.'),
    home_airports: airportList.default([]).describe('IATA airport or city codes, e.g. ["JFK", "LON"]; at most 10.'),
    preferred_airlines: airlineList.default([]).describe('IATA airline codes, e.g. ["BA", "AA"].'),
    avoided_airlines: airlineList.default([]).describe('IATA airline codes flight search hides unless the request names its own; none may also be preferred.'),
    cabin: cabinClass.default(d.cabin).describe('Cabin searched when a request names none (default economy).'),
    programs: programList.default([]).describe('Programmes held, each once, with a whole, non-negative balance: [{"program": "amex_mr", "balance": 120000}].'),
    min_cpp: minCpp.default(d.minCpp).describe('Least US cents per point accepted, 0–10 (default 1.0).'),
    self_connect_risk: selfConnectRisk.default(d.selfConnectRisk).describe('avoid (default), cautious or comfortable.'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const problems = playbookProblems({ homeAirports: b.home_airports, preferredAirlines: b.preferred_airlines, avoidedAirlines: b.avoided_airlines, programs: b.programs }, SNAKE_NAMES, []);
    for (const p of problems) ctx.addIssue({ code: 'custom', path: p.loc, message: p.msg });
  });

export const putPlaybookTool = defineTool({
  name: 'playbook.put',
  title: 'Save my playbook',
  description:
    'Creates or replaces the caller\'s playbook. It is a full replace: a field left out goes back to its default (an empty list, economy, 1.0 ¢/point, self-connects avoided). ' +
    'Checks: airports must be known IATA airport or city codes; airlines 2-character IATA codes, each once, none both preferred and avoided; ' +
    'programmes known slugs (GET /api/points/programs), each once, with whole non-negative balances; min_cpp 0–10. Any problem is a 422 naming the field. ' +
    'Answers the saved playbook. user_id is only for the service back end (internal key).',
  area: 'Playbook',
  input: PlaybookBody,
  output: PlaybookView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PUT', path: '/api/user/playbook' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    // Every field is present (the schema fills defaults), so merging onto nothing is the full replace.
    const saved = await ctx.services.playbooks.save(userId, mergePlaybook(null, changeFromBody(input), SNAKE_NAMES, ['body']));
    return playbookView(userId, saved);
  },
});
