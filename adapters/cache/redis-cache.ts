import { Redis } from 'ioredis';
import type { Cache } from '../../tools/_kit/ports.js';

/** Redis-backed cache: shared by every process behind the load balancer. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly client: Redis;

  constructor(url: string, prefix: string) {
    this.client = new Redis(url, {
      keyPrefix: prefix,
      lazyConnect: false,
      // Fail fast instead of queueing forever, so /health can report "degraded" honestly.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // ioredis emits 'error' on every failed reconnect; status is reported through ping().
    this.client.on('error', () => {});
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.client.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.client.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const res = await this.client.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlSeconds * 1000)), 'NX');
    return res === 'OK';
  }

  async increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlMs: number }> {
    // One round trip; PEXPIRE NX only sets the window on the first hit, so the window is fixed.
    const res = await this.client.multi().incr(key).pexpire(key, Math.max(1, Math.round(ttlSeconds * 1000)), 'NX').pttl(key).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttlMs = Number(res?.[2]?.[1] ?? ttlSeconds * 1000);
    return { count, ttlMs: ttlMs < 0 ? ttlSeconds * 1000 : ttlMs };
  }

  async delete(key: string): Promise<void> {
    await this.client.del(key);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
