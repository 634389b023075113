import { randomBytes } from 'node:crypto';
import type { ApiKeyView, IdentityPort } from '../../../tools/_kit/ports.js';
import type { Tier } from '../../../tools/_kit/principal.js';

/** API keys and plans per user; usage counts are whatever the test records with `use`. */
export function memoryIdentity(clock: () => Date): IdentityPort & { use(keyId: string, day: string, limited?: boolean): void } {
  const keys: ApiKeyView[] = [];
  const tiers = new Map<string, Tier>();
  const usage = new Map<string, { requests: number; limited: number }>();
  let seq = 0;
  return {
    async createKey({ userId, tier, name, scopes }) {
      const secret = `de_test_${randomBytes(16).toString('hex')}`;
      const key: ApiKeyView = {
        id: `key_${++seq}`, userId, name: name ?? null, displayPrefix: secret.slice(0, 12), tier, scopes: scopes ?? ['read', 'plan', 'book'],
        createdAt: clock().toISOString(), lastUsedAt: null, revokedAt: null,
      };
      keys.push(key);
      if (!tiers.has(userId)) tiers.set(userId, tier);
      return { key: structuredClone(key), secret };
    },
    async listKeys(userId) {
      return keys.filter((k) => k.userId === userId).map((k) => structuredClone(k));
    },
    async getKey(keyId) {
      const key = keys.find((k) => k.id === keyId);
      return key ? structuredClone(key) : null;
    },
    async revokeKey(keyId, ownerId) {
      const key = keys.find((k) => k.id === keyId && (ownerId === undefined || k.userId === ownerId));
      if (!key || key.revokedAt) return false;
      key.revokedAt = clock().toISOString();
      return true;
    },
    async usage(keyId, days) {
      const today = Date.parse(`${clock().toISOString().slice(0, 10)}T00:00:00Z`);
      return Array.from({ length: days }, (_, i) => {
        const day = new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, ...(usage.get(`${keyId}|${day}`) ?? { requests: 0, limited: 0 }) };
      });
    },
    async userTier(userId) {
      return tiers.get(userId) ?? 'free';
    },
    async changePlan(userId, to) {
      const from = tiers.get(userId) ?? 'free';
      tiers.set(userId, to);
      for (const k of keys) if (k.userId === userId && !k.revokedAt) k.tier = to;
      return { from, to, changedAt: clock().toISOString() };
    },
    use(keyId, day, limited = false) {
      const held = usage.get(`${keyId}|${day}`) ?? { requests: 0, limited: 0 };
      held.requests++;
      if (limited) held.limited++;
      usage.set(`${keyId}|${day}`, held);
    },
  };
}
