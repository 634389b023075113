// playbook.patch: changes only the fields sent (PATCH, merge semantics), so
// `{"cabin": "first"}` leaves balances, airlines and min_cpp as they were.
// PUT stays a full replace, as HTTP defines it.
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { changeFromBody, mergePlaybook } from './merge-playbook.js';
import { PlaybookView, SNAKE_NAMES, airlineList, airportList, cabinClass, minCpp, playbookView, programList, selfConnectRisk } from './playbook-schemas.js';

export const PlaybookPatchBody = z
  .object({
    user_id: z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): whose playbook.'),
    home_airports: airportList.optional().describe('Replaces the list of home airports (IATA airport or city codes).'),
    preferred_airlines: airlineList.optional().describe('Replaces the list of preferred airlines (IATA codes).'),
    avoided_airlines: airlineList.optional().describe('Replaces the list of avoided airlines (IATA codes).'),
    cabin: cabinClass.optional().describe('Cabin searched when a request names none.'),
    programs: programList.optional().describe('Replaces the list of programmes held with their balances.'),
    min_cpp: minCpp.optional().describe('Least US cents per point accepted, 0–10.'),
    self_connect_risk: selfConnectRisk.optional().describe('avoid, cautious or comfortable.'),
  })
  .strict();

export const patchPlaybookTool = defineTool({
  name: 'playbook.patch',
  title: 'Change part of my playbook',
  description:
    'Changes only the fields sent and keeps every other saved value (when nothing is saved yet, the rest are the defaults). A list sent replaces that list. ' +
    'The merged playbook is checked as a whole with the same rules as PUT (known airports, airlines and programme slugs, no airline both preferred and avoided); ' +
    'any problem is a 422 and nothing is saved. Concurrent changes to one playbook are applied one after the other, so neither is lost. Answers the saved playbook.',
  area: 'Playbook',
  input: PlaybookPatchBody,
  output: PlaybookView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PATCH', path: '/api/user/playbook' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    const saved = await ctx.services.playbooks.update(userId, (current) => mergePlaybook(current, changeFromBody(input), SNAKE_NAMES, ['body']));
    return playbookView(userId, saved);
  },
});
