import type { AnyTool } from './define-tool.js';
import { ToolError } from './errors.js';
import type { Principal, Scope } from './principal.js';

// Which grant a tool needs, and the one check every surface runs against it.

/** Marks a FORBIDDEN ToolError as a missing grant, so HTTP can answer with an insufficient_scope challenge. */
export const INSUFFICIENT_SCOPE = 'insufficient_scope';

type ScopeSource = Pick<AnyTool, 'scopes' | 'rest' | 'mcp'>;

/** A tool that only looks: MCP says so, or (without an MCP hint) it is a REST GET. */
function looksReadOnly(tool: ScopeSource): boolean {
  const hint = tool.mcp ? tool.mcp.annotations?.readOnlyHint : undefined;
  if (hint !== undefined) return hint;
  return tool.rest !== false && tool.rest.method === 'GET';
}

/**
 * Every scope a scoped caller must hold to call the tool: its declaration, else
 * `read` for tools that only look and `read book` for anything else. The fallback
 * errs towards `book` so an undeclared writer is never open to a lesser grant.
 */
export function requiredScopes(tool: ScopeSource): readonly Scope[] {
  if (tool.scopes) return tool.scopes;
  return looksReadOnly(tool) ? ['read'] : ['read', 'book'];
}

/** The caller's grant, or undefined for callers that have none to limit them (anonymous, internal, key-less admins). */
export function grantedScopes(principal: Principal): readonly Scope[] | undefined {
  return principal.kind === 'user' || principal.kind === 'admin' ? principal.scopes : undefined;
}

/** FORBIDDEN (insufficient_scope) when the caller carries a grant that lacks something the tool needs. */
export function authorizeScopes(tool: ScopeSource, principal: Principal): void {
  const granted = grantedScopes(principal);
  if (!granted) return;
  const needed = requiredScopes(tool);
  const missing = needed.filter((s) => !granted.includes(s));
  if (missing.length === 0) return;
  throw new ToolError('FORBIDDEN', `This needs the ${missing.join(' and ')} scope; the key or token was granted only ${granted.join(' ') || 'no scopes'}`, {
    hint: `Use an API key or OAuth token granted the scopes ${needed.join(' ')}.`,
    details: { error: INSUFFICIENT_SCOPE, required_scopes: [...needed], granted_scopes: [...granted] },
  });
}

/** The scopes a refused call needed, when `err` is an insufficient-scope refusal; else undefined. */
export function scopesNeededBy(err: unknown): readonly string[] | undefined {
  if (!(err instanceof ToolError) || err.code !== 'FORBIDDEN' || err.details?.error !== INSUFFICIENT_SCOPE) return undefined;
  const needed = err.details.required_scopes;
  return Array.isArray(needed) ? needed.filter((s): s is string => typeof s === 'string') : undefined;
}
