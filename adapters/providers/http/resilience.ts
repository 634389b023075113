import {
  BrokenCircuitError,
  BulkheadRejectedError,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  bulkhead,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
  type RetryPolicy,
  type TimeoutPolicy,
} from 'cockatiel';
import { carryTag } from '../../../tools/_kit/answer-priority.js';
import { ProviderError, isProviderError } from '../../../tools/_kit/provider-error.js';
import type { ProviderHealth, ProviderName } from '../../../tools/_kit/providers.js';
import type { ProviderCallObserver } from '../../runtime/telemetry.js';
import { BodyTooLargeError } from './transport.js';

// Per-provider resilience, built from cockatiel: a concurrency limit, retries for
// idempotent calls only (jittered exponential backoff), a circuit breaker and a
// time budget per attempt. Every failure leaves here as a ProviderError.

export interface ResilienceOptions {
  /** Budget for one attempt. */
  timeoutMs: number;
  /** Extra attempts for idempotent calls. */
  retries: number;
  /** Consecutive failures that open the breaker. */
  breakerThreshold: number;
  /** How long the breaker stays open before letting one call through. */
  halfOpenAfterMs: number;
  /** Calls in flight at once; more wait in a queue of `queue`, then get `overloaded`. */
  concurrency: number;
  queue: number;
}

export const DEFAULT_RESILIENCE: ResilienceOptions = {
  timeoutMs: 15_000,
  retries: 1,
  breakerThreshold: 5,
  halfOpenAfterMs: 30_000,
  concurrency: 32,
  queue: 256,
};

/** Kinds that say the provider is unwell; a refusal of our request or a missing resource does not. */
const SICK_KINDS = new Set(['timeout', 'rate_limited', 'unavailable', 'bad_response', 'network', 'auth']);

type Outcome = NonNullable<ProviderHealth['lastOutcome']>;

export interface RunOptions<T> {
  /** Safe to send twice (reads, searches). Only these are retried. */
  idempotent: boolean;
  signal: AbortSignal;
  /** Marks a successful answer with nothing in it, for health: not a breaker failure. */
  isEmpty?: (value: T) => boolean;
}

/** What health shows for a call its caller stopped waiting for (a search's budget ran out). */
export const DEADLINE_DETAIL = 'search_budget_timeout';

/**
 * The caller stopped waiting because its deadline passed (AbortSignal.timeout's
 * reason, as a search budget gives), not because it went away: the provider was
 * too slow, and that counts against it like a timeout of our own.
 */
function isDeadline(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return signal.aborted && reason instanceof Error && reason.name === 'TimeoutError';
}

function deadlineError(provider: ProviderName, caller: AbortSignal): ProviderError {
  return new ProviderError(provider, 'timeout', `${provider} did not answer before the caller's deadline`, { cause: caller.reason });
}

function toProviderError(provider: ProviderName, err: unknown, caller: AbortSignal, timeoutMs: number): unknown {
  if (isDeadline(caller)) return isProviderError(err) ? err : deadlineError(provider, caller);
  if (isProviderError(err)) return err;
  if (caller.aborted) return err; // the caller went away: not the provider's fault
  if (err instanceof BodyTooLargeError) return new ProviderError(provider, 'bad_response', `${provider} sent ${err.message}; reading stopped there`, { cause: err });
  if (err instanceof TaskCancelledError) return new ProviderError(provider, 'timeout', `${provider} did not answer within ${timeoutMs} ms`, { cause: err });
  if (err instanceof SyntaxError) return new ProviderError(provider, 'bad_response', `${provider} sent a body that is not JSON`, { cause: err });
  if (err instanceof TypeError) return new ProviderError(provider, 'network', `${provider} could not be reached`, { cause: err });
  return err;
}

export class ProviderPolicy {
  readonly provider: ProviderName;
  private readonly opts: ResilienceOptions;
  private readonly limiter: BulkheadPolicy;
  private readonly retrier: RetryPolicy;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly budget: TimeoutPolicy;
  private last: Outcome | null = null;
  private lastEmpty = false;
  private readonly observe: ProviderCallObserver | undefined;

  /** `observe` hears every call's outcome and duration (metrics). */
  constructor(provider: ProviderName, opts: Partial<ResilienceOptions> = {}, observe?: ProviderCallObserver) {
    this.provider = provider;
    this.observe = observe;
    this.opts = { ...DEFAULT_RESILIENCE, ...opts };
    this.limiter = bulkhead(this.opts.concurrency, this.opts.queue);
    // Retry-After beyond a second means "not now": give up rather than hold the caller.
    const retryable = (e: unknown) => isProviderError(e) && e.transient && (e.retryAfterMs ?? 0) <= 1_000;
    this.retrier = retry(handleWhen(retryable), {
      maxAttempts: this.opts.retries,
      backoff: new ExponentialBackoff({ initialDelay: 100, maxDelay: 2_000 }),
    });
    this.breaker = circuitBreaker(handleWhen((e) => isProviderError(e) && SICK_KINDS.has(e.kind)), {
      halfOpenAfter: this.opts.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(this.opts.breakerThreshold),
    });
    // A finished attempt's signal is left as it is: aborting it (cockatiel's default) made
    // a DOMException and an abort event per successful call. A sibling request of a
    // failed attempt (seats.aero's other leg) still ends with the caller's signal.
    this.budget = timeout(this.opts.timeoutMs, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false });
  }

  /** Runs one upstream call under the provider's policies. `fn` must honour the signal it gets. */
  async run<T>(fn: (signal: AbortSignal) => Promise<T>, opts: RunOptions<T>): Promise<T> {
    const started = performance.now();
    const attempt = () =>
      this.breaker.execute(async ({ signal }) => {
        try {
          return await this.budget.execute(({ signal: inner }) => {
            carryTag(opts.signal, inner);
            return fn(inner);
          }, signal);
        } catch (err) {
          throw toProviderError(this.provider, err, opts.signal, this.opts.timeoutMs);
        }
      }, opts.signal);
    try {
      const value = await this.limiter.execute(
        ({ signal }) => (opts.idempotent ? this.retrier.execute(attempt, signal) : attempt()),
        opts.signal,
      );
      const empty = opts.isEmpty?.(value) ?? false;
      this.record({ status: empty ? 'empty' : 'ok', at: new Date().toISOString() }, empty, started);
      return value;
    } catch (err) {
      if (isDeadline(opts.signal)) {
        // Given up on: recorded for health (the breaker counted it inside), unless the breaker refused the call.
        const mapped = this.mapPolicyError(err);
        const refused = isProviderError(mapped) && (mapped.kind === 'circuit_open' || mapped.kind === 'overloaded');
        this.record({ status: 'error', at: new Date().toISOString(), detail: refused ? mapped.kind : DEADLINE_DETAIL }, false, started);
        throw refused ? mapped : deadlineError(this.provider, opts.signal);
      }
      // The caller went away: say so, rather than cockatiel's cancellation message.
      if (opts.signal.aborted) {
        this.observe?.(this.provider, 'caller_gone', (performance.now() - started) / 1000);
        throw opts.signal.reason ?? err;
      }
      const mapped = this.mapPolicyError(err);
      this.record({ status: 'error', at: new Date().toISOString(), detail: isProviderError(mapped) ? mapped.kind : 'error' }, false, started);
      throw mapped;
    }
  }

  private mapPolicyError(err: unknown): unknown {
    if (err instanceof BrokenCircuitError) return new ProviderError(this.provider, 'circuit_open', `${this.provider} circuit is open after repeated failures`, { cause: err });
    if (err instanceof BulkheadRejectedError) return new ProviderError(this.provider, 'overloaded', `${this.provider} has too many calls in flight`, { cause: err });
    return err;
  }

  private record(outcome: Outcome, empty: boolean, started: number): void {
    this.last = outcome;
    this.lastEmpty = empty;
    this.observe?.(this.provider, outcome.status === 'error' ? (outcome.detail ?? 'error') : outcome.status, (performance.now() - started) / 1000);
  }

  get breakerState(): ProviderHealth['breaker'] {
    switch (this.breaker.state) {
      case CircuitState.Open:
        return 'open';
      case CircuitState.HalfOpen:
        return 'half_open';
      case CircuitState.Isolated:
        return 'isolated';
      default:
        return 'closed';
    }
  }

  get lastOutcome(): Outcome | null {
    return this.last;
  }

  get noInventory(): boolean {
    return this.lastEmpty;
  }

  get inFlight(): number {
    return this.opts.concurrency - this.limiter.executionSlots;
  }
}
