import { ERROR_STATUS, type ToolError } from '../../tools/_kit/errors.js';
import { INSUFFICIENT_SCOPE, scopesNeededBy } from '../../tools/_kit/scopes.js';

// The one place a ToolError becomes an HTTP answer (REST) or an MCP tool error.

export interface HttpErrorBody {
  detail: unknown;
  code?: string;
  hint?: string;
  details?: Record<string, unknown>;
  /** The X-Request-Id of the answer, in the body too: people paste bodies, not headers, into reports. */
  request_id?: string;
}

/** RFC 6750 §3: a grant that lacks a scope is told which scopes to come back with. */
function challenge(err: ToolError): Record<string, string> | undefined {
  const needed = scopesNeededBy(err);
  if (!needed) return undefined;
  return { 'WWW-Authenticate': `Bearer error="${INSUFFICIENT_SCOPE}", scope="${needed.join(' ')}"` };
}

/**
 * A 503 says when to come back (RFC 9110 §10.2.3), so clients and balancers back off instead
 * of hammering; so does a 429 that knows (the meter sets its own headers on the response).
 */
function retryAfter(err: ToolError): Record<string, string> | undefined {
  const s = err.details?.retry_after_s;
  if (err.code === 'RATE_LIMITED' && typeof s === 'number') return { 'Retry-After': String(Math.max(1, Math.ceil(s))) };
  if (err.code !== 'UNAVAILABLE') return undefined;
  return { 'Retry-After': String(typeof s === 'number' && s > 0 ? Math.ceil(s) : 5) };
}

export function httpError(err: ToolError, requestId?: string): { status: number; body: HttpErrorBody; headers?: Record<string, string> } {
  const status = ERROR_STATUS[err.code];
  const rid = requestId ? { request_id: requestId } : {};
  if (err.code === 'VALIDATION_FAILED' && err.issues) return { status, body: { detail: err.issues, ...rid } };
  const headers = challenge(err) ?? retryAfter(err);
  return { status, body: { detail: err.message, code: err.code, hint: err.hint, ...(err.details ? { details: err.details } : {}), ...rid }, ...(headers ? { headers } : {}) };
}

/** Text for an MCP `isError` result: what went wrong and what the model should do next. */
export function mcpErrorText(err: ToolError): string {
  const issues = err.issues?.map((i) => `${i.loc.join('.') || '(arguments)'}: ${i.msg}`).join('; ');
  const details = err.details ? ` Details: ${JSON.stringify(err.details)}.` : '';
  return `${err.code}: ${err.message}${issues ? ` (${issues})` : ''}.${details} ${err.hint}`;
}
