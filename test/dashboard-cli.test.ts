import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server.js';

// `npm run keys -- login USER` while a server holds the embedded database: the link is
// minted through the running server (internal key from DATA_DIR) and signs in once.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'de-dash-cli-'));
const embedded = { DATA_DIR: dataDir, DATABASE_URL: '', INTERNAL_API_KEY: '', REDIS_URL: '' };
let server: ChildServer;

beforeAll(async () => {
  server = await startChildServer(embedded);
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run keys -- login', () => {
  it('prints a one-time dashboard link that signs in once', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', 'login', 'cli-dash-user'], {
      cwd: root, env: { ...process.env, ...embedded, LOG_LEVEL: 'warn', PORT: new URL(server.url).port },
    });
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
