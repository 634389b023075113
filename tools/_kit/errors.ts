// The one error vocabulary. Every failure a tool can raise is a ToolError with a
// code from this table; adapters map codes to HTTP statuses and MCP isError results
// here and nowhere else.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default advice for a model or developer who hit this code. */
const DEFAULT_HINTS: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Fix the request and send it again.',
  UNAUTHENTICATED: 'Send a valid API key or token in the Authorization header.',
  PAYMENT_REQUIRED: 'This needs a paid plan; upgrade the account first.',
  FORBIDDEN: 'This caller is not allowed to do this; do not retry with the same credentials.',
  NOT_FOUND: 'Check the identifier; it does not exist or is not visible to this caller.',
  METHOD_NOT_ALLOWED: 'Use one of the methods listed in the Allow header.',
  CONFLICT: 'The resource is in a state that does not allow this; re-read it and choose an allowed action.',
  GONE: 'It has expired or been retired; search again for a fresh one.',
  PAYLOAD_TOO_LARGE: 'Send a smaller body.',
  VALIDATION_FAILED: 'Correct the fields named in the error and call again.',
  UNPROCESSABLE: 'The request is well-formed but cannot be carried out as asked; change it and retry.',
  RATE_LIMITED: 'Wait before retrying; see Retry-After.',
  INTERNAL: 'Something went wrong on our side; retry later.',
  UPSTREAM_FAILED: 'An upstream provider failed; retry in a moment or try other dates or routes.',
  UNAVAILABLE: 'The service is temporarily unavailable; retry later.',
  UPSTREAM_TIMEOUT: 'An upstream provider timed out; retry in a moment.',
};

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  /** Extra, safe-to-show data, e.g. allowed values. Never internal state. */
  readonly details: Record<string, unknown> | undefined;
  /** Field-level problems; set for VALIDATION_FAILED. */
  readonly issues: ValidationIssue[] | undefined;

  constructor(code: ErrorCode, message: string, opts: { hint?: string; details?: Record<string, unknown>; issues?: ValidationIssue[]; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'ToolError';
    this.code = code;
    this.hint = opts.hint ?? DEFAULT_HINTS[code];
    this.details = opts.details;
    this.issues = opts.issues;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isToolError(err: unknown): err is ToolError {
  return err instanceof ToolError;
}

/** Turns anything thrown into a ToolError; unknown errors become INTERNAL without leaking their message. */
export function toToolError(err: unknown): ToolError {
  if (isToolError(err)) return err;
  return new ToolError('INTERNAL', 'Internal error', { cause: err });
}
