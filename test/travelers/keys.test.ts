import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPiiCipher } from '../../adapters/crypto/pii-cipher.js';
import { piiContext } from '../../tools/travelers/pii-cipher.js';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { startTestServer } from '../helpers/start-test-server.js';
import { fullProfile, saveTraveler, type TravelerOut } from './traveler-helpers.js';

// Where the PII key comes from, end to end: PostgreSQL without PII_ENCRYPTION_KEY
// refuses sensitive fields with 503; the embedded database keeps its own key file
// and still opens what it sealed after a restart on the same DATA_DIR.

const onPostgres = Boolean(process.env.DATABASE_URL);
const tmp = mkdtempSync(join(tmpdir(), 'trv-keys-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('no key on PostgreSQL', () => {
  it('answers 503 naming PII_ENCRYPTION_KEY for passport or known-traveler numbers, and saves the rest', async () => {
    const server = await startTestServer({ env: { PII_ENCRYPTION_KEY: '' } });
    try {
      if (onPostgres) expect(server.services.pii.available).toBe(false); // built from the real config
      // On the embedded run, put in what PostgreSQL without a key builds.
      else server.services.pii = createPiiCipher({ dataDir: 'memory://', embedded: false });
      const fay = await bearer(server, 'trv-fay');
      for (const body of [fullProfile(), { first_name: 'Fay', last_name: 'K', dob: '1990-01-01', known_traveler_number: 'KTN12345' }]) {
        const res = await json<{ code: string; detail: string; hint: string }>(await saveTraveler(server, body, fay), 503);
        expect(res.code).toBe('UNAVAILABLE');
        expect(res.detail).toContain('PII_ENCRYPTION_KEY');
      }
      const plain = await json<TravelerOut>(await saveTraveler(server, { ...fullProfile(), passport: undefined, known_traveler_number: undefined }, fay));
      expect(plain).toMatchObject({ first_name: 'Ada', passport: null, known_traveler_number_masked: null, email: 'ada@example.com' });
      // Clearing needs no key either.
      expect((await saveTraveler(server, { first_name: 'Ada', last_name: 'Lovelace', dob: '1985-12-10', passport: null }, fay)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('embedded key file', () => {
  it('persists across a restart on the same DATA_DIR', async () => {
    const dataDir = join(tmp, 'pglite');
    // DATABASE_URL '' forces the embedded database on the PostgreSQL run too.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PII_ENCRYPTION_KEY: '' };
    const first = await startTestServer({ env });
    let id: string;
    try {
      const gus = await bearer(first, 'trv-gus');
      id = (await json<TravelerOut>(await saveTraveler(first, fullProfile(), gus))).id;
    } finally {
      await first.close();
    }
    const keyFile = join(dataDir, 'pii.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const keyBefore = readFileSync(keyFile, 'utf8');

    const second = await startTestServer({ env });
    try {
      const gus = await bearer(second, 'trv-gus');
      const listed = await json<{ travelers: TravelerOut[] }>(await second.get('/api/user/travelers', { headers: gus }));
      expect(listed.travelers.map((t) => [t.id, t.passport?.number_masked])).toEqual([[id, '•••••5678']]);
      const row = await prismaOf(second).travelerProfile.findUniqueOrThrow({ where: { id } });
      expect(second.services.pii.decrypt(row.passportNumberEnc ?? '', piiContext('trv-gus', 'passport_number'))).toBe('P12345678');
      expect(readFileSync(keyFile, 'utf8')).toBe(keyBefore);
    } finally {
      await second.close();
    }
  }, 120_000); // two servers on a fresh PGlite folder: over 30 s on a loaded machine
});
