import type { PrismaClient } from '../db/index.js';
import type { ApiKeyView, Cache } from '../../tools/_kit/ports.js';
import { ALL_SCOPES, type Scope, type Tier } from '../../tools/_kit/principal.js';
import { displayPrefix, hashSecret, mintSecret, safeEqual } from './api-key-secret.js';

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
const cacheKey = (hash: string) => `apikey:${hash}`;

/**
 * API keys in the database: only sha256 hashes of secrets are kept. Verified keys are
 * cached briefly in the shared cache (never failures, so a new key works at once), and
 * revoking deletes that entry, so a revoked key stops working everywhere immediately.
 */
export class ApiKeyStore {
  constructor(private readonly prisma: PrismaClient, private readonly cache?: Cache) {}

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
    const hash = hashSecret(secret);
    const hit = await this.cache?.get<VerifiedKey>(cacheKey(hash)).catch(() => undefined);
    if (hit) return hit;
    const verified = await this.verifyInDatabase(hash);
    if (verified) await this.cache?.set(cacheKey(hash), verified, VERIFIED_TTL_S).catch(() => undefined);
    return verified;
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
