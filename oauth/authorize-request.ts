// Validates an authorization request (GET query or consent form body) in the
// order RFC 6749 §4.1.2.1 demands: until client and redirect URI are known good,
// errors are shown to the user and never redirected; after that they go back to
// the client with `state` and `iss`.
import { ClientLookupError, findClient, type OAuthClient } from './clients.js';
import type { RequestContext } from './context.js';
import { param } from './http.js';
import { redirectUriMatches } from './redirect-uris.js';
import { sameResource } from './resource.js';
import { DEFAULT_SCOPES, parseScopes, type Scope } from './scopes.js';

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  scopes: Scope[];
  codeChallenge: string;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; status: number; message: string } // shown on our page
  | { ok: false; location: string }; // sent back to the client

/** The error redirect (RFC 6749 §4.1.2.1) with the issuer (RFC 9207). */
export function errorRedirect(redirectUri: string, issuer: string, error: string, description: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export async function checkAuthorizeRequest(source: unknown, ctx: RequestContext): Promise<AuthorizeCheck> {
  const clientId = param(source, 'client_id');
  const redirectUri = param(source, 'redirect_uri');
  if (!clientId) return { ok: false, status: 400, message: 'The request has no client_id (or more than one).' };
  let client: OAuthClient | null;
  try {
    client = await findClient(ctx.store, clientId, { fetch: true });
  } catch (err) {
    if (err instanceof ClientLookupError) return { ok: false, status: 400, message: err.message };
    throw err;
  }
  if (!client) return { ok: false, status: 400, message: 'This application is not registered here, or its registration expired. Reconnect it from the application.' };
  if (!redirectUri) return { ok: false, status: 400, message: 'The request has no redirect_uri (or more than one).' };
  if (!redirectUriMatches(client.redirectUris, redirectUri)) {
    return { ok: false, status: 400, message: 'The redirect_uri is not one this application registered, so we will not send you there.' };
  }

  const state = param(source, 'state');
  const fail = (error: string, description: string): AuthorizeCheck => ({ ok: false, location: errorRedirect(redirectUri, ctx.issuer, error, description, state ?? undefined) });
  if (state === null) return fail('invalid_request', 'state must be given at most once');
  const responseType = param(source, 'response_type');
  if (responseType !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
  const challenge = param(source, 'code_challenge');
  const method = param(source, 'code_challenge_method');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (!PKCE_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be 43-128 characters of [A-Za-z0-9._~-]');
  // An absent method means plain (RFC 7636 §4.3), which OAuth 2.1 clients must not use.
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  const resource = param(source, 'resource');
  if (resource === null || (resource !== undefined && !sameResource(resource, ctx.resource))) {
    return fail('invalid_target', `tokens here are issued for ${ctx.resource} only`);
  }
  const scope = param(source, 'scope');
  if (scope === null) return fail('invalid_scope', 'scope must be given at most once');
  const asked = parseScopes(scope);
  return { ok: true, request: { client, redirectUri, state, scopes: asked.length > 0 ? asked : [...DEFAULT_SCOPES], codeChallenge: challenge } };
}
