import { afterAll, describe, expect, it } from 'vitest';
import { createCache } from '../../adapters/cache/create-cache.js';
import { SingleFlight } from '../../adapters/runtime/single-flight.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { Cache } from '../../tools/_kit/ports.js';
import { uniqueName } from '../helpers/test-config.js';

// Single-flight of identical provider calls: two SingleFlight instances with
// their own Redis connections stand for two processes (each process has one).
// Ten identical concurrent calls across them make one upstream call; a failure
// is shared, not repeated; a leader whose caller goes away hands over to a
// waiter. Without Redis, sharing is within the process only.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const caches: Cache[] = [];
afterAll(async () => {
  for (const c of caches) await c.close();
});

function twoProcesses(): [SingleFlight, SingleFlight] {
  const prefix = `${uniqueName('sf')}:`;
  const make = () => {
    const cache = createCache({ redisUrl: process.env.REDIS_URL, prefix });
    caches.push(cache);
    return new SingleFlight(cache, { lockS: 5 });
  };
  return [make(), make()];
}

const live = new AbortController().signal;

/** The cache as processes share it: the in-process cache stands in for Redis where there is none. */
function asShared(cache: Cache): Cache {
  if (cache.kind === 'redis') return cache;
  return new Proxy(cache, { get: (target, name, receiver) => (name === 'kind' ? 'redis' : (Reflect.get(target, name, receiver) as unknown)) });
}

describe('single-flight', () => {
  it('ten identical concurrent calls, five on each process, make one upstream call' + (process.env.REDIS_URL ? '' : ' (per process without Redis)'), async () => {
    const [a, b] = twoProcesses();
    let calls = 0;
    const work = async () => {
      calls++;
      await sleep(200);
      return [{ price: 100, id: 'x' }];
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).run('same', live, work)));
    expect(calls).toBe(process.env.REDIS_URL ? 1 : 2);
    for (const answer of answers) expect(answer).toEqual([{ price: 100, id: 'x' }]);
    // Each caller has its own copy.
    expect(new Set(answers).size).toBe(10);
    // Finished, and unlocked before the answers came back: a call made right after, on either
    // process, is a call of its own (Duffel: its own offer request and offer ids), not a replay.
    await a.run('same', live, work);
    await b.run('same', live, work);
    expect(calls).toBe(process.env.REDIS_URL ? 3 : 4);
  });

  it.runIf(process.env.REDIS_URL)('a provider failure reaches every waiter as the same ProviderError, called once', async () => {
    const [a, b] = twoProcesses();
    let calls = 0;
    const work = async (): Promise<string[]> => {
      calls++;
      await sleep(150);
      throw new ProviderError('duffel', 'unavailable', 'upstream 503', { status: 503, retryAfterMs: 2000 });
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).run('fails', live, work)));
    expect(calls).toBe(1);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      const err = (o as PromiseRejectedResult).reason as ProviderError;
      expect(err).toBeInstanceOf(ProviderError);
      expect([err.provider, err.kind, err.status, err.retryAfterMs]).toEqual(['duffel', 'unavailable', 503, 2000]);
    }
  });

  it.runIf(process.env.REDIS_URL)('when the leading caller goes away, a waiter on the other process calls instead', async () => {
    const [a, b] = twoProcesses();
    let calls = 0;
    const gone = new AbortController();
    const work = (signal: AbortSignal) => async () => {
      calls++;
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, 200);
        signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)));
      });
      return 'answer';
    };
    const leader = a.run('leaves', gone.signal, work(gone.signal));
    await sleep(50);
    const waiter = b.run('leaves', live, work(live));
    await sleep(50);
    gone.abort(new Error('client went away'));
    await expect(leader).rejects.toThrow('client went away');
    await expect(waiter).resolves.toBe('answer');
    expect(calls).toBe(2);
  });

  it('a waiter that sees the lock go just after missing the answer reads the answer, and does not call again', async () => {
    const cache = createCache({ redisUrl: process.env.REDIS_URL, prefix: `${uniqueName('sf')}:` });
    caches.push(cache);
    let calls = 0;
    let finishLeader = () => {};
    const leaderWork = async () => {
      calls++;
      await new Promise<void>((resolve) => (finishLeader = resolve));
      return ['answer'];
    };
    const leading = new SingleFlight(asShared(cache), { lockS: 5, pollMs: 5 });
    const leader = leading.run('race', live, leaderWork);
    await sleep(20);
    // The waiter's first read of the answer misses; the leader publishes and lets go before
    // that miss arrives, so the waiter's next read finds no lock.
    let raced = false;
    const stale = new Proxy(asShared(cache), {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name !== 'get') return value;
        return async (key: string) => {
          const read = await (value as (k: string) => Promise<unknown>).call(target, key);
          if (!raced && key.startsWith('sf:result:') && read === undefined) {
            raced = true;
            finishLeader();
            await leader;
          }
          return read;
        };
      },
    });
    const waiting = new SingleFlight(stale, { lockS: 5, pollMs: 5 });
    const answer = await waiting.run('race', live, async () => {
      calls++;
      return ['a second call'];
    });
    expect(raced).toBe(true);
    expect(answer).toEqual(['answer']);
    expect(calls).toBe(1);
  });

  it.runIf(process.env.REDIS_URL)('a leader costs two cache round trips: its lock, then its answer published and its lock let go together', async () => {
    const cache = createCache({ redisUrl: process.env.REDIS_URL, prefix: `${uniqueName('sf')}:` });
    caches.push(cache);
    const seen: string[] = [];
    const counting = new Proxy(cache, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function' || name === 'close') return value;
        return (...args: unknown[]) => {
          seen.push(String(name));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const flight = new SingleFlight(counting, { lockS: 5 });
    expect(await flight.run('alone', live, async () => ['answer'])).toEqual(['answer']);
    expect(seen).toEqual(['setIfAbsent', 'releaseLock']);
    // What it published is there for waiters, and the lock is gone.
    expect(await cache.get('sf:result:alone')).toEqual({ value: ['answer'] });
    expect(await cache.get('sf:lock:alone')).toBeUndefined();
  });
});

