import type { Cache } from '../../tools/_kit/ports.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/** In-process by default; Redis when a URL is configured. */
export function createCache(opts: { redisUrl?: string | undefined; prefix: string }): Cache {
  return opts.redisUrl ? new RedisCache(opts.redisUrl, opts.prefix) : new MemoryCache();
}
