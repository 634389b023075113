import type { Scope, Tier } from './principal.js';

// What a handler may touch: plain interfaces, implemented in adapters/.
// Nothing here names express, MCP or Prisma.

/** A fixed-window counter: its key and the window's length (the TTL set when the key is created). */
export interface CacheCounter {
  key: string;
  ttlSeconds: number;
}

export interface CacheCount {
  count: number;
  ttlMs: number;
}

export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** The stored JSON text itself, unparsed: for a large value kept as text by the caller (get() of the same key parses it). */
  getText(key: string): Promise<string | undefined>;
  /** Stores `json`, text the caller already made with JSON.stringify, as set() would store the value it came from. */
  setText(key: string, json: string, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when this call set it. The building block for locks and dedupe. */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Gives up a lock taken with setIfAbsent(lock, token): deletes `lock` only while it
   * still holds `token` (a lock that lapsed and was taken by another caller stays),
   * after storing `publish` when given, all in one round trip. Single-flight hands
   * its answer over and lets go of its lock together.
   */
  releaseLock(lock: string, token: string, publish?: { key: string; value: unknown; ttlSeconds: number }): Promise<void>;
  /** Atomically adds 1; the TTL is set when the key is created. Returns the new count and ms until it expires. */
  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * A metered request's cache work in one round trip: reads `key` (when given) and adds 1
   * to each counter as `increment` would, atomically. With `onlyIfPresent`, the counters
   * move only when `key` holds a value (`counts` is then empty), so looking up an unknown
   * key leaves nothing behind.
   */
  getAndCount<T = unknown>(key: string | undefined, counters: readonly CacheCounter[], opts?: { onlyIfPresent?: boolean }): Promise<{ value: T | undefined; counts: CacheCount[] }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseStatus {
  engine: 'pglite' | 'postgresql';
  ok: boolean;
  latencyMs: number;
  error?: string;
}

export interface Database {
  readonly engine: 'pglite' | 'postgresql';
  ping(): Promise<DatabaseStatus>;
  close(): Promise<void>;
}

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A downstream dependency's real state, as /health/deep reports it. */
export interface DownstreamStatus {
  name: string;
  role: string;
  status: 'ok' | 'degraded' | 'down' | 'not_configured';
  mode: 'live' | 'simulator';
  detail?: string;
  latencyMs?: number;
}

export interface Downstream {
  name: string;
  role: string;
  probe(signal: AbortSignal): Promise<DownstreamStatus>;
}

export interface ApiKeyView {
  id: string;
  userId: string;
  name: string | null;
  displayPrefix: string;
  tier: Tier;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** API keys and their usage, as account tools see them. */
export interface IdentityPort {
  createKey(opts: { userId: string; tier: Tier; name?: string; scopes?: Scope[] }): Promise<{ key: ApiKeyView; secret: string }>;
  listKeys(userId: string): Promise<ApiKeyView[]>;
  getKey(keyId: string): Promise<ApiKeyView | null>;
  revokeKey(keyId: string, ownerId?: string): Promise<boolean>;
  usage(keyId: string, days: number): Promise<{ day: string; requests: number; limited: number }[]>;
  userTier(userId: string): Promise<Tier>;
  /** Moves a user (and their live keys) to another plan and records who did it; `from` is the plan before. */
  changePlan(userId: string, to: Tier, changedBy: string): Promise<{ from: Tier; to: Tier; changedAt: string }>;
}

export interface VersionInfo {
  sha: string | null;
  branch: string | null;
  committedAt: string | null;
  builtAt: string | null;
  startedAt: string;
  source: 'env' | 'git' | 'unknown';
}
