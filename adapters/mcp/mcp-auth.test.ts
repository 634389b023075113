import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../tools/_kit/define-tool.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { Runtime } from '../http/request-context.js';
import { checkScope } from './mcp-auth.js';

const tool = (readOnly: boolean) => defineTool({
  name: 't', title: 't', description: 'a tool for scope tests', area: 't', input: z.object({}), output: z.object({}), errors: [], auth: 'optional',
  rest: false, mcp: { name: 't', annotations: { readOnlyHint: readOnly } }, handler: async () => ({}),
});

function fakeRes() {
  const headers: Record<string, string> = {};
  let status = 200;
  const res = { setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v), status: (s: number) => ((status = s), res), json: () => res };
  return { res: res as unknown as Response, headers, status: () => status };
}
const runtime = { baseUrl: () => 'https://api.example' } as unknown as Runtime;
const req = {} as Request;

describe('MCP scope checks', () => {
  it('lets read-only grants call read-only tools but not booking ones', () => {
    const reader: Principal = { kind: 'user', userId: 'u', tier: 'free', via: 'oauth', scopes: ['read'] };
    expect(checkScope(req, fakeRes().res, runtime, reader, tool(true))).toBe(true);
    const denied = fakeRes();
    expect(checkScope(req, denied.res, runtime, reader, tool(false))).toBe(false);
    expect(denied.status()).toBe(403);
    expect(denied.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });

  it('limits an admin acting through an OAuth grant like anyone else, but not through a key', () => {
    const oauthAdmin: Principal = { kind: 'admin', userId: 'a', via: 'oauth', scopes: ['read'] };
    expect(checkScope(req, fakeRes().res, runtime, oauthAdmin, tool(false))).toBe(false);
    const keyAdmin: Principal = { kind: 'admin', userId: 'a', via: 'api_key' };
    expect(checkScope(req, fakeRes().res, runtime, keyAdmin, tool(false))).toBe(true);
  });
});
