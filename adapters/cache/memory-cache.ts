import type { Cache, CacheCount, CacheCounter } from '../../tools/_kit/ports.js';

interface Entry {
  /**
   * A value as JSON, or a counter as a number: a counter moves in place, with no new
   * object or string per count. Rate limiting bumps two counters per request, and a fresh
   * entry per bump in a map of thousands outlived the young generation and was copied by
   * every scavenge.
   */
  value: string | number;
  expiresAt: number;
}

const decode = (entry: Entry): unknown => (typeof entry.value === 'number' ? entry.value : JSON.parse(entry.value));

/**
 * In-process cache for the single-process default. Values are stored as JSON so a
 * caller can never mutate a cached object, matching what Redis gives.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now, sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.live(key);
    return entry ? (decode(entry) as T) : undefined;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.setText(key, JSON.stringify(value), ttlSeconds);
  }

  async getText(key: string): Promise<string | undefined> {
    const entry = this.live(key);
    return entry ? String(entry.value) : undefined;
  }

  async setText(key: string, json: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value: json, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlMs: number }> {
    return this.bump(key, ttlSeconds);
  }

  /** One call, nothing awaited in between: as atomic as Redis's script. */
  async getAndCount<T>(key: string | undefined, counters: readonly CacheCounter[], opts: { onlyIfPresent?: boolean } = {}): Promise<{ value: T | undefined; counts: CacheCount[] }> {
    const entry = key === undefined ? undefined : this.live(key);
    const value = entry ? (decode(entry) as T) : undefined;
    if (opts.onlyIfPresent && !entry) return { value, counts: [] };
    return { value, counts: counters.map((c) => this.bump(c.key, c.ttlSeconds)) };
  }

  private bump(key: string, ttlSeconds: number): CacheCount {
    const entry = this.live(key);
    const now = this.now();
    if (!entry) {
      this.entries.set(key, { value: 1, expiresAt: now + ttlSeconds * 1000 });
      return { count: 1, ttlMs: ttlSeconds * 1000 };
    }
    entry.value = Number(decode(entry)) + 1;
    return { count: entry.value, ttlMs: entry.expiresAt - now };
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
