import { ERROR_STATUS, type ToolError } from '../../tools/_kit/errors.js';

// The one place a ToolError becomes an HTTP answer (REST) or an MCP tool error.

export interface HttpErrorBody {
  detail: unknown;
  code?: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export function httpError(err: ToolError): { status: number; body: HttpErrorBody } {
  const status = ERROR_STATUS[err.code];
  if (err.code === 'VALIDATION_FAILED' && err.issues) return { status, body: { detail: err.issues } };
  return { status, body: { detail: err.message, code: err.code, hint: err.hint, ...(err.details ? { details: err.details } : {}) } };
}

/** Text for an MCP `isError` result: what went wrong and what the model should do next. */
export function mcpErrorText(err: ToolError): string {
  const issues = err.issues?.map((i) => `${i.loc.join('.') || '(arguments)'}: ${i.msg}`).join('; ');
  const details = err.details ? ` Details: ${JSON.stringify(err.details)}.` : '';
  return `${err.code}: ${err.message}${issues ? ` (${issues})` : ''}.${details} ${err.hint}`;
}
