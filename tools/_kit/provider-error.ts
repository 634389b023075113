import { ToolError } from './errors.js';
import type { ProviderName } from './providers.js';

// Every upstream failure, whatever its wire format, becomes one of these kinds.
// Adapters decide the kind; tools and the search aggregator only read it.

export type ProviderErrorKind =
  /** No answer within the time budget. */
  | 'timeout'
  /** 429, or the provider's rate-limit error. */
  | 'rate_limited'
  /** 5xx, or the provider said it is unavailable. */
  | 'unavailable'
  /** A body we could not parse or that did not match the wire format. */
  | 'bad_response'
  /** The provider refused the request (4xx with a code, e.g. Duffel's validation errors). */
  | 'rejected'
  /** The resource is gone or unknown (an expired offer). */
  | 'not_found'
  /** Our credentials were refused. */
  | 'auth'
  /** Connection refused, reset, DNS. */
  | 'network'
  /** Our circuit breaker is open for this provider, so it was not called. */
  | 'circuit_open'
  /** Our concurrency limit for this provider is full. */
  | 'overloaded';

export class ProviderError extends Error {
  readonly provider: ProviderName;
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  /** The provider's own error code (Duffel `offer_no_longer_available`, Stripe `card_declined`). */
  readonly code: string | undefined;
  /** From Retry-After or ratelimit-reset, when the provider said. */
  readonly retryAfterMs: number | undefined;

  constructor(provider: ProviderName, kind: ProviderErrorKind, message: string, opts: { status?: number; code?: string; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.status = opts.status;
    this.code = opts.code;
    this.retryAfterMs = opts.retryAfterMs;
  }

  /** Worth another try on an idempotent call: transient kinds only. Duffel asks not to retry 500/502. */
  get transient(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network' || this.kind === 'rate_limited') return true;
    return this.kind === 'unavailable' && this.status !== 500 && this.status !== 502;
  }
}

export function isProviderError(err: unknown): err is ProviderError {
  return err instanceof ProviderError;
}

/** The tool-facing error for a provider failure; the provider's message is kept out of it. */
export function providerToolError(err: ProviderError): ToolError {
  const details = { provider: err.provider, reason: err.kind, ...(err.code ? { provider_code: err.code } : {}) };
  switch (err.kind) {
    case 'not_found':
      return new ToolError('GONE', `${err.provider} no longer knows this resource`, { details, cause: err });
    case 'timeout':
      return new ToolError('UPSTREAM_TIMEOUT', `${err.provider} did not answer in time`, { details, cause: err });
    case 'rejected':
      return new ToolError('UNPROCESSABLE', `${err.provider} refused the request${err.code ? ` (${err.code})` : ''}`, { details, cause: err });
    case 'circuit_open':
    case 'overloaded':
      return new ToolError('UNAVAILABLE', `${err.provider} is temporarily not being called`, { details, cause: err });
    default:
      return new ToolError('UPSTREAM_FAILED', `${err.provider} failed (${err.kind})`, { details, cause: err });
  }
}
