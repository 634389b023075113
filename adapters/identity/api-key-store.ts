import type { PrismaClient } from '../db/index.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { ApiKeyView, Cache, CacheCount } from '../../tools/_kit/ports.js';
import { ALL_SCOPES, type Scope, type Tier } from '../../tools/_kit/principal.js';
import { displayPrefix, hashSecret, mintSecret, safeEqual } from './api-key-secret.js';
import { limitBucket } from './limit-bucket.js';
import { windowCounters } from './rate-limiter.js';

export interface VerifiedKey {
  keyId: string;
  userId: string;
  tier: Tier;
  scopes: Scope[];
  isAdmin: boolean;
}

const select = { id: true, userId: true, name: true, displayPrefix: true, tier: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

type Row = { id: string; userId: string; name: string | null; displayPrefix: string; tier: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function view(row: Row): ApiKeyView {
  return {
    ...row,
    tier: row.tier as Tier,
    scopes: row.scopes as Scope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const VERIFIED_TTL_S = 60;
/** An unknown or revoked key is remembered this long, so repeating it costs no database query. */
export const INVALID_TTL_S = 60;
/** Invalid keys one client address may present per window before it gets 429 (documented in the README). */
export const BAD_KEYS_PER_ADDRESS = 20;
export const BAD_KEY_WINDOW_S = 60;
/** Secrets whose hash is remembered (valid keys only), so a busy key is not hashed on every call. */
const HASHES_KEPT = 10_000;
const cacheKey = (hash: string) => `apikey:${hash}`;
const badKeysKey = (address: string) => `badkeys:${limitBucket(address)}`;

/** What the cache holds for a key hash: the verified key, or the note that it is not one. */
type CachedKey = VerifiedKey | { invalid: true };

/** A key that passed, with its rate-limit counts when they were taken in the same round trip. */
export interface MeteredKey {
  key: VerifiedKey;
  /** Who the rate limiter counts this key as (its hash, known before the lookup). */
  subject: string;
  counts?: CacheCount[];
}

/**
 * API keys in the database: only sha256 hashes of secrets are kept. Verified keys are
 * cached briefly in the shared cache, and revoking deletes that entry, so a revoked key
 * stops working everywhere immediately. Unknown and revoked keys are cached too (a new
 * key's hash cannot have been seen before, so it still works at once), and an address
 * that presents too many of them gets 429 before any query.
 */
export class ApiKeyStore {
  private readonly hashes = new Map<string, string>();

  constructor(private readonly prisma: PrismaClient, private readonly cache?: Cache, private readonly now: () => number = Date.now) {}

  /** Mints a key for a user (created on first use); the secret is returned once. */
  async create(opts: { userId: string; tier: Tier; name?: string; scopes?: Scope[] }): Promise<{ key: ApiKeyView; secret: string }> {
    const secret = mintSecret();
    // INSERT … ON CONFLICT DO NOTHING: two first keys minted at once must not race on the user row.
    await this.prisma.user.createMany({ data: [{ id: opts.userId, tier: opts.tier }], skipDuplicates: true });
    const row = await this.prisma.apiKey.create({
      data: { userId: opts.userId, name: opts.name ?? null, displayPrefix: displayPrefix(secret), secretHash: hashSecret(secret), tier: opts.tier, scopes: opts.scopes ?? [...ALL_SCOPES] },
      select,
    });
    return { key: view(row), secret };
  }

  async verify(secret: string): Promise<VerifiedKey | null> {
    return (await this.verifyMetered(secret, { count: false }))?.key ?? null;
  }

  /**
   * Checks a key and, when it is cached, counts its rate-limit windows in the same cache
   * round trip (one script on Redis, one call in memory): the whole cache cost of a
   * metered call. `address` (the client's) turns on the per-address limit on invalid keys:
   * past it, RATE_LIMITED with `retry_after_s` before the database is asked.
   */
  async verifyMetered(secret: string, opts: { address?: string | undefined; count?: boolean } = {}): Promise<MeteredKey | null> {
    const hash = this.hashes.get(secret) ?? hashSecret(secret);
    const subject = `kh:${hash}`;
    const counters = opts.count === false ? [] : windowCounters(subject, this.now());
    const hit = await this.cache?.getAndCount<CachedKey>(cacheKey(hash), counters, { onlyIfPresent: true }).catch(() => undefined);
    const cached = hit?.value;
    if (cached && 'invalid' in cached) {
      await this.countBadKey(opts.address);
      return null;
    }
    if (cached) {
      this.rememberHash(secret, hash);
      return { key: cached, subject, counts: hit.counts };
    }
    await this.refuseFlood(opts.address);
    const verified = await this.verifyInDatabase(hash);
    if (!verified) {
      await this.cache?.set(cacheKey(hash), { invalid: true }, INVALID_TTL_S).catch(() => undefined);
      await this.countBadKey(opts.address);
      return null;
    }
    await this.cache?.set(cacheKey(hash), verified, VERIFIED_TTL_S).catch(() => undefined);
    this.rememberHash(secret, hash);
    return { key: verified, subject };
  }

  private rememberHash(secret: string, hash: string): void {
    if (this.hashes.has(secret)) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.hashes.size >= HASHES_KEPT) this.hashes.delete(this.hashes.keys().next().value as string);
    this.hashes.set(secret, hash);
  }

  /** Before a database lookup: an address already past its invalid-key budget is refused. */
  private async refuseFlood(address: string | undefined): Promise<void> {
    if (address === undefined || !this.cache) return;
    const seen = await this.cache.get<number>(badKeysKey(address)).catch(() => undefined);
    if (typeof seen === 'number' && seen >= BAD_KEYS_PER_ADDRESS) throw tooManyBadKeys(BAD_KEY_WINDOW_S);
  }

  /** After an invalid key: one more against the address; past the budget, 429 instead of 401. */
  private async countBadKey(address: string | undefined): Promise<void> {
    if (address === undefined || !this.cache) return;
    const counted = await this.cache.increment(badKeysKey(address), BAD_KEY_WINDOW_S).catch(() => undefined);
    if (counted && counted.count > BAD_KEYS_PER_ADDRESS) throw tooManyBadKeys(Math.ceil(counted.ttlMs / 1000));
  }

  private async verifyInDatabase(hash: string): Promise<VerifiedKey | null> {
    const row = await this.prisma.apiKey.findUnique({ where: { secretHash: hash }, select: { id: true, userId: true, tier: true, scopes: true, revokedAt: true, secretHash: true, user: { select: { isAdmin: true } } } });
    // The lookup is by hash; the constant-time compare keeps a timing side channel out of the final check.
    if (!row || !safeEqual(row.secretHash, hash) || row.revokedAt) return null;
    return { keyId: row.id, userId: row.userId, tier: row.tier as Tier, scopes: row.scopes as Scope[], isAdmin: row.user.isAdmin };
  }

  async list(userId: string): Promise<ApiKeyView[]> {
    const rows = await this.prisma.apiKey.findMany({ where: { userId }, select, orderBy: { createdAt: 'asc' } });
    return rows.map(view);
  }

  async get(keyId: string): Promise<ApiKeyView | null> {
    const row = await this.prisma.apiKey.findUnique({ where: { id: keyId }, select });
    return row ? view(row) : null;
  }

  /** Revokes a key; when `ownerId` is given only that user's key is touched. True if a live key was revoked. */
  async revoke(keyId: string, ownerId?: string): Promise<boolean> {
    const where = { id: keyId, revokedAt: null, ...(ownerId ? { userId: ownerId } : {}) };
    const row = await this.prisma.apiKey.findFirst({ where, select: { secretHash: true } });
    const res = await this.prisma.apiKey.updateMany({ where, data: { revokedAt: new Date() } });
    if (row) await this.cache?.delete(cacheKey(row.secretHash));
    return res.count > 0;
  }
}

/** Moves a user's live keys to a plan, dropping their cached lookups so the new limits apply at once. */
export async function retierKeys(prisma: PrismaClient, cache: Cache | undefined, userId: string, tier: Tier): Promise<void> {
  const rows = await prisma.apiKey.findMany({ where: { userId, revokedAt: null }, select: { secretHash: true } });
  await prisma.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { tier } });
  for (const row of rows) await cache?.delete(cacheKey(row.secretHash)).catch(() => undefined);
}

function tooManyBadKeys(retryAfterS: number): ToolError {
  const s = Math.max(1, retryAfterS);
  return new ToolError('RATE_LIMITED', 'Too many invalid API keys from this address', {
    hint: `Retry after ${s} s with a valid key.`,
    details: { retry_after_s: s },
  });
}
