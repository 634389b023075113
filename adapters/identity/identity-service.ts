import type { PrismaClient } from '../db/index.js';
import type { Cache, IdentityPort } from '../../tools/_kit/ports.js';
import type { Tier } from '../../tools/_kit/principal.js';
import { ApiKeyStore } from './api-key-store.js';
import { UsageMeter } from './usage-meter.js';
import { UsageStore } from './usage-store.js';

/** The identity port tools use, plus the stores the HTTP layer needs, over one Prisma client. */
export class IdentityService implements IdentityPort {
  readonly keys: ApiKeyStore;
  readonly usageStore: UsageStore;

  readonly meter: UsageMeter;

  constructor(private readonly prisma: PrismaClient, cache?: Cache) {
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

  async userTier(userId: string): Promise<Tier> {
    return ((await this.profile(userId))?.tier ?? 'free');
  }

  async profile(userId: string): Promise<{ tier: Tier; isAdmin: boolean } | null> {
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { tier: true, isAdmin: true } });
    return row ? { tier: row.tier as Tier, isAdmin: row.isAdmin } : null;
  }
}
