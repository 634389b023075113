import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { uniqueName } from '../helpers/test-config.js';

// A seat hold is one atomic upsert: many holds of the same (offer, passenger,
// segment) at once, from one process or from two sharing PostgreSQL, must all
// succeed and leave exactly one row, holding one of the seats sent.

const HOLDS = 50;
const PG_URL = process.env.DATABASE_URL || undefined;

interface Selection {
  offer_id: string;
  designator: string;
  status: string;
}

/** 50 holds of one key with different seats, spread over the servers, all in flight together. */
async function raceHolds(urls: string[]): Promise<{ offerId: string; sent: string[]; answers: { status: number; body: Selection }[] }> {
  const offerId = `off_${randomBytes(8).toString('hex')}`;
  const sent = Array.from({ length: HOLDS }, (_, i) => `${i + 1}${'ABCDEFGHJK'[i % 10]}`);
  const answers = await Promise.all(
    sent.map(async (designator, i) => {
      const res = await fetch(`${urls[i % urls.length]}/api/booking/seat-hold`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offer_id: offerId, passenger_slot: 'pas_1', segment_id: 'seg_1', designator }),
      });
      return { status: res.status, body: (await res.json()) as Selection };
    }),
  );
  return { offerId, sent, answers };
}

async function selectionsOf(url: string, offerId: string): Promise<Selection[]> {
  const res = await fetch(`${url}/api/booking/seat-selections?offer_id=${offerId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { selections: Selection[] }).selections;
}

function expectOneWinner(race: Awaited<ReturnType<typeof raceHolds>>, rows: Selection[]): void {
  expect(race.answers.map((a) => a.status)).toEqual(Array(HOLDS).fill(200));
  // Each answer is the row its own statement wrote.
  race.answers.forEach((a, i) => expect(a.body).toMatchObject({ offer_id: race.offerId, designator: race.sent[i], status: 'held' }));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.status).toBe('held');
  expect(race.sent).toContain(rows[0]?.designator);
}

describe('concurrent seat holds in one process', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it(`leaves one held row after ${HOLDS} simultaneous holds of one key`, async () => {
    server = await startTestServer();
    const race = await raceHolds([server.url]);
    expectOneWinner(race, await selectionsOf(server.url, race.offerId));
  }, 60_000);
});

// Runs in the PostgreSQL pass of .ci/run (DATABASE_URL set); the embedded database allows one process only.
if (PG_URL) describe('concurrent seat holds across two processes on PostgreSQL (needs DATABASE_URL)', () => {
  const schema = uniqueName('seats').toLowerCase();
  let a: TestServer | undefined;
  let b: ChildServer | undefined;
  afterAll(async () => {
    await Promise.all([a?.close(), b?.stop()]);
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it(`leaves one held row after ${HOLDS} simultaneous holds of one key`, async () => {
    const url = new URL(PG_URL);
    url.searchParams.set('schema', schema);
    // The first server migrates the shared schema; the second, its own process, finds it ready.
    a = await startTestServer({ env: { DATABASE_URL: url.toString() } });
    b = await startChildServer({ DATABASE_URL: url.toString() });
    const race = await raceHolds([a.url, b.url]);
    expectOneWinner(race, await selectionsOf(b.url, race.offerId));

    // And the table agrees, not just the API.
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT designator, status FROM "${schema}"."seat_selections" WHERE offer_id = $1`, [race.offerId]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'held' });
    } finally {
      await client.end();
    }
  }, 90_000);
});
