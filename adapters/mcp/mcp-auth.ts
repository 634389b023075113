import type { Request, Response } from 'express';
import { canonicalResource, wwwAuthenticate } from '../../oauth/index.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import type { Principal } from '../../tools/_kit/principal.js';
import { authorizeScopes, scopesNeededBy } from '../../tools/_kit/scopes.js';
import type { Runtime } from '../http/request-context.js';
import { RPC, rpcError } from './jsonrpc-errors.js';

/**
 * /mcp needs a caller: an OAuth access token issued for this server's /mcp, an API
 * key or an identity-provider JWT. Without one the answer is 401 with the challenge
 * that sends OAuth clients to our protected-resource metadata.
 */
export async function authenticateMcp(req: Request, res: Response, runtime: Runtime): Promise<Principal | undefined> {
  const base = runtime.baseUrl(req);
  const principal = await runtime.resolvePrincipal(req.headers, { resource: canonicalResource(base) });
  if (principal.kind !== 'anonymous') return principal;
  res.setHeader('WWW-Authenticate', wwwAuthenticate(base, principal.authError ? { error: 'invalid_token' } : {}));
  rpcError(res, 401, RPC.SERVER_ERROR, principal.authError ? 'Unauthorized: invalid credentials' : 'Unauthorized: send an OAuth access token or API key as a Bearer token');
  return undefined;
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
