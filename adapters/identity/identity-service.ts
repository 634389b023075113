import type { PrismaClient } from '../db/index.js';
import type { Cache, IdentityPort } from '../../tools/_kit/ports.js';
import type { Tier } from '../../tools/_kit/principal.js';
import { ApiKeyStore, retierKeys } from './api-key-store.js';
import { UsageMeter } from './usage-meter.js';
import { UsageStore } from './usage-store.js';

/**
 * Longest a change to a user's tier or admin flag made elsewhere can go unnoticed by
 * a process: OAuth and JWT callers' profiles are kept this long instead of being read
 * on every request (the same bound as access tokens, oauth/token-cache.ts).
 */
export const PROFILE_CACHE_S = 10;
/** Profiles kept per process; the oldest go first. */
const MAX_PROFILES = 10_000;

type Profile = { tier: Tier; isAdmin: boolean } | null;

/** The identity port tools use, plus the stores the HTTP layer needs, over one Prisma client. */
export class IdentityService implements IdentityPort {
  readonly keys: ApiKeyStore;
  readonly usageStore: UsageStore;

  readonly meter: UsageMeter;
  private readonly profiles = new Map<string, { profile: Profile; until: number }>();

  constructor(private readonly prisma: PrismaClient, private readonly cache?: Cache, private readonly clock: () => number = Date.now) {
    this.keys = new ApiKeyStore(prisma, cache);
    this.usageStore = new UsageStore(prisma);
    this.meter = new UsageMeter(prisma);
  }

  createKey: IdentityPort['createKey'] = (opts) => this.keys.create(opts);
  listKeys: IdentityPort['listKeys'] = (userId) => this.keys.list(userId);
  getKey: IdentityPort['getKey'] = (keyId) => this.keys.get(keyId);
  revokeKey: IdentityPort['revokeKey'] = (keyId, ownerId) => this.keys.revoke(keyId, ownerId);
  /** Flushes pending counts first, so a caller reads back its own requests. */
  usage: IdentityPort['usage'] = async (keyId, days) => {
    await this.meter.flush();
    return this.usageStore.forKey(keyId, days);
  };

  changePlan: IdentityPort['changePlan'] = async (userId, to, changedBy) => {
    const change = await this.prisma.$transaction(async (tx) => {
      await tx.user.createMany({ data: [{ id: userId }], skipDuplicates: true });
      // Row lock: two changes at once each record the plan the other left.
      const [row] = await tx.$queryRaw<{ tier: string }[]>`SELECT "tier" FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
      const from = (row?.tier ?? 'free') as Tier;
      await tx.user.update({ where: { id: userId }, data: { tier: to } });
      const rec = await tx.planChange.create({ data: { userId, fromTier: from, toTier: to, changedBy } });
      return { from, to, changedAt: rec.createdAt.toISOString() };
    });
    await retierKeys(this.prisma, this.cache, userId, to);
    this.profiles.delete(userId);
    return change;
  };

  async userTier(userId: string): Promise<Tier> {
    return ((await this.profile(userId))?.tier ?? 'free');
  }

  async profile(userId: string): Promise<Profile> {
    const now = this.clock();
    const kept = this.profiles.get(userId);
    if (kept && kept.until > now) return kept.profile;
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { tier: true, isAdmin: true } });
    const profile: Profile = row ? { tier: row.tier as Tier, isAdmin: row.isAdmin } : null;
    this.profiles.delete(userId);
    if (this.profiles.size >= MAX_PROFILES) this.profiles.delete(this.profiles.keys().next().value!);
    this.profiles.set(userId, { profile, until: now + PROFILE_CACHE_S * 1000 });
    return profile;
  }
}
