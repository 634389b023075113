import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPiiCipher } from '../../adapters/crypto/pii-cipher.js';
import { piiContext } from '../../tools/travelers/pii-cipher.js';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { deleteTraveler, fullProfile, INTERNAL_KEY, PII_KEY, saveTraveler, type Invalid, type TravelerOut } from './traveler-helpers.js';

// GET/POST/DELETE /api/user/travelers on the real server: masking, merge-on-upsert,
// encryption at rest, two users who cannot touch each other's rows, and validation.

let server: TestServer;
let ada: Record<string, string>;
let bob: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ env: { PII_ENCRYPTION_KEY: PII_KEY, INTERNAL_API_KEY: INTERNAL_KEY } });
  [ada, bob] = await Promise.all([bearer(server, 'trv-ada'), bearer(server, 'trv-bob')]);
});
afterAll(() => server.close());

const list = async (headers: Record<string, string>, query = '') => (await json<{ travelers: TravelerOut[] }>(await server.get(`/api/user/travelers${query}`, { headers }))).travelers;

describe('saving and listing', () => {
  it('saves a full profile and answers it masked and normalised', async () => {
    const saved = await json<TravelerOut>(await saveTraveler(server, fullProfile({ first_name: '  Ada  ', last_name: 'Lovelace ' }), ada));
    expect(saved.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(saved).toMatchObject({
      first_name: 'Ada', last_name: 'Lovelace', dob: '1985-12-10', email: 'ada@example.com', phone: '+442079460958', gender: 'female',
      passport: { number_masked: '•••••5678', country: 'GB', expiry: '2031-05-01', expired: false },
      known_traveler_number_masked: '•••••',
      loyalty: [{ program: 'BA Executive Club', number_masked: '•••••8901' }],
    });
    const body = JSON.stringify(saved);
    for (const secret of ['P12345678', '987654321', '12345678901']) expect(body).not.toContain(secret);
  });

  it('lists newest first, masked, and only the caller\'s own', async () => {
    await json(await saveTraveler(server, { first_name: 'Byron', last_name: 'Lovelace', dob: '2010-01-02' }, ada));
    await json(await saveTraveler(server, { first_name: 'Bob', last_name: 'Other', dob: '1970-03-04' }, bob));
    const mine = await list(ada);
    expect(mine.map((t) => t.first_name)).toEqual(['Byron', 'Ada']);
    expect(mine[0]).toMatchObject({ passport: null, known_traveler_number_masked: null, loyalty: [], email: null });
    expect(mine[1]?.passport?.number_masked).toBe('•••••5678');
    expect(JSON.stringify(mine)).not.toContain('P12345678');
    expect((await list(bob)).map((t) => t.first_name)).toEqual(['Bob']);
  });

  it('upserts on (user, first name, last name, dob): same id, omitted fields kept, null clears', async () => {
    const [before] = (await list(ada)).filter((t) => t.first_name === 'Ada');
    const updated = await json<TravelerOut>(await saveTraveler(server, { first_name: 'Ada', last_name: 'Lovelace', dob: '1985-12-10', phone: '+1 (415) 555-0100', known_traveler_number: null }, ada));
    expect(updated.id).toBe(before?.id);
    expect(updated).toMatchObject({ phone: '+14155550100', email: 'ada@example.com', known_traveler_number_masked: null, passport: { number_masked: '•••••5678' } });
    expect(updated.loyalty).toHaveLength(1);
    // The key compares exactly: a different case is a different profile.
    const other = await json<TravelerOut>(await saveTraveler(server, { first_name: 'ADA', last_name: 'Lovelace', dob: '1985-12-10' }, ada));
    expect(other.id).not.toBe(before?.id);
    expect(await prismaOf(server).travelerProfile.count({ where: { userId: 'trv-ada' } })).toBe(3);
    await json(await deleteTraveler(server, other.id, ada));
  });

  it('shows an expired passport as expired', async () => {
    const t = await json<TravelerOut>(await saveTraveler(server, { first_name: 'Old', last_name: 'Passport', dob: '1950-06-06', passport: { number: 'X9876543', country: 'US', expiry: '2001-01-01' } }, ada));
    expect(t.passport).toEqual({ number_masked: '•••••6543', country: 'US', expiry: '2001-01-01', expired: true });
    await json(await deleteTraveler(server, t.id, ada));
  });
});

describe('encryption at rest', () => {
  it('stores no number in clear; the configured key opens it, another key cannot', async () => {
    const row = await prismaOf(server).travelerProfile.findFirstOrThrow({ where: { userId: 'trv-ada', firstName: 'Ada' } });
    const rawRow = JSON.stringify(row);
    expect(rawRow).not.toContain('P12345678');
    expect(row.passportNumberEnc).toMatch(/^v1:/);
    expect(row.passportLast4).toBe('5678');
    const cipher = createPiiCipher({ key: PII_KEY, dataDir: 'memory://', embedded: false });
    expect(cipher.decrypt(row.passportNumberEnc ?? '', piiContext('trv-ada', 'passport_number'))).toBe('P12345678');
    const wrong = createPiiCipher({ key: randomBytes(32).toString('base64'), dataDir: 'memory://', embedded: false });
    expect(() => wrong.decrypt(row.passportNumberEnc ?? '', piiContext('trv-ada', 'passport_number'))).toThrow();
    // Bound to its owner: the same sealed value does not open as another user's.
    expect(() => cipher.decrypt(row.passportNumberEnc ?? '', piiContext('trv-bob', 'passport_number'))).toThrow();
  });
});

describe('deleting', () => {
  it("never deletes another user's row, and answers ok anyway", async () => {
    const [adaRow] = await list(ada);
    expect(adaRow).toBeDefined();
    expect(await json(await deleteTraveler(server, adaRow?.id ?? '', bob))).toEqual({ ok: true });
    expect((await list(ada)).map((t) => t.id)).toContain(adaRow?.id);
    expect(await prismaOf(server).travelerProfile.count({ where: { id: adaRow?.id ?? '' } })).toBe(1);
  });

  it('answers ok for unknown and non-UUID ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1", 'x'.repeat(500)]) {
      expect(await json(await deleteTraveler(server, id, ada))).toEqual({ ok: true });
    }
    expect(await list(ada)).toHaveLength(2);
  });

  it("deletes the caller's own row", async () => {
    const byron = (await list(ada)).find((t) => t.first_name === 'Byron');
    expect(await json(await deleteTraveler(server, byron?.id ?? '', ada))).toEqual({ ok: true });
    expect((await list(ada)).map((t) => t.first_name)).toEqual(['Ada']);
  });
});

describe('who may call', () => {
  it('needs a caller; users act only for themselves; the back end names the user', async () => {
    expect((await server.get('/api/user/travelers')).status).toBe(401);
    expect((await saveTraveler(server, fullProfile(), {})).status).toBe(401);
    expect((await deleteTraveler(server, 'x', {})).status).toBe(401);
    expect((await server.get('/api/user/travelers?user_id=trv-ada', { headers: bob })).status).toBe(403);
    expect((await saveTraveler(server, { ...fullProfile(), user_id: 'trv-ada' }, bob)).status).toBe(403);
    const internal = { 'x-internal-key': INTERNAL_KEY };
    expect((await list(internal, '?user_id=trv-bob')).map((t) => t.first_name)).toEqual(['Bob']);
    expect((await server.get('/api/user/travelers', { headers: internal })).status).toBe(422);
    const saved = await json<TravelerOut>(await saveTraveler(server, { first_name: 'Carl', last_name: 'Other', dob: '1999-09-09', user_id: 'trv-bob' }, internal));
    expect((await list(bob)).map((t) => t.id)).toContain(saved.id);
  });
});

describe('validation', () => {
  it('answers 422 naming the field', async () => {
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ last_name: 'X', dob: '1990-01-01' }, ['body', 'first_name']],
      [{ first_name: '   ', last_name: 'X', dob: '1990-01-01' }, ['body', 'first_name']],
      [{ first_name: 'R2D2', last_name: 'X', dob: '1990-01-01' }, ['body', 'first_name']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-02-30' }, ['body', 'dob']],
      [{ first_name: 'A', last_name: 'X', dob: '2999-01-01' }, ['body', 'dob']],
      [{ first_name: 'A', last_name: 'X', dob: '01/02/1990' }, ['body', 'dob']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', email: 'nope' }, ['body', 'email']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', phone: '5550100' }, ['body', 'phone']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', gender: 'robot' }, ['body', 'gender']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', passport: { number: 'P1234567', country: 'XX', expiry: '2030-01-01' } }, ['body', 'passport', 'country']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', passport: { number: 'P1234567', country: 'EU', expiry: '2030-01-01' } }, ['body', 'passport', 'country']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', passport: { number: 'P#1', country: 'US', expiry: '2030-01-01' } }, ['body', 'passport', 'number']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', passport: { number: 'P1234567', country: 'US' } }, ['body', 'passport', 'expiry']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', known_traveler_number: '12' }, ['body', 'known_traveler_number']],
      [{ first_name: 'A', last_name: 'X', dob: '1990-01-01', loyalty: [{ program: 'UA', number: 'A1B2C3' }, { program: 'ua', number: 'Z9' }] }, ['body', 'loyalty']],
    ];
    for (const [body, loc] of cases) {
      const res = await json<Invalid>(await saveTraveler(server, body, ada), 422);
      expect(res.detail.map((d) => d.loc), JSON.stringify(body)).toContainEqual(loc);
    }
    expect((await saveTraveler(server, '{not json', ada)).status).toBe(422);
    expect((await saveTraveler(server, [1, 2], ada)).status).toBe(422);
  });
});

describe('fail-open', () => {
  it('lists [] when the store throws, and [] / ok when the table is gone', async () => {
    const store = server.services.travelers;
    const original = store.list;
    store.list = () => Promise.reject(new Error('store down'));
    try {
      expect(await list(ada)).toEqual([]);
    } finally {
      store.list = original;
    }
    expect(await list(ada)).toHaveLength(1);

    const cold = await startTestServer({ env: { PII_ENCRYPTION_KEY: PII_KEY } });
    try {
      const dan = await bearer(cold, 'trv-dan');
      const saved = await json<TravelerOut>(await saveTraveler(cold, fullProfile(), dan));
      // A real store failure on either engine: the table is gone.
      await prismaOf(cold).$executeRawUnsafe('ALTER TABLE traveler_profiles RENAME TO traveler_profiles_gone');
      expect(await json(await cold.get('/api/user/travelers', { headers: dan }))).toEqual({ travelers: [] });
      expect(await json(await deleteTraveler(cold, saved.id, dan))).toEqual({ ok: true });
      const failedSave = await saveTraveler(cold, fullProfile(), dan);
      expect(failedSave.status).toBe(503);
    } finally {
      await cold.close().catch(() => undefined);
    }
  });
});
