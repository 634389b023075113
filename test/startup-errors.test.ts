import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../adapters/config/env.js';
import { startupErrorMessage } from '../adapters/config/startup-error.js';

// Issue 22: a setting out of range is refused at start naming it, and a database
// that cannot be reached is one sentence saying what to check, never a stack trace.

const root = path.resolve(import.meta.dirname, '..');

describe('start-up errors', () => {
  it('refuses SIM_FAIL_RATE above 1 at start, also per provider', () => {
    expect(() => loadConfig({ SIM_FAIL_RATE: '2' })).toThrow(/SIM_FAIL_RATE: each rate must be from 0 to 1 \(got "2"\)/);
    expect(() => loadConfig({ SIM_FAIL_RATE: 'duffel:0.5,stripe:1.5' })).toThrow(ConfigError);
    expect(loadConfig({ SIM_FAIL_RATE: 'duffel:0.5,stripe:1' }).SIM_FAIL_RATE).toBe('duffel:0.5,stripe:1');
  });

  it('names DATABASE_URL (without its password) for a refused, unknown or failing connection', () => {
    const env = { DATABASE_URL: 'postgresql://app:secret@db.internal:5433/deals' };
    const refused = Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })]), {});
    const text = startupErrorMessage(refused, env);
    expect(text).toMatch(/database is unreachable at db\.internal:5433 \(ECONNREFUSED\)\. Check DATABASE_URL/);
    expect(text).not.toContain('secret');
    expect(startupErrorMessage(Object.assign(new Error('password authentication failed'), { code: '28P01' }), env)).toMatch(/password was refused.*DATABASE_URL/);
    expect(startupErrorMessage(new Error('something else'), env)).toBe('');
  });

  it('npm start\'s entry prints one line and exits 1 when DATABASE_URL is unreachable, and reads .env', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'startup-'));
    try {
      // Port 1 on loopback: nothing listens there. The .env supplies it; the environment does not.
      writeFileSync(path.join(cwd, '.env'), 'DATABASE_URL=postgresql://u:p@127.0.0.1:1/none\nPORT=0\n');
      const env = { ...process.env };
      delete env['DATABASE_URL'];
      const run = spawnSync(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'adapters/http/main.ts')], { cwd, env, encoding: 'utf8', timeout: 90_000 });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim()).toMatch(/^Cannot start: the database is unreachable at 127\.0\.0\.1:1 \(ECONNREFUSED\)\. Check DATABASE_URL/);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 120_000); // the child compiles and starts the server; its own limit is 90 s
});
