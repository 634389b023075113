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

/** Default bound on the text entries (setText) one process keeps, in UTF-16 units: about 64 MB of mostly ASCII JSON. */
export const DEFAULT_MAX_TEXT_CHARS = 64 * 1024 * 1024;

/**
 * In-process cache for the single-process default. Values are stored as JSON so a
 * caller can never mutate a cached object, matching what Redis gives.
 *
 * Entries written with setText (finished flight searches, ~60 KB each) are a cache
 * in the plain sense: a miss costs a new search. At 50 searches a second their TTL
 * alone would hold ~360 MB, so they are bounded by size, least recently read
 * dropped first. Everything else (sessions, counters, locks, the simulators'
 * orders) is state a caller relies on and is never evicted, only expired.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  /** The text entries' lengths, least recently read first. */
  private readonly texts = new Map<string, number>();
  private textChars = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 60_000,
    private readonly maxTextChars = DEFAULT_MAX_TEXT_CHARS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  /** Text entries' total length, for tests and the bound. */
  get textSize(): number {
    return this.textChars;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.live(key);
    return entry ? (decode(entry) as T) : undefined;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.put(key, { value: JSON.stringify(value), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async getText(key: string): Promise<string | undefined> {
    const entry = this.live(key);
    if (!entry) return undefined;
    const chars = this.texts.get(key);
    if (chars !== undefined) {
      // Read again: now the most recently used.
      this.texts.delete(key);
      this.texts.set(key, chars);
    }
    return String(entry.value);
  }

  async setText(key: string, json: string, ttlSeconds: number): Promise<void> {
    this.put(key, { value: json, expiresAt: this.now() + ttlSeconds * 1000 });
    this.texts.set(key, json.length);
    this.textChars += json.length;
    // One text longer than the whole bound is dropped too: a miss, as for any evicted entry.
    for (const [oldest] of this.texts) {
      if (this.textChars <= this.maxTextChars) break;
      this.remove(oldest);
    }
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
      this.put(key, { value: 1, expiresAt: now + ttlSeconds * 1000 });
      return { count: 1, ttlMs: ttlSeconds * 1000 };
    }
    this.forgetText(key); // a counter now, if it ever held text
    entry.value = Number(decode(entry)) + 1;
    return { count: entry.value, ttlMs: entry.expiresAt - now };
  }

  async delete(key: string): Promise<void> {
    this.remove(key);
  }

  /** Nothing awaited in between: as atomic as Redis's script. */
  async releaseLock(lock: string, token: string, publish?: { key: string; value: unknown; ttlSeconds: number }): Promise<void> {
    if (publish) this.put(publish.key, { value: JSON.stringify(publish.value), expiresAt: this.now() + publish.ttlSeconds * 1000 });
    const held = this.live(lock);
    if (held && decode(held) === token) this.remove(lock);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.texts.clear();
    this.textChars = 0;
  }

  /** Every write goes through here, so a key that held text stops counting against the bound. */
  private put(key: string, entry: Entry): void {
    this.forgetText(key);
    this.entries.set(key, entry);
  }

  private remove(key: string): void {
    this.forgetText(key);
    this.entries.delete(key);
  }

  private forgetText(key: string): void {
    const chars = this.texts.get(key);
    if (chars === undefined) return;
    this.texts.delete(key);
    this.textChars -= chars;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.remove(key);
  }
}
