import { Redis } from 'ioredis';
import type { Cache, CacheCount, CacheCounter } from '../../tools/_kit/ports.js';

// getAndCount as one script, so a metered request costs one round trip. KEYS: the key to
// read (when ARGV[1] is '1'), then the counters; ARGV[2] '1': count only if the key is
// set; ARGV[3..]: each counter's window in ms. Answers the value, then count and ms left
// per counter. A counter's window starts with its first hit (fixed windows).
const GET_AND_COUNT = `
local hasKey = ARGV[1] == '1'
local v = false
if hasKey then v = redis.call('GET', KEYS[1]) end
if ARGV[2] == '1' and not v then return { v } end
local out = { v }
local first = hasKey and 2 or 1
for i = first, #KEYS do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[i - first + 3]) end
  out[#out + 1] = n
  out[#out + 1] = redis.call('PTTL', KEYS[i])
end
return out`;

type GetAndCount = (numKeys: number, ...args: (string | number)[]) => Promise<[string | null, ...number[]]>;

// releaseLock as one script. KEYS: the lock, the key to publish under; ARGV: the
// token as stored (JSON), the value to publish ('' for none) and its TTL in ms.
const RELEASE_LOCK = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

type ReleaseLock = (numKeys: number, ...args: (string | number)[]) => Promise<number>;

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
    // EVALSHA with a fallback to EVAL when Redis does not know the script yet; KEYS get keyPrefix like any command's keys.
    this.client.defineCommand('getAndCount', { lua: GET_AND_COUNT });
    this.client.defineCommand('releaseLock', { lua: RELEASE_LOCK });
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.client.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.setText(key, JSON.stringify(value), ttlSeconds);
  }

  async getText(key: string): Promise<string | undefined> {
    return (await this.client.get(key)) ?? undefined;
  }

  async setText(key: string, json: string, ttlSeconds: number): Promise<void> {
    await this.client.set(key, json, 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
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

  async getAndCount<T>(key: string | undefined, counters: readonly CacheCounter[], opts: { onlyIfPresent?: boolean } = {}): Promise<{ value: T | undefined; counts: CacheCount[] }> {
    const keys = [...(key === undefined ? [] : [key]), ...counters.map((c) => c.key)];
    const windows = counters.map((c) => Math.max(1, Math.round(c.ttlSeconds * 1000)));
    const run = (this.client as unknown as { getAndCount: GetAndCount }).getAndCount;
    const [raw, ...numbers] = await run.call(this.client, keys.length, ...keys, key === undefined ? '0' : '1', opts.onlyIfPresent ? '1' : '0', ...windows);
    const counts: CacheCount[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const ttlMs = Number(numbers[i + 1]);
      counts.push({ count: Number(numbers[i]), ttlMs: ttlMs < 0 ? windows[i / 2]! : ttlMs });
    }
    return { value: raw === null || raw === undefined ? undefined : (JSON.parse(raw) as T), counts };
  }

  async delete(key: string): Promise<void> {
    await this.client.del(key);
  }

  async releaseLock(lock: string, token: string, publish?: { key: string; value: unknown; ttlSeconds: number }): Promise<void> {
    const run = (this.client as unknown as { releaseLock: ReleaseLock }).releaseLock;
    // Without a value to publish, the lock stands in for KEYS[2] (never written).
    const [key, value, ttlMs] = publish ? [publish.key, JSON.stringify(publish.value), Math.max(1, Math.round(publish.ttlSeconds * 1000))] : [lock, '', 1];
    await run.call(this.client, 2, lock, key, JSON.stringify(token), value, ttlMs);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
