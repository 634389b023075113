import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { fullProfile, PII_KEY, saveTraveler, type TravelerOut } from './traveler-helpers.js';

// Racing saves of one (user, first name, last name, dob) key leave exactly one row:
// the upsert is a single INSERT … ON CONFLICT DO UPDATE.

let server: TestServer;
let eve: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ env: { PII_ENCRYPTION_KEY: PII_KEY } });
  eve = await bearer(server, 'trv-eve');
});
afterAll(() => server.close());

const rowsFor = (firstName: string) => prismaOf(server).travelerProfile.findMany({ where: { userId: 'trv-eve', firstName } });

describe('concurrent upserts', () => {
  it('20 identical saves at once give one row and one id', async () => {
    const body = fullProfile({ first_name: 'Same' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => saveTraveler(server, body, eve).then((r) => json<TravelerOut>(r))));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await rowsFor('Same');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(answers[0]?.id);
  });

  it('20 different saves of one key at once give one row holding one of them', async () => {
    const phones = Array.from({ length: 20 }, (_, i) => `+1415555${String(1000 + i)}`);
    const answers = await Promise.all(
      phones.map((phone, i) => saveTraveler(server, fullProfile({ first_name: 'Racer', phone, loyalty: [{ program: 'UA', number: `MP${String(100000 + i)}` }] }), eve).then((r) => json<TravelerOut>(r))),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await rowsFor('Racer');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    const winner = phones.indexOf(row?.phone ?? '');
    expect(winner).toBeGreaterThanOrEqual(0);
    // Phone and loyalty come from the same save: the row is one whole write, not a mix.
    expect(row?.loyalty).toEqual([{ program: 'UA', number: `MP${String(100000 + winner)}` }]);
  });
});
