import type { Request, Response } from 'express';
import type { RequestId } from '@modelcontextprotocol/server';
import { canonicalResource, wwwAuthenticate } from '../../oauth/index.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Principal } from '../../tools/_kit/principal.js';
import { authorizeScopes, requiredScopes, scopesNeededBy } from '../../tools/_kit/scopes.js';
import type { Runtime } from '../http/request-context.js';
import { RPC, rpcError } from './jsonrpc-errors.js';

/**
 * Who calls /mcp: an OAuth access token issued for this server's /mcp, an API key, an
 * identity-provider JWT, or nobody (anonymous discovery: the router lets anonymous
 * callers list tools and call the ones REST serves them). Credentials that fail never
 * fall back to anonymous: 401 with the challenge that sends OAuth clients to our
 * protected-resource metadata; an address past its budget of invalid API keys gets 429
 * with Retry-After. Undefined when answered already.
 */
export async function authenticateMcp(req: Request, res: Response, runtime: Runtime): Promise<Principal | undefined> {
  let principal: Principal;
  try {
    // The address turns on the per-address limit on invalid API keys, as on REST.
    // Only a bearer token is checked against the audience: working out the public origin (trust-proxy rules) per call was a measurable share of /mcp.
    const resource = req.headers.authorization !== undefined ? { resource: canonicalResource(runtime.baseUrl(req)) } : {};
    principal = await runtime.resolvePrincipal(req.headers, { ...resource, address: req.ip ?? 'unknown' });
  } catch (err) {
    if (!(err instanceof ToolError) || err.code !== 'RATE_LIMITED') throw err;
    const retry = err.details?.retry_after_s;
    res.setHeader('Retry-After', String(typeof retry === 'number' ? Math.max(1, Math.ceil(retry)) : 60));
    rpcError(res, 429, RPC.SERVER_ERROR, `Too many requests: ${err.message}`);
    return undefined;
  }
  if (principal.kind !== 'anonymous' || !principal.authError) return principal;
  res.setHeader('WWW-Authenticate', wwwAuthenticate(runtime.baseUrl(req), { error: 'invalid_token' }));
  rpcError(res, 401, RPC.SERVER_ERROR, 'Unauthorized: invalid credentials');
  return undefined;
}

/**
 * 401 with the resource-metadata challenge for an anonymous call to a tool that needs a
 * user, naming the scopes it needs: OAuth clients sign in at this moment. The JSON-RPC
 * error carries the request id so the client can match it.
 */
export function challengeSignIn(req: Request, res: Response, runtime: Runtime, tool: AnyTool, id: RequestId | undefined): void {
  res.setHeader('WWW-Authenticate', wwwAuthenticate(runtime.baseUrl(req), { scope: requiredScopes(tool) }));
  rpcError(res, 401, RPC.SERVER_ERROR, `Unauthorized: ${tool.mcp ? tool.mcp.name : tool.name} needs a signed-in user; send an OAuth access token or API key as a Bearer token`, id ?? null);
}

/**
 * 403 insufficient_scope at the HTTP layer when the caller's grant lacks what the tool
 * declares (the same declaration invoke enforces): MCP clients step up on this status
 * and challenge, which an isError tool result would not trigger. True when allowed.
 */
export function checkScope(req: Request, res: Response, runtime: Runtime, principal: Principal, tool: AnyTool): boolean {
  let needed: readonly string[] | undefined;
  try {
    authorizeScopes(tool, principal);
    return true;
  } catch (err) {
    needed = scopesNeededBy(err);
    if (!needed) throw err;
  }
  res.setHeader('WWW-Authenticate', wwwAuthenticate(runtime.baseUrl(req), { error: 'insufficient_scope', scope: needed }));
  rpcError(res, 403, RPC.SERVER_ERROR, `Forbidden: this tool needs the scopes ${needed.join(' ')}`);
  return false;
}
