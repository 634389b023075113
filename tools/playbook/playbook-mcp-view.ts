import { z } from 'zod';
import { SELF_CONNECT_RISKS } from './playbook-store.js';
import type { PlaybookViewOut } from './playbook-schemas.js';

// The playbook as the MCP tools answer it: the REST view in camelCase, like the
// other MCP tools' arguments and results.

export const McpPlaybook = z.object({
  userId: z.string().nullable(),
  homeAirports: z.array(z.string()),
  preferredAirlines: z.array(z.string()),
  avoidedAirlines: z.array(z.string()),
  cabin: z.string(),
  programs: z.array(z.object({ program: z.string(), balance: z.number().int() })),
  minCpp: z.number().describe('Least US cents per point accepted.'),
  selfConnectRisk: z.enum(SELF_CONNECT_RISKS),
  isDefault: z.boolean().describe('True when nothing is saved yet.'),
  updatedAt: z.string().nullable(),
});

export function mcpPlaybook(v: PlaybookViewOut): z.output<typeof McpPlaybook> {
  return {
    userId: v.user_id,
    homeAirports: v.home_airports,
    preferredAirlines: v.preferred_airlines,
    avoidedAirlines: v.avoided_airlines,
    cabin: v.cabin,
    programs: v.programs,
    minCpp: v.min_cpp,
    selfConnectRisk: v.self_connect_risk,
    isDefault: v.is_default,
    updatedAt: v.updated_at,
  };
}
