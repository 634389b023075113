import type { Cache } from '../../tools/_kit/ports.js';
import { BreakerCache } from './breaker-cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/** In-process by default; Redis when a URL is configured, behind a breaker that falls back to the process's memory while Redis is down. */
export function createCache(opts: { redisUrl?: string | undefined; prefix: string; memoryTextMb?: number }): Cache {
  const memory = () => new MemoryCache(Date.now, undefined, opts.memoryTextMb === undefined ? undefined : opts.memoryTextMb * 1024 * 1024);
  return opts.redisUrl ? new BreakerCache(new RedisCache(opts.redisUrl, opts.prefix), memory()) : memory();
}
