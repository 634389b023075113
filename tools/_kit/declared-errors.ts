import type { AnyTool } from './define-tool.js';
import type { ErrorCode } from './errors.js';
import type { AuthRule } from './principal.js';

// What a tool may answer besides success, known in one place: OpenAPI documents it and,
// in test mode, invoke refuses a handler that raises anything else (the contract would lie).

/** Codes any tool call may end with, whatever the tool: bad input, our bug, limits, a dependency down. */
export const ALWAYS_POSSIBLE: readonly ErrorCode[] = ['VALIDATION_FAILED', 'INTERNAL', 'RATE_LIMITED', 'UNAVAILABLE'];

/** What the auth rule itself refuses with, before the handler runs. */
export function authErrors(rule: AuthRule): ErrorCode[] {
  if (rule === 'none') return [];
  // An optional-auth call is refused (403 insufficient_scope) when its key or token lacks a scope.
  if (rule === 'optional') return ['FORBIDDEN'];
  return ['UNAUTHENTICATED', 'FORBIDDEN'];
}

/** Every code a call of this tool may end with on any surface. */
export function declaredErrors(tool: AnyTool): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([
    ...tool.errors,
    ...authErrors(tool.auth),
    ...ALWAYS_POSSIBLE,
    // An Idempotency-Key reused with another body (withIdempotency).
    ...(tool.rest && tool.rest.idempotencyKey ? (['CONFLICT'] as const) : []),
  ]);
}
