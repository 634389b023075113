import { describe, expect, it } from 'vitest';
import { BreakerCache } from '../adapters/cache/breaker-cache.js';
import { MemoryCache } from '../adapters/cache/memory-cache.js';
import type { Cache } from '../tools/_kit/ports.js';

// The breaker in front of Redis: a cache that hangs or fails costs one short wait,
// then calls go to the in-process fallback at once; ping() says it is open (so
// /health is degraded), and a background ping closes it when the cache is back.

/** A MemoryCache whose every command can be made to hang or fail, counting the calls that reach it. */
function flakyCache(): { cache: Cache; mode: { now: 'ok' | 'hang' | 'fail' }; calls: { n: number } } {
  const inner = new MemoryCache();
  const mode = { now: 'ok' as 'ok' | 'hang' | 'fail' };
  const calls = { n: 0 };
  const wrap = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => (...a: A): Promise<R> => {
    calls.n++;
    if (mode.now === 'hang') return new Promise<R>(() => undefined);
    if (mode.now === 'fail') return Promise.reject(new Error('connect ECONNREFUSED'));
    return fn(...a);
  };
  const cache: Cache = {
    kind: 'redis',
    get: wrap((k: string) => inner.get(k)),
    set: wrap((k: string, v: unknown, t: number) => inner.set(k, v, t)),
    getText: wrap((k: string) => inner.getText(k)),
    setText: wrap((k: string, j: string, t: number) => inner.setText(k, j, t)),
    setIfAbsent: wrap((k: string, v: unknown, t: number) => inner.setIfAbsent(k, v, t)),
    delete: wrap((k: string) => inner.delete(k)),
    releaseLock: wrap((l: string, t: string, p?: { key: string; value: unknown; ttlSeconds: number }) => inner.releaseLock(l, t, p)),
    increment: wrap((k: string, t: number) => inner.increment(k, t)),
    ping: wrap(() => inner.ping()),
    close: () => inner.close(),
  } as Cache;
  return { cache, mode, calls };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BreakerCache', () => {
  it('passes calls through while the cache answers', async () => {
    const { cache } = flakyCache();
    const breaker = new BreakerCache(cache, new MemoryCache(), { timeoutMs: 100, retryMs: 100 });
    await breaker.set('a', 1, 60);
    expect(await breaker.get('a')).toBe(1);
    expect(await cache.get('a')).toBe(1);
    expect(breaker.open).toBe(false);
    await expect(breaker.ping()).resolves.toBeUndefined();
  });

  it('a hung cache costs one time limit, then calls skip it; ping says open; it closes once the cache is back', async () => {
    const { cache, mode, calls } = flakyCache();
    const changes: boolean[] = [];
    const breaker = new BreakerCache(cache, new MemoryCache(), { timeoutMs: 100, retryMs: 150, onChange: (open) => changes.push(open) });
    mode.now = 'hang';
    const t = Date.now();
    expect((await breaker.increment('rl', 60)).count).toBe(1); // answered by the fallback
    expect(Date.now() - t).toBeLessThan(1_000);
    expect(breaker.open).toBe(true);
    const before = calls.n;
    const t2 = Date.now();
    for (let i = 0; i < 20; i++) await breaker.increment('rl', 60);
    expect(Date.now() - t2).toBeLessThan(50);
    expect(calls.n - before).toBeLessThanOrEqual(1); // at most the background probe
    await expect(breaker.ping()).rejects.toThrow(/circuit open/);

    mode.now = 'ok';
    for (let i = 0; i < 40 && breaker.open; i++) {
      await breaker.get('x');
      await sleep(25);
    }
    expect(breaker.open).toBe(false);
    expect(changes).toEqual([true, false]);
    await breaker.set('b', 2, 60);
    expect(await cache.get('b')).toBe(2);
  });

  it('a failing cache opens it at once', async () => {
    const { cache, mode } = flakyCache();
    const breaker = new BreakerCache(cache, new MemoryCache(), { timeoutMs: 1_000, retryMs: 1_000 });
    mode.now = 'fail';
    const t = Date.now();
    expect(await breaker.setIfAbsent('lock', 1, 10)).toBe(true);
    expect(Date.now() - t).toBeLessThan(500);
    expect(breaker.open).toBe(true);
  });
});
