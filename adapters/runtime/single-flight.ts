import { hash, randomUUID } from 'node:crypto';
import type { Cache } from '../../tools/_kit/ports.js';
import { ProviderError, type ProviderErrorKind } from '../../tools/_kit/provider-error.js';
import type { ProviderName, Providers } from '../../tools/_kit/providers.js';

// Identical provider calls in flight at once share one upstream call, within a
// process and across processes sharing Redis. The first caller takes a short
// lock in the cache and, when its call ends well, publishes the answer under a
// result key for a few seconds; callers that find the lock taken wait for that
// answer (polling the key: the cache port has no pub/sub, and a poll every
// 25 ms is cheap next to a provider call). If the leader fails or goes away
// (its lock lapses or is released with no answer) a waiter calls the provider
// itself, so single-flight never turns one failure into many, nor waits longer
// than the lock. A cache that is down (the breaker open) makes every caller go
// straight to the provider, as before.

export interface SingleFlightOptions {
  /** How long a leader may hold the key: past it, waiters stop waiting and call the provider themselves. */
  lockS?: number;
  /** How long a published answer stays readable for waiters. */
  resultS?: number;
  pollMs?: number;
}

/** A published outcome: the answer, or the provider's failure (waiters fail the same way instead of calling again). */
type Stored<T> = { value: T } | { error: { provider: ProviderName; kind: ProviderErrorKind; message: string; status?: number; code?: string; retryAfterMs?: number } };

function storedError(err: unknown): Stored<never> | undefined {
  if (!(err instanceof ProviderError)) return undefined;
  const { provider, kind, message, status, code, retryAfterMs } = err;
  return { error: { provider, kind, message, ...(status !== undefined ? { status } : {}), ...(code !== undefined ? { code } : {}), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) } };
}

function outcome<T>(stored: Stored<T>): T {
  if ('value' in stored) return stored.value;
  const e = stored.error;
  throw new ProviderError(e.provider, e.kind, e.message, { ...(e.status !== undefined ? { status: e.status } : {}), ...(e.code !== undefined ? { code: e.code } : {}), ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}) });
}

interface InFlight {
  promise: Promise<unknown>;
  /** The leading caller's signal: when it aborted, followers call again rather than share its abort. */
  signal: AbortSignal;
}

export class SingleFlight {
  private readonly local = new Map<string, InFlight>();
  private readonly lockS: number;
  private readonly resultS: number;
  private readonly pollMs: number;

  constructor(private readonly cache: Cache, opts: SingleFlightOptions = {}) {
    this.lockS = opts.lockS ?? 30;
    this.resultS = opts.resultS ?? 10;
    this.pollMs = opts.pollMs ?? 25;
  }

  /** `work`'s answer for `key`, shared with every identical call in flight. */
  run<T>(key: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const known = this.local.get(key);
    // A call whose caller went away (client gone, search budget spent) is not joined: it is on its way out.
    if (known && !known.signal.aborted) {
      // A copy each: callers may reshape the offers they are given.
      return (known.promise as Promise<T>).then((value) => structuredClone(value), (err: unknown) => {
        if (known.signal.aborted && !signal.aborted) return this.run(key, signal, work);
        throw err;
      });
    }
    const promise = (this.cache.kind === 'redis' ? this.acrossProcesses(key, signal, work) : work()).finally(() => {
      if (this.local.get(key)?.promise === promise) this.local.delete(key);
    });
    this.local.set(key, { promise, signal });
    return promise;
  }

  private async acrossProcesses<T>(key: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const lock = `sf:lock:${key}`;
    const result = `sf:result:${key}`;
    const until = Date.now() + this.lockS * 1000;
    while (!signal.aborted && Date.now() < until) {
      const token = randomUUID();
      const led = await this.cache.setIfAbsent(lock, token, this.lockS).catch(() => null);
      if (led === null) return work(); // the cache is down: no sharing
      if (led) return this.lead(lock, result, token, signal, work);
      // Someone else is calling: wait for their outcome while their lock stands.
      for (;;) {
        await new Promise((r) => setTimeout(r, this.pollMs));
        if (signal.aborted) break;
        const stored = await this.cache.get<Stored<T>>(result).catch(() => undefined);
        if (stored) return outcome(stored);
        const holder = await this.cache.get(lock).catch(() => undefined);
        if (holder === undefined) {
          // The leader publishes and lets go in one step, so with the lock gone its answer is there
          // or never will be: read once more, since it may have finished between the two reads above.
          const late = await this.cache.get<Stored<T>>(result).catch(() => undefined);
          if (late) return outcome(late);
          break; // released with nothing published (its caller went away): try to lead
        }
      }
    }
    return work();
  }

  private async lead<T>(lock: string, result: string, token: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    // The caller went away: let a waiter lead at once instead of after this call winds down.
    const onAbort = () => void this.cache.releaseLock(lock, token).catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    // The outcome is published and the lock released before the caller has its answer: a
    // call made after this one returned finds no lock and is a call of its own (on Duffel,
    // its own offer request with its own offer ids), never a replay of this one. Both in
    // one round trip: on a busy process each round trip is another wait for the event loop.
    const finish = async (stored: Stored<T> | undefined) => {
      signal.removeEventListener('abort', onAbort);
      await this.cache.releaseLock(lock, token, stored ? { key: result, value: stored, ttlSeconds: this.resultS } : undefined).catch(() => undefined);
    };
    let value: T;
    try {
      value = await work();
    } catch (err) {
      await finish(signal.aborted ? undefined : storedError(err));
      throw err;
    }
    await finish({ value });
    return value;
  }
}

/** The call's key: the provider, the operation and the whole query. */
export function flightKey(provider: string, query: unknown): string {
  return `${provider}:${hash('sha256', JSON.stringify(query), 'base64url').slice(0, 32)}`;
}

/** `providers` with the flight search calls (cash, results, awards) single-flighted through `cache`. */
export function singleFlightSearches(providers: Providers, cache: Cache, opts?: SingleFlightOptions): Providers {
  const flight = new SingleFlight(cache, opts);
  const { flights, flightResults, awards } = providers;
  return {
    ...providers,
    health: () => providers.health(),
    flights: {
      ...flights,
      searchOffers: (query: Parameters<typeof flights.searchOffers>[0], signal: AbortSignal) =>
        flight.run(flightKey('duffel:offers', query), signal, () => flights.searchOffers(query, signal)),
    },
    flightResults: {
      ...flightResults,
      searchFlights: (query: Parameters<typeof flightResults.searchFlights>[0], signal: AbortSignal) =>
        flight.run(flightKey('serpapi:flights', query), signal, () => flightResults.searchFlights(query, signal)),
    },
    awards: {
      ...awards,
      searchAwards: (query: Parameters<typeof awards.searchAwards>[0], signal: AbortSignal) =>
        flight.run(flightKey('seats_aero:awards', query), signal, () => awards.searchAwards(query, signal)),
    },
  };
}
