import type { Cache } from '../../tools/_kit/ports.js';
import { BreakerCache } from './breaker-cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/** In-process by default; Redis when a URL is configured, behind a breaker that falls back to the process's memory while Redis is down. */
export function createCache(opts: { redisUrl?: string | undefined; prefix: string }): Cache {
  return opts.redisUrl ? new BreakerCache(new RedisCache(opts.redisUrl, opts.prefix), new MemoryCache()) : new MemoryCache();
}
