import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, loadConfig } from '../adapters/config/env.js';

describe('configuration', () => {
  it('has working defaults with no variables set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: './data/pglite', HEALTH_CACHE_TTL_S: 30 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('treats empty values as unset, like a copied .env.example', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable and what to set', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL: must be a postgresql:// URL (got "mysql://x")');
      expect(msg).toContain('REDIS_URL');
      expect(msg).toContain('.env.example');
    }
  });

  it('.env.example documents every variable, each under a comment', () => {
    const lines = readFileSync(new URL('../.env.example', import.meta.url), 'utf8').split('\n');
    const isVar = (l: string) => /^[A-Z0-9_]+=/.test(l);
    const documented = lines.flatMap((l, i) => {
      if (!isVar(l)) return [];
      let j = i - 1;
      while (j >= 0 && isVar(lines[j] ?? '')) j--; // a group of variables may share one comment
      return [{ name: l.split('=')[0], commented: (lines[j] ?? '').startsWith('#') }];
    });
    expect(documented.map((d) => d.name).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    for (const d of documented) expect(d.commented, `${d.name} needs a comment`).toBe(true);
  });
});
