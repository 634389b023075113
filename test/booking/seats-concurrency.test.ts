import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/api.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { uniqueName } from '../helpers/test-config.js';
import { paidSeats, seatableOffer, seatsOf } from './seat-helpers.js';

// A seat hold is one atomic upsert: many holds of the same (offer, holder,
// passenger, segment) at once, from one process or from two sharing PostgreSQL,
// must all succeed and leave exactly one row, holding one of the seats sent. And
// one seat raced for by many people goes to exactly one of them.

const HOLDS = 24;
const RIVALS = 12;
const PG_URL = process.env.DATABASE_URL || undefined;

interface Selection {
  offer_id: string;
  designator: string;
  status: string;
}

interface Race {
  offerId: string;
  sent: string[];
  answers: { status: number; body: Selection }[];
}

async function postHold(url: string, headers: Record<string, string>, body: Record<string, unknown>): Promise<{ status: number; body: Selection }> {
  const res = await fetch(`${url}/api/booking/seat-hold`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Selection };
}

/** HOLDS holds of one selection with different open seats, by one user, spread over the servers, all in flight together. */
async function raceOneSelection(server: TestServer, urls: string[], headers: Record<string, string>, day: number): Promise<Race> {
  const { offer, map } = await seatableOffer(server, day);
  const segment = map.seat_maps[0]!;
  const sent = seatsOf(segment).filter((s) => s.available).slice(0, HOLDS).map((s) => s.designator!);
  expect(sent).toHaveLength(HOLDS);
  const answers = await Promise.all(
    sent.map((designator, i) => postHold(urls[i % urls.length]!, headers, { offer_id: offer.offer_id, passenger_slot: map.passengers[0]!.id, segment_id: segment.segment_id, designator })),
  );
  return { offerId: offer.offer_id, sent, answers };
}

/** RIVALS different users holding the same seat at once. */
async function raceOneSeat(server: TestServer, urls: string[], day: number): Promise<{ offerId: string; designator: string; winners: Record<string, string>[]; statuses: number[] }> {
  const { offer, map } = await seatableOffer(server, day);
  const segment = map.seat_maps[0]!;
  const designator = paidSeats(segment)[0]!.designator!;
  const users = await Promise.all(Array.from({ length: RIVALS }, (_, i) => bearer(server, `rival_${i}_${randomBytes(4).toString('hex')}`)));
  const answers = await Promise.all(
    users.map((headers, i) => postHold(urls[i % urls.length]!, headers, { offer_id: offer.offer_id, passenger_slot: map.passengers[0]!.id, segment_id: segment.segment_id, designator })),
  );
  return { offerId: offer.offer_id, designator, winners: users.filter((_, i) => answers[i]!.status === 200), statuses: answers.map((a) => a.status) };
}

async function selectionsOf(url: string, offerId: string, headers: Record<string, string>): Promise<Selection[]> {
  const res = await fetch(`${url}/api/booking/seat-selections?offer_id=${encodeURIComponent(offerId)}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { selections: Selection[] }).selections;
}

function expectOneWinner(race: Race, rows: Selection[]): void {
  expect(race.answers.map((a) => a.status)).toEqual(Array(HOLDS).fill(200));
  // Each answer is the row its own statement wrote.
  race.answers.forEach((a, i) => expect(a.body).toMatchObject({ designator: race.sent[i], status: 'held' }));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.status).toBe('held');
  expect(race.sent).toContain(rows[0]?.designator);
}

function expectOneSeatHolder(race: Awaited<ReturnType<typeof raceOneSeat>>): void {
  expect(race.statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(race.statuses.filter((s) => s === 422)).toHaveLength(RIVALS - 1);
  expect(race.winners).toHaveLength(1);
}

describe('concurrent seat holds in one process', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it(`leaves one held row after ${HOLDS} simultaneous holds of one selection, and gives one seat to one of ${RIVALS} rivals`, async () => {
    server = await startTestServer();
    const ada = await bearer(server, `ada_${randomBytes(4).toString('hex')}`);
    const race = await raceOneSelection(server, [server.url], ada, 61);
    expectOneWinner(race, await selectionsOf(server.url, race.offerId, ada));

    const rivals = await raceOneSeat(server, [server.url], 62);
    expectOneSeatHolder(rivals);
    expect((await selectionsOf(server.url, rivals.offerId, rivals.winners[0]!)).map((s) => s.designator)).toEqual([rivals.designator]);
  }, 90_000);
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

  it(`leaves one held row after ${HOLDS} simultaneous holds of one selection, and one holder of a raced seat`, async () => {
    const url = new URL(PG_URL);
    url.searchParams.set('schema', schema);
    // The first server migrates the shared schema; the second, its own process, finds it ready.
    a = await startTestServer({ env: { DATABASE_URL: url.toString() } });
    b = await startChildServer({ DATABASE_URL: url.toString() });
    const ada = await bearer(a, `ada_${randomBytes(4).toString('hex')}`);
    const race = await raceOneSelection(a, [a.url, b.url], ada, 61);
    expectOneWinner(race, await selectionsOf(b.url, race.offerId, ada));
    expectOneSeatHolder(await raceOneSeat(a, [a.url, b.url], 62));

    // And the table agrees, not just the API.
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT designator, status FROM "${schema}"."seat_selections" WHERE offer_id = $1`, [race.offerId.replace(/^duffel:/, '')]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'held' });
    } finally {
      await client.end();
    }
  }, 120_000);
});
