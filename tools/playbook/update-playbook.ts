// playbook.update (MCP update_playbook): changes only the fields given, merged
// onto the saved playbook or the default, so a model can say "I now avoid Ryanair"
// without restating everything.
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { McpPlaybook, mcpPlaybook } from './playbook-mcp-view.js';
import { DEFAULT_PLAYBOOK, airlineList, airportList, cabinClass, minCpp, playbookProblems, playbookView, programList, selfConnectRisk } from './playbook-schemas.js';
import type { PlaybookData } from './playbook-store.js';

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
    const base: PlaybookData = (await ctx.services.playbooks.find(userId)) ?? DEFAULT_PLAYBOOK;
    const merged: PlaybookData = {
      homeAirports: input.homeAirports ?? base.homeAirports,
      preferredAirlines: input.preferredAirlines ?? base.preferredAirlines,
      avoidedAirlines: input.avoidedAirlines ?? base.avoidedAirlines,
      cabin: input.cabin ?? base.cabin,
      programs: input.programs ?? base.programs,
      minCpp: input.minCpp ?? base.minCpp,
      selfConnectRisk: input.selfConnectRisk ?? base.selfConnectRisk,
    };
    const issues = playbookProblems(merged, CAMEL_NAMES, []);
    if (issues.length > 0) throw new ToolError('VALIDATION_FAILED', 'The updated playbook would be inconsistent', { issues });
    return mcpPlaybook(playbookView(userId, await ctx.services.playbooks.save(userId, merged)));
  },
});
