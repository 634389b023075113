import type { Cache, CacheCount, CacheCounter } from '../../tools/_kit/ports.js';

// Redis behind a circuit breaker (issue 21): a Redis that is down or hung used to
// cost every request 8-12 s. Each command gets a short time limit; the first that
// fails or overruns opens the breaker, and for as long as it is open every call
// goes to an in-process cache instead (rate limits per process, cached searches
// and sessions per process), at normal latency. A background ping every
// `retryMs` closes it again once Redis answers. ping() reports the real state, so
// /health says degraded while it is open.

export interface BreakerOptions {
  /** Longest a command may take before Redis counts as unavailable. */
  timeoutMs?: number;
  /** How often an open breaker checks whether Redis is back. */
  retryMs?: number;
  onChange?: (open: boolean, err?: unknown) => void;
}

class CacheTimeout extends Error {
  constructor(ms: number) {
    super(`cache did not answer within ${ms} ms`);
    this.name = 'CacheTimeout';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    // After a blocked event loop the timer and Redis's reply are due together and timers run
    // first: waiting one turn (setImmediate runs after I/O) lets a reply that did arrive win.
    timer = setTimeout(() => setImmediate(() => reject(new CacheTimeout(ms))), ms);
  });
  work.catch(() => undefined); // a command that overran may still fail later: nobody is waiting for it
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export class BreakerCache implements Cache {
  readonly kind: Cache['kind'];
  private openSince: number | undefined;
  private lastError: unknown;
  private probe: Promise<void> | undefined;
  private nextProbeAt = 0;
  private readonly timeoutMs: number;
  private readonly retryMs: number;

  constructor(private readonly primary: Cache, private readonly fallback: Cache, private readonly opts: BreakerOptions = {}) {
    this.kind = primary.kind;
    this.timeoutMs = opts.timeoutMs ?? 750;
    this.retryMs = opts.retryMs ?? 1_000;
  }

  /** True while calls go to the in-process fallback. */
  get open(): boolean {
    return this.openSince !== undefined;
  }

  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.call((c) => c.get<T>(key));
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.call((c) => c.set(key, value, ttlSeconds));
  }

  getText(key: string): Promise<string | undefined> {
    return this.call((c) => c.getText(key));
  }

  setText(key: string, json: string, ttlSeconds: number): Promise<void> {
    return this.call((c) => c.setText(key, json, ttlSeconds));
  }

  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.call((c) => c.setIfAbsent(key, value, ttlSeconds));
  }

  delete(key: string): Promise<void> {
    return this.call((c) => c.delete(key));
  }

  releaseLock(lock: string, token: string, publish?: { key: string; value: unknown; ttlSeconds: number }): Promise<void> {
    return this.call((c) => c.releaseLock(lock, token, publish));
  }

  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlMs: number }> {
    return this.call((c) => c.increment(key, ttlSeconds));
  }

  getAndCount<T = unknown>(key: string | undefined, counters: readonly CacheCounter[], opts?: { onlyIfPresent?: boolean }): Promise<{ value: T | undefined; counts: CacheCount[] }> {
    return this.call((c) => c.getAndCount<T>(key, counters, opts));
  }

  async ping(): Promise<void> {
    if (this.open) {
      this.maybeProbe();
      throw new Error(`cache unavailable (circuit open): ${this.lastError instanceof Error ? this.lastError.message : String(this.lastError)}`);
    }
    await withTimeout(this.primary.ping(), this.timeoutMs);
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }

  private async call<T>(op: (cache: Cache) => Promise<T>): Promise<T> {
    if (this.open) {
      this.maybeProbe();
      return op(this.fallback);
    }
    try {
      return await withTimeout(op(this.primary), this.timeoutMs);
    } catch (err) {
      this.trip(err);
      return op(this.fallback);
    }
  }

  private trip(err: unknown): void {
    this.lastError = err;
    if (this.open) return;
    this.openSince = Date.now();
    this.nextProbeAt = Date.now() + this.retryMs;
    this.opts.onChange?.(true, err);
  }

  /** One ping at a time, at most every retryMs, in the background: callers never wait for it. */
  private maybeProbe(): void {
    if (this.probe || Date.now() < this.nextProbeAt) return;
    this.probe = withTimeout(this.primary.ping(), this.timeoutMs)
      .then(() => {
        this.openSince = undefined;
        this.opts.onChange?.(false);
      }, (err: unknown) => {
        this.lastError = err;
        this.nextProbeAt = Date.now() + this.retryMs;
      })
      .finally(() => {
        this.probe = undefined;
      });
  }
}
