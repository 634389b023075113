import { expect, it } from 'vitest';
import type { PrismaClient } from '../adapters/db/index.js';
import { IdentityService, PROFILE_CACHE_S } from '../adapters/identity/identity-service.js';

// Issue 21: an OAuth or JWT caller's profile (tier, admin) is read once per
// PROFILE_CACHE_S in a process, not on every request; a change made meanwhile is
// seen once that time is up, never later.

it('reads a profile once per cache period and sees a change after it', async () => {
  const rows = new Map([['u1', { tier: 'free', isAdmin: false }]]);
  let queries = 0;
  const prisma = {
    user: { findUnique: async ({ where }: { where: { id: string } }) => (queries++, rows.get(where.id) ?? null) },
  } as unknown as PrismaClient;
  let now = 1_000_000;
  const identity = new IdentityService(prisma, undefined, () => now);

  expect(await identity.profile('u1')).toEqual({ tier: 'free', isAdmin: false });
  for (let i = 0; i < 5; i++) await identity.profile('u1');
  expect(queries).toBe(1);
  expect(await identity.profile('nobody')).toBeNull();
  expect(await identity.profile('nobody')).toBeNull();
  expect(queries).toBe(2);

  rows.set('u1', { tier: 'business', isAdmin: true });
  now += PROFILE_CACHE_S * 1000 - 1;
  expect((await identity.profile('u1'))?.tier).toBe('free');
  now += 1;
  expect(await identity.profile('u1')).toEqual({ tier: 'business', isAdmin: true });
  expect(queries).toBe(3);
});
