import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCache } from '../adapters/cache/memory-cache.js';
import { RedisCache } from '../adapters/cache/redis-cache.js';
import type { Cache } from '../tools/_kit/ports.js';
import { cached } from '../tools/_kit/cached.js';
import { uniqueName } from './helpers/test-config.js';

// The same contract runs against the in-process cache and, when REDIS_URL is set, Redis.
const makers: [string, () => Cache][] = [['memory', () => new MemoryCache()]];
if (process.env.REDIS_URL) makers.push(['redis', () => new RedisCache(process.env.REDIS_URL as string, `${uniqueName('c')}:`)]);

const open: Cache[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

for (const [name, make] of makers) {
  describe(`cache contract: ${name}`, () => {
    const cache = () => {
      const c = make();
      open.push(c);
      return c;
    };

    it('stores JSON values and returns copies', async () => {
      const c = cache();
      const value = { a: 1, list: [1, 2] };
      await c.set('k', value, 10);
      const got = await c.get<typeof value>('k');
      expect(got).toEqual(value);
      got?.list.push(3);
      expect(await c.get('k')).toEqual(value);
      expect(await c.get('missing')).toBeUndefined();
    });

    it('expires entries after their TTL', async () => {
      const c = cache();
      await c.set('short', 'x', 0.15);
      expect(await c.get('short')).toBe('x');
      await new Promise((r) => setTimeout(r, 250));
      expect(await c.get('short')).toBeUndefined();
    });

    it('releaseLock publishes its value and deletes the lock only while it holds the token', async () => {
      const c = cache();
      expect(await c.setIfAbsent('lock', 'mine', 10)).toBe(true);
      await c.releaseLock('lock', 'mine', { key: 'answer', value: { offers: [1, 2] }, ttlSeconds: 10 });
      expect(await c.get('answer')).toEqual({ offers: [1, 2] });
      expect(await c.get('lock')).toBeUndefined();
      // A lock another caller holds now (ours lapsed) stays; the value is published all the same.
      expect(await c.setIfAbsent('lock', 'theirs', 10)).toBe(true);
      await c.releaseLock('lock', 'mine', { key: 'answer2', value: 'late', ttlSeconds: 10 });
      expect(await c.get('lock')).toBe('theirs');
      expect(await c.get('answer2')).toBe('late');
      // Without a value, only the lock goes (the token must match).
      await c.releaseLock('lock', 'theirs');
      expect(await c.get('lock')).toBeUndefined();
      expect(await c.get('lock:none')).toBeUndefined();
    });

    it('setIfAbsent lets exactly one of many concurrent callers win', async () => {
      const c = cache();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => c.setIfAbsent('lock', i, 10)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('increment counts atomically within a fixed window', async () => {
      const c = cache();
      const results = await Promise.all(Array.from({ length: 25 }, () => c.increment('n', 0.3)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(results[0]?.ttlMs).toBeGreaterThan(0);
      expect(results[0]?.ttlMs).toBeLessThanOrEqual(300);
      await new Promise((r) => setTimeout(r, 400));
      expect((await c.increment('n', 0.3)).count).toBe(1);
    });

    it('delete removes and ping answers', async () => {
      const c = cache();
      await c.set('d', 1, 10);
      await c.delete('d');
      expect(await c.get('d')).toBeUndefined();
      await expect(c.ping()).resolves.toBeUndefined();
    });
  });
}

describe('cached()', () => {
  it('computes once within the TTL and survives a broken cache', async () => {
    const c = new MemoryCache();
    open.push(c);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cached(c, 'x', 10, compute)).toBe(1);
    expect(await cached(c, 'x', 10, compute)).toBe(1);
    const broken = { ...c, kind: 'memory' as const, get: async () => { throw new Error('down'); }, set: async () => { throw new Error('down'); } } as unknown as Cache;
    expect(await cached(broken, 'x', 10, compute)).toBe(2);
  });
});
