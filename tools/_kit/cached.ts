import type { Cache } from './ports.js';

/**
 * Read-through caching that never lets a cache failure fail the caller:
 * if the cache is down, the value is computed and returned anyway.
 */
export async function cached<T>(cache: Cache, key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
  const hit = await cache.get<T>(key).catch(() => undefined);
  if (hit !== undefined) return hit;
  const value = await compute();
  await cache.set(key, value, ttlSeconds).catch(() => undefined);
  return value;
}
