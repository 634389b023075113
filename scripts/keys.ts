import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../adapters/config/env.js';
import { DataDirLockedError, openDatabase } from '../adapters/db/index.js';
import { DashboardAuth } from '../adapters/http/pages/dashboard/dashboard-auth.js';
import { IdentityService } from '../adapters/identity/identity-service.js';
import { readEmbeddedInternalKey } from '../adapters/identity/internal-key-file.js';
import { TIERS, ALL_SCOPES, type Scope, type Tier } from '../tools/_kit/principal.js';

// `npm run keys -- create --user U --tier pro [--name N] [--scopes read,book]`, `list --user U`,
// `revoke KEY_ID`, `usage KEY_ID`, `login USER` (a one-time dashboard sign-in link). Talks to the database directly when it can; with the
// embedded database held by a running server (PGlite is single-process) it goes through
// that server's REST routes with the internal key instead.

const USAGE = 'usage: npm run keys -- create --user USER [--tier free|pro|business] [--name NAME] [--scopes read,book] | list --user USER | revoke KEY_ID | usage KEY_ID | login USER';

interface Backend {
  create(userId: string, tier: Tier, name?: string, scopes?: Scope[]): Promise<unknown>;
  list(userId: string): Promise<unknown>;
  revoke(keyId: string): Promise<unknown>;
  usage(keyId: string): Promise<unknown>;
  login(userId: string): Promise<{ url: string; expires_at: string }>;
  close(): Promise<void>;
}

function direct(service: IdentityService, dashboard: DashboardAuth, baseUrl: string, close: () => Promise<void>): Backend {
  return {
    create: (userId, tier, name, scopes) => service.createKey({ userId, tier, ...(name ? { name } : {}), ...(scopes ? { scopes } : {}) }),
    list: async (userId) => ({ keys: await service.listKeys(userId) }),
    revoke: async (keyId) => ({ revoked: await service.revokeKey(keyId), key: await service.getKey(keyId) }),
    usage: async (keyId) => ({ key_id: keyId, usage: await service.usage(keyId, 30) }),
    login: async (userId) => {
      const link = await dashboard.createLoginLink(userId);
      return { url: `${baseUrl}/dashboard/login?token=${link.token}`, expires_at: link.expiresAt.toISOString() };
    },
    close,
  };
}

function viaServer(baseUrl: string, internalKey: string): Backend {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, { method, headers: { 'x-internal-key': internalKey, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    create: (user_id, tier, name, scopes) => call('POST', '/api/keys', { user_id, tier, ...(name ? { name } : {}), ...(scopes ? { scopes } : {}) }),
    list: (userId) => call('GET', `/api/keys?user_id=${encodeURIComponent(userId)}`),
    revoke: (keyId) => call('DELETE', `/api/keys/${encodeURIComponent(keyId)}`),
    usage: (keyId) => call('GET', `/api/keys/${encodeURIComponent(keyId)}/usage`),
    login: (user_id) => call('POST', '/dashboard/login-links', { user_id }) as Promise<{ url: string; expires_at: string }>,
    close: async () => {},
  };
}

async function openBackend(): Promise<Backend> {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  try {
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
    const service = new IdentityService(db.prisma);
    const baseUrl = (config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
    return direct(service, new DashboardAuth(db.prisma, () => new Date()), baseUrl, async () => {
      await service.meter.close();
      await db.close();
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const key = config.INTERNAL_API_KEY ?? readEmbeddedInternalKey(config.DATA_DIR);
    if (!key) throw new Error('The database is held by a running server and no internal key is available: set INTERNAL_API_KEY as the server has it.', { cause: err });
    return viaServer(process.env.DEAL_ENGINE_URL ?? `http://127.0.0.1:${config.PORT}`, key);
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { user: { type: 'string' }, tier: { type: 'string', default: 'free' }, name: { type: 'string' }, scopes: { type: 'string' } } });
  const [command, arg] = positionals;
  const tier = values.tier as Tier;
  if (!TIERS.includes(tier)) throw new Error(`--tier must be one of ${TIERS.join(', ')}`);
  const scopes = values.scopes?.split(',').map((s) => s.trim()) as Scope[] | undefined;
  if (scopes?.some((s) => !ALL_SCOPES.includes(s))) throw new Error(`--scopes must be among ${ALL_SCOPES.join(', ')}`);
  const needs = (v: string | undefined, what: string) => {
    if (!v) throw new Error(`${what} is required\n${USAGE}`);
    return v;
  };
  const backend = await openBackend();
  try {
    let out: unknown;
    if (command === 'create') out = await backend.create(needs(values.user, '--user'), tier, values.name, scopes);
    else if (command === 'list') out = await backend.list(needs(values.user, '--user'));
    else if (command === 'revoke') out = await backend.revoke(needs(arg, 'KEY_ID'));
    else if (command === 'usage') out = await backend.usage(needs(arg, 'KEY_ID'));
    else if (command === 'login') {
      const link = await backend.login(needs(arg ?? values.user, 'USER'));
      console.log(`Open this link within 10 minutes (it works once):\n${link.url}`);
      return;
    }
    else throw new Error(USAGE);
    console.log(JSON.stringify(out, null, 2));
    if (command === 'create') console.error('\nThe secret above is shown once: store it now. Only its hash is kept.');
  } finally {
    await backend.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
