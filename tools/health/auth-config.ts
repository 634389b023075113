import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { principalUserId } from '../_kit/principal.js';

export const authConfigTool = defineTool({
  name: 'health.auth_config',
  title: 'Auth configuration check',
  description: 'Which auth secrets are configured (true/false only, never values), who the caller resolved to (first 8 characters of the user id), and why their credentials were rejected, if they were. Always 200.',
  area: 'Health and version',
  input: z.object({}),
  output: z.object({
    configured: z.record(z.string(), z.boolean()).describe('Presence of each auth secret'),
    caller: z.enum(['anonymous', 'user', 'internal', 'admin']),
    user_id: z.string().nullable().describe("First 8 characters of the caller's user id"),
    auth_error: z.string().nullable().describe('Why the credentials sent were rejected'),
  }),
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/health/auth-config' },
  mcp: false,
  handler: async (ctx) => {
    const p = ctx.principal;
    return {
      configured: ctx.services.settings.authPresence,
      caller: p.kind,
      user_id: principalUserId(p)?.slice(0, 8) ?? null,
      auth_error: p.kind === 'anonymous' ? (p.authError ?? null) : null,
    };
  },
});
