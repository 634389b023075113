import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../adapters/cache/memory-cache.js';
import type { PrismaClient } from '../adapters/db/index.js';
import { ApiKeyStore, BAD_KEYS_PER_ADDRESS } from '../adapters/identity/api-key-store.js';
import { hashSecret } from '../adapters/identity/api-key-secret.js';

// Issue 21: a flood of bad API keys must not reach the database each time. The same bad
// key is answered from the cache; distinct bad keys from one address reach the database
// at most BAD_KEYS_PER_ADDRESS times per window, then get RATE_LIMITED without a query.

function fakePrisma(validSecret: string) {
  const hash = hashSecret(validSecret);
  const queries: string[] = [];
  const prisma = {
    apiKey: {
      findUnique: async ({ where }: { where: { secretHash: string } }) => {
        queries.push(where.secretHash);
        return where.secretHash === hash
          ? { id: 'k1', userId: 'u1', tier: 'pro', scopes: ['read'], revokedAt: null, secretHash: hash, user: { isAdmin: false } }
          : null;
      },
    },
  } as unknown as PrismaClient;
  return { prisma, queries };
}

describe('invalid API keys', () => {
  it('asks the database once for a repeated bad key, and once for a good key per cache lifetime', async () => {
    const { prisma, queries } = fakePrisma('de_live_good');
    const store = new ApiKeyStore(prisma, new MemoryCache());
    for (let i = 0; i < 5; i++) expect(await store.verifyMetered('de_live_bad', { address: '10.0.0.1' })).toBeNull();
    expect(queries).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await store.verifyMetered('de_live_good', { address: '10.0.0.1' }))?.key.keyId).toBe('k1');
    expect(queries).toHaveLength(2);
  });

  it('refuses an address past its budget of bad keys before any query, and counts each address apart', async () => {
    const { prisma, queries } = fakePrisma('de_live_good');
    const store = new ApiKeyStore(prisma, new MemoryCache());
    const outcomes: string[] = [];
    for (let i = 0; i < BAD_KEYS_PER_ADDRESS + 10; i++) {
      outcomes.push(await store.verifyMetered(`de_live_flood_${i}`, { address: '10.0.0.2' }).then((r) => String(r), (e: { code: string }) => e.code));
    }
    expect(outcomes.filter((o) => o === 'null')).toHaveLength(BAD_KEYS_PER_ADDRESS);
    expect(outcomes.slice(BAD_KEYS_PER_ADDRESS)).toEqual(Array(10).fill('RATE_LIMITED'));
    // Only the keys within the budget were looked up; every refused one was answered from the cache.
    expect(queries).toHaveLength(BAD_KEYS_PER_ADDRESS);
    const err = await store.verifyMetered('de_live_one_more', { address: '10.0.0.2' }).catch((e: { details: { retry_after_s: number } }) => e);
    expect((err as { details: { retry_after_s: number } }).details.retry_after_s).toBeGreaterThan(0);
    expect(await store.verifyMetered('de_live_other', { address: '10.0.0.3' })).toBeNull();
  });
});
