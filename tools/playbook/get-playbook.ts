// playbook.get: the caller's saved preferences, or the conservative default.
import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { McpPlaybook, mcpPlaybook } from './playbook-mcp-view.js';
import { PlaybookView, playbookView } from './playbook-schemas.js';

export const getPlaybookTool = defineTool({
  name: 'playbook.get',
  title: 'Read my playbook',
  description:
    'The caller\'s playbook: home airports, preferred and avoided airlines, cabin, the points programmes held with their balances, the least cents per point accepted ' +
    'and the tolerance for self-connect itineraries. Someone who never saved one gets the conservative default (economy, nothing held, 1.0 ¢/point, self-connects avoided) ' +
    'with is_default true; so does an anonymous caller. Search and the points tools fall back on a saved playbook when a request leaves those values out. ' +
    'user_id is only for the service back end (internal key), which must name the user.',
  area: 'Playbook',
  input: z.object({ user_id: z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): whose playbook.') }),
  output: PlaybookView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  // Optional: the default is the same for everyone, so an anonymous caller may see it.
  auth: 'optional',
  scopes: ['read'],
  rest: { method: 'GET', path: '/api/user/playbook', query: ['user_id'] },
  mcp: {
    name: 'get_playbook',
    description:
    'Your playbook (no arguments): homeAirports, preferred and avoided airlines, cabin, points programs with balances, minCpp and selfConnectRisk; without ' +
    'a saved one, a conservative default with isDefault true. search_flights and the points tools use it when a call leaves those out. Change it with ' +
    'update_playbook.',
    annotations: { title: 'Read my playbook', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    input: z.object({}).strict(),
    toInput: () => ({}),
    output: McpPlaybook,
    fromOutput: mcpPlaybook,
  },
  handler: async (ctx, input) => {
    if (ctx.principal.kind === 'anonymous' && input.user_id === undefined) return playbookView(null, null);
    const userId = actingUserId(ctx.principal, input.user_id);
    return playbookView(userId, await ctx.services.playbooks.find(userId));
  },
});
