// playbook.update (MCP update_playbook): changes only the fields given, merged
// onto the saved playbook or the default, so a model can say "I now avoid Ryanair"
// without restating everything.
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { McpPlaybook, mcpPlaybook } from './playbook-mcp-view.js';
import { mergePlaybook } from './merge-playbook.js';
import { airlineList, airportList, cabinClass, minCpp, playbookView, programList, selfConnectRisk } from './playbook-schemas.js';

const UpdateArgs = z
  .object({
    homeAirports: airportList.optional().describe('Replaces the list: IATA airport or city codes.'),
    preferredAirlines: airlineList.optional().describe('Replaces the list: 2-character IATA airline codes.'),
    avoidedAirlines: airlineList.optional().describe('Replaces the list: airlines search should hide.'),
    cabin: cabinClass.optional(),
    programs: programList.optional().describe('Replaces the list: [{program, balance}], programme slugs such as "amex_mr".'),
    minCpp: minCpp.optional().describe('Least US cents per point accepted, 0–10.'),
    selfConnectRisk: selfConnectRisk.optional(),
  })
  .strict();

const CAMEL_NAMES = { homeAirports: 'homeAirports', preferredAirlines: 'preferredAirlines', avoidedAirlines: 'avoidedAirlines', programs: 'programs' };

export const updatePlaybookTool = defineTool({
  name: 'playbook.update',
  title: 'Update my playbook',
  description:
    'Changes the fields given and keeps the rest (merged onto the saved playbook, or the default when none is saved yet). A list given replaces that list. ' +
    'The merged result is checked as a whole, e.g. known programme slugs and no airline both preferred and avoided. Answers the saved playbook, as get_playbook does.',
  area: 'Playbook',
  input: UpdateArgs,
  output: McpPlaybook,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: false,
  mcp: { name: 'update_playbook', annotations: { title: 'Update my playbook', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, undefined);
    const saved = await ctx.services.playbooks.update(userId, (current) => mergePlaybook(current, input, CAMEL_NAMES, []));
    return mcpPlaybook(playbookView(userId, saved));
  },
});
