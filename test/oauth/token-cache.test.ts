import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../adapters/db/open-database.js';
import { openServices, type OpenServices } from '../../adapters/runtime/open-services.js';
import { sha256Hex } from '../../oauth/crypto.js';
import { cachedAccessTokenVerifier } from '../../oauth/token-cache.js';
import { revokeFamily } from '../../oauth/token-store.js';
import { dropTestSchema } from '../helpers/start-test-server.js';
import { testConfig } from '../helpers/test-config.js';
import { silent } from '../webhooks/support/helpers.js';

// OAuth access-token lookups are cached per process for a few seconds, so an
// authenticated /mcp call does not query its token every time; a revocation in
// this process is seen at once, one made elsewhere within the cache's TTL, and
// the audience is still checked on every call.

let opened: OpenServices;
let schema: string | undefined;
const prisma = () => (opened.services.db as AppDatabase).prisma;
const RESOURCE = 'http://127.0.0.1/mcp';

beforeAll(async () => {
  const config = testConfig();
  schema = config.schema;
  opened = await openServices(config, silent);
  await prisma().user.create({ data: { id: 'tc-user', tier: 'pro' } });
  await prisma().oAuthClient.create({ data: { id: 'tc-client', redirectUris: ['http://127.0.0.1/cb'], grantTypes: ['authorization_code'] } });
});
afterAll(async () => {
  await opened?.close();
  if (schema) await dropTestSchema(schema);
});

async function token(name: string, familyId = name): Promise<string> {
  const value = `tc_${name}_${Date.now()}`;
  await prisma().oAuthToken.create({
    data: { familyId, accessTokenHash: sha256Hex(value), clientId: 'tc-client', userId: 'tc-user', scopes: ['read'], resource: RESOURCE, accessExpiresAt: new Date(Date.now() + 3600_000) },
  });
  return value;
}

/** Counts the token queries the verifier makes, by watching the rows' reads through a wrapped client. */
function counting() {
  let queries = 0;
  const p = prisma();
  const wrapped = { oAuthToken: { findUnique: (args: Parameters<typeof p.oAuthToken.findUnique>[0]) => (queries++, p.oAuthToken.findUnique(args)) } } as unknown as typeof p;
  return { prisma: wrapped, queries: () => queries };
}

describe('cached OAuth access-token lookups', () => {
  it('looks a token up once within the TTL, and checks the audience on every call', async () => {
    const c = counting();
    const verify = cachedAccessTokenVerifier(c.prisma, { ttlMs: 60_000 });
    const t = await token('hits');
    for (let i = 0; i < 5; i++) expect(await verify(t, RESOURCE)).toEqual({ userId: 'tc-user', clientId: 'tc-client', scopes: ['read'] });
    expect(await verify(t, 'http://elsewhere/mcp')).toEqual({ error: 'wrong_audience' });
    expect(c.queries()).toBe(1);
    // Unknown tokens are remembered too (a flood of bad tokens is not a flood of queries).
    for (let i = 0; i < 3; i++) expect(await verify('tc_unknown', RESOURCE)).toEqual({ error: 'invalid_token' });
    expect(c.queries()).toBe(2);
  });

  it('a revocation in this process is honoured at once', async () => {
    const verify = cachedAccessTokenVerifier(prisma(), { ttlMs: 60_000 });
    const t = await token('revoked-here');
    expect(await verify(t, RESOURCE)).toMatchObject({ userId: 'tc-user' });
    await revokeFamily(prisma(), 'revoked-here', new Date());
    expect(await verify(t, RESOURCE)).toEqual({ error: 'invalid_token' });
  });

  it('a revocation by another process is honoured once the TTL has passed, not before', async () => {
    const verify = cachedAccessTokenVerifier(prisma(), { ttlMs: 300 });
    const t = await token('revoked-elsewhere');
    const at = new Date();
    expect(await verify(t, RESOURCE, at)).toMatchObject({ userId: 'tc-user' });
    // Another process revokes: a direct update, no epoch bump here.
    await prisma().oAuthToken.updateMany({ where: { familyId: 'revoked-elsewhere' }, data: { revokedAt: new Date() } });
    expect(await verify(t, RESOURCE, new Date(at.getTime() + 100))).toMatchObject({ userId: 'tc-user' });
    expect(await verify(t, RESOURCE, new Date(at.getTime() + 301))).toEqual({ error: 'invalid_token' });
  });

  it('never answers for a token past its own expiry', async () => {
    const verify = cachedAccessTokenVerifier(prisma(), { ttlMs: 60_000 });
    const t = await token('expiring');
    const row = await prisma().oAuthToken.findUniqueOrThrow({ where: { accessTokenHash: sha256Hex(t) } });
    expect(await verify(t, RESOURCE)).toMatchObject({ userId: 'tc-user' });
    expect(await verify(t, RESOURCE, new Date(row.accessExpiresAt.getTime() + 1))).toEqual({ error: 'invalid_token' });
  });
});
