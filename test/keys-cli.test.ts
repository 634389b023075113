import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run keys` while a server holds the embedded database: the CLI must go through
// the running server (PGlite allows one process) and the minted key must work there.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'de-keys-'));
const port = 20_000 + (process.pid % 20_000);
let server: ChildProcess;

const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', INTERNAL_API_KEY: '', REDIS_URL: '' };
const keys = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], { cwd: root, env });

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'adapters/http/main.ts'], { cwd: root, env, stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}, 60_000);

afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run keys with the embedded database in use', () => {
  it('creates, lists, meters and revokes a key through the running server', async () => {
    const created = JSON.parse((await keys('create', '--user', 'cli-user', '--tier', 'pro', '--name', 'laptop')).stdout) as { key: { id: string; tier: string }; secret: string };
    expect(created.secret).toMatch(/^de_live_/);
    expect(created.key.tier).toBe('pro');

    const auth = { authorization: `Bearer ${created.secret}` };
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${port}/api/keys`, { headers: auth })).status).toBe(200);

    const listed = JSON.parse((await keys('list', '--user', 'cli-user')).stdout) as { keys: { id: string }[] };
    expect(listed.keys.map((k) => k.id)).toEqual([created.key.id]);

    const usage = JSON.parse((await keys('usage', created.key.id)).stdout) as { usage: { requests: number }[] };
    expect(usage.usage[0]?.requests).toBeGreaterThanOrEqual(3);

    await keys('revoke', created.key.id);
    expect((await fetch(`http://127.0.0.1:${port}/api/keys`, { headers: auth })).status).toBe(401);
  });
});
