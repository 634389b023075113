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
    homeAirports: airportList.optional().describe('IATA codes.'),
    preferredAirlines: airlineList.optional().describe('IATA airline codes.'),
    avoidedAirlines: airlineList.optional().describe('Airlines search hides.'),
    cabin: cabinClass.optional(),
    programs: programList.optional().describe('Program slugs (points_info programs) and balances.'),
    minCpp: minCpp.optional().describe('Least US cents per point accepted.'),
    selfConnectRisk: selfConnectRisk.optional(),
  })
  .strict();

const CAMEL_NAMES = { homeAirports: 'homeAirports', preferredAirlines: 'preferredAirlines', avoidedAirlines: 'avoidedAirlines', programs: 'programs' };

export const updatePlaybookTool = defineTool({
  name: 'playbook.update',
  title: 'Update my playbook',
  description:
    'Changes the playbook fields given and keeps the rest; a list given replaces that list. The result is checked whole (known program slugs, no airline ' +
    'both preferred and avoided). Answers the saved playbook.',
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
