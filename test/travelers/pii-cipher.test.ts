import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPiiCipher } from '../../adapters/crypto/pii-cipher.js';
import { piiContext } from '../../tools/travelers/pii-cipher.js';

// The cipher alone: AES-256-GCM round trips, fresh IVs, authentication of key,
// context and bytes, and where the key comes from in each configuration.

const key = randomBytes(32).toString('base64');
const ctx = piiContext('user-1', 'passport_number');
const tmp = mkdtempSync(join(tmpdir(), 'pii-cipher-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('createPiiCipher with PII_ENCRYPTION_KEY', () => {
  const cipher = createPiiCipher({ key, dataDir: 'memory://', embedded: false });

  it('seals into v1:<iv>:<tag>:<ciphertext> base64url and opens it again', () => {
    const sealed = cipher.encrypt('P12345678', ctx);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('P12345678');
    expect(cipher.decrypt(sealed, ctx)).toBe('P12345678');
  });

  it('uses a fresh IV each time, so equal numbers do not look equal', () => {
    const a = cipher.encrypt('P12345678', ctx);
    const b = cipher.encrypt('P12345678', ctx);
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('refuses another key, another context and altered bytes (GCM authentication)', () => {
    const sealed = cipher.encrypt('P12345678', ctx);
    const other = createPiiCipher({ key: randomBytes(32).toString('base64'), dataDir: 'memory://', embedded: false });
    expect(() => other.decrypt(sealed, ctx)).toThrow();
    expect(() => cipher.decrypt(sealed, piiContext('user-2', 'passport_number'))).toThrow();
    const [v, iv, tag, ct] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join(':'), ctx)).toThrow();
    expect(() => cipher.decrypt('v2:x:y:z', ctx)).toThrow();
  });

  it('reads the key in base64url too', () => {
    const raw = randomBytes(32);
    const a = createPiiCipher({ key: raw.toString('base64'), dataDir: 'memory://', embedded: true });
    const b = createPiiCipher({ key: raw.toString('base64url'), dataDir: 'memory://', embedded: true });
    expect(b.decrypt(a.encrypt('X1', ctx), ctx)).toBe('X1');
  });
});

describe('createPiiCipher without a key', () => {
  it('is unavailable on PostgreSQL', () => {
    const cipher = createPiiCipher({ dataDir: tmp, embedded: false });
    expect(cipher.available).toBe(false);
    expect(() => cipher.encrypt('P1', ctx)).toThrow(/PII_ENCRYPTION_KEY/);
  });

  it('uses a random per-process key for the in-memory database', () => {
    const a = createPiiCipher({ dataDir: 'memory://', embedded: true });
    const b = createPiiCipher({ dataDir: 'memory://', embedded: true });
    expect(a.available).toBe(true);
    const sealed = a.encrypt('P1', ctx);
    expect(a.decrypt(sealed, ctx)).toBe('P1');
    expect(() => b.decrypt(sealed, ctx)).toThrow();
  });

  it('keeps one key in <DATA_DIR>/pii.key (mode 0600, dir created) and reuses it', () => {
    const dir = join(tmp, 'nested', 'pglite');
    const first = createPiiCipher({ dataDir: dir, embedded: true });
    const file = join(dir, 'pii.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length).toBe(32);
    const sealed = first.encrypt('P12345678', ctx);
    const again = createPiiCipher({ dataDir: dir, embedded: true });
    expect(again.decrypt(sealed, ctx)).toBe('P12345678');
  });

  it('refuses to start on a damaged key file rather than replace it', () => {
    const dir = join(tmp, 'damaged');
    createPiiCipher({ dataDir: dir, embedded: true });
    writeFileSync(join(dir, 'pii.key'), 'not-a-key\n');
    expect(() => createPiiCipher({ dataDir: dir, embedded: true })).toThrow(/pii\.key/);
    expect(readFileSync(join(dir, 'pii.key'), 'utf8')).toBe('not-a-key\n');
  });
});
