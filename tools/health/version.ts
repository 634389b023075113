import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';

const VersionOutput = z.object({
  api_version: z.string().describe('Version of the API contract (OpenAPI info.version)'),
  sha: z.string().nullable().describe('Deployed commit SHA'),
  branch: z.string().nullable(),
  committed_at: z.string().nullable().describe('Commit timestamp'),
  built_at: z.string().nullable().describe('Deploy or build timestamp, when the deploy provides one'),
  started_at: z.string().describe('When this process started'),
  source: z.enum(['env', 'git', 'unknown']).describe('Where the SHA came from: deploy environment or the git checkout'),
});

export const API_VERSION = '1.0.0';

export const versionTool = defineTool({
  name: 'health.version',
  title: 'Deployed version',
  description: 'Reports the running deploy: commit SHA, branch and timestamps, read from deploy-time environment values or, from a checkout, from git.',
  area: 'Health and version',
  input: z.object({}),
  output: VersionOutput,
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/version' },
  mcp: false,
  handler: async (ctx) => {
    const v = ctx.services.version;
    return { api_version: API_VERSION, sha: v.sha, branch: v.branch, committed_at: v.committedAt, built_at: v.builtAt, started_at: v.startedAt, source: v.source };
  },
});
