import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server.js';

// `npm run keys` while a server holds the embedded database: the CLI must go through
// the running server (PGlite allows one process) and the minted key must work there;
// `npm run keys -- login USER` mints a dashboard link there that signs in once.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'de-keys-'));
const embedded = { DATA_DIR: dataDir, DATABASE_URL: '', INTERNAL_API_KEY: '', REDIS_URL: '' };
let server: ChildServer;

const keys = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], { cwd: root, env: { ...process.env, ...embedded, LOG_LEVEL: 'warn', PORT: new URL(server.url).port } });

beforeAll(async () => {
  server = await startChildServer(embedded);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run keys with the embedded database in use', () => {
  it('creates, lists, meters and revokes a key through the running server', async () => {
    const created = JSON.parse((await keys('create', '--user', 'cli-user', '--tier', 'pro', '--name', 'laptop')).stdout) as { key: { id: string; tier: string }; secret: string };
    expect(created.secret).toMatch(/^de_live_/);
    expect(created.key.tier).toBe('pro');

    const auth = { authorization: `Bearer ${created.secret}` };
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/keys`, { headers: auth })).status).toBe(200);

    const listed = JSON.parse((await keys('list', '--user', 'cli-user')).stdout) as { keys: { id: string }[] };
    expect(listed.keys.map((k) => k.id)).toEqual([created.key.id]);

    const usage = JSON.parse((await keys('usage', created.key.id)).stdout) as { usage: { requests: number }[] };
    expect(usage.usage[0]?.requests).toBeGreaterThanOrEqual(3);

    await keys('revoke', created.key.id);
    expect((await fetch(`${server.url}/api/keys`, { headers: auth })).status).toBe(401);
  });
});

describe('npm run keys -- login', () => {
  it('prints a one-time dashboard link that signs in once', async () => {
    const { stdout } = await keys('login', 'cli-dash-user');
    const link = /(http\S+\/dashboard\/login\?token=\S+)/.exec(stdout)?.[1];
    expect(link, stdout).toBeDefined();
    const url = new URL(link!);
    const target = `${server.url}${url.pathname}${url.search}`;
    const first = await fetch(target, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await fetch(`${server.url}/dashboard`, { headers: { cookie } })).text()).toContain('cli-dash-user');
    expect((await fetch(target, { redirect: 'manual' })).status).toBe(401);
  }, 60_000);
});
