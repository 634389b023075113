import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertStore, WatchCheck, WatchToCheck } from '../../tools/alerts/alert-store.js';
import { utcDay } from '../../tools/alerts/evaluate/utc-day.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { memoryAlerts } from '../kit/memory/alerts.js';
import { MemoryOutbox } from '../kit/memory/outbox.js';
import { alertEvents, prismaOf, type AlertEvent } from './alert-helpers.js';

// The SQL alert store against the in-memory one (test/kit/memory/alert-cycle.ts, the
// TypeScript statement of the rules that unit tests run on), on a seeded set of alerts
// (targets, any-drop, 1–3 day windows, a round trip, another currency, an inactive and
// an ended alert, several users) over three rounds of prices: first prices, a mixed
// round (falls, rises over targets, a day with nothing sold), more falls. Each store
// runs the rounds twice from the same start: all watches in one batch and one batch
// per route group (what the cycle does). Every run must expire, expand, pick due
// watches in the same order, write the same events to the same owners and leave the
// alerts with the same counters and prices. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

interface SeedAlert { id: string; user: string; route: [string, string]; from: number; to: number; ret?: number; target: number | null; currency?: string; active?: boolean }

const ALERTS: SeedAlert[] = [
  { id: 'eq_t1', user: 'u1', route: ['JFK', 'LHR'], from: 33, to: 33, target: 40_000 },
  { id: 'eq_t2', user: 'u2', route: ['JFK', 'LHR'], from: 30, to: 32, target: 35_000 },
  { id: 'eq_t3', user: 'u1', route: ['JFK', 'LHR'], from: 31, to: 33, target: 20_000 },
  { id: 'eq_d1', user: 'u3', route: ['JFK', 'LHR'], from: 32, to: 32, target: null },
  { id: 'eq_d2', user: 'u2', route: ['JFK', 'LHR'], from: 30, to: 33, target: null },
  { id: 'eq_rt', user: 'u3', route: ['JFK', 'LHR'], from: 30, to: 31, ret: 40, target: 60_000 },
  { id: 'eq_rd', user: 'u1', route: ['JFK', 'LHR'], from: 30, to: 31, ret: 40, target: null },
  { id: 'eq_la', user: 'u2', route: ['LAX', 'SFO'], from: 30, to: 31, target: 15_000 },
  { id: 'eq_ld', user: 'u4', route: ['LAX', 'SFO'], from: 31, to: 31, target: null },
  { id: 'eq_eu', user: 'u4', route: ['LAX', 'SFO'], from: 30, to: 30, target: 90_000, currency: 'EUR' },
  { id: 'eq_off', user: 'u4', route: ['LAX', 'SFO'], from: 30, to: 30, target: 99_000, active: false },
  { id: 'eq_end', user: 'u1', route: ['LAX', 'SFO'], from: -3, to: -1, target: 99_000 },
];
const USERS = [...new Set(ALERTS.map((a) => a.user))];

/** A watch by what it watches, the same in both stores (their ids differ). */
const keyOf = (w: WatchToCheck) => `${w.origin}|${w.destination}|${w.returnDate ?? ''}|${w.cabin}|${w.currency}|${w.date}`;
const groupOf = (w: WatchToCheck) => keyOf(w).split('|').slice(0, 5).join('|');

/** Minor-unit prices per round, by route, return and day offset (null: nothing sold). */
function priceOf(w: WatchToCheck, round: number): number | null {
  const day = Math.round((Date.parse(w.date) - Date.parse(daysAhead(30))) / 86_400_000);
  const base = (w.origin === 'LAX' ? 12_000 : 30_000) + (w.returnDate ? 25_000 : 0) + (w.currency === 'EUR' ? 1_000 : 0) + day * 2_000;
  if (round === 0) return base;
  if (round === 1) return day === 1 ? null : day % 2 === 0 ? base - 6_000 : base + 12_000;
  return base - 9_000 - day * 500;
}

function checkOf(w: WatchToCheck, round: number): WatchCheck {
  const price = priceOf(w, round);
  const ref = `${keyOf(w)}:${round}`;
  return {
    id: w.id, currency: w.currency, priceMinor: price,
    offer: price === null ? null : {
      offer_id: `off_${ref}`, result_id: `res_${ref}`, search_id: `srch_${round}`, price: price / 100, currency: w.currency, expires_at: null,
      itinerary: [`XX${round} ${w.origin} 10:00 → ${w.destination} 18:00`], flights: [`XX${round}`], departing_at: `${w.date}T10:00:00`, return_departing_at: null,
    },
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ALERT_EVAL_INTERVAL_MS: '0', WEBHOOK_DELIVERY_INTERVAL_MS: '0' } });
});
afterAll(() => server.close());

const seedRow = (a: SeedAlert) => ({
  id: a.id, userId: a.user, origin: a.route[0], destination: a.route[1], dateFrom: daysAhead(a.from), dateTo: daysAhead(a.to), returnDate: a.ret === undefined ? null : daysAhead(a.ret),
  cabin: 'economy', targetPriceMinor: a.target, currency: a.currency ?? 'USD', channels: ['webhook' as const],
});

/** One store under test: the port, the alert events it wrote so far, and each alert's notified price (not on the port). */
interface Subject { store: AlertStore; events(): Promise<AlertEvent[]>; notified(): Promise<Record<string, number | null>> }

async function sqlSubject(): Promise<Subject> {
  const prisma = prismaOf(server);
  await prisma.$executeRaw`TRUNCATE fare_watches`;
  await prisma.$executeRaw`DELETE FROM outbox_events WHERE type = 'alert.triggered'`;
  await prisma.fareAlert.deleteMany({ where: { id: { startsWith: 'eq_' } } });
  await prisma.fareAlert.createMany({
    data: ALERTS.map((a) => {
      const r = seedRow(a);
      return { ...r, dateFrom: new Date(`${r.dateFrom}T00:00:00Z`), dateTo: new Date(`${r.dateTo}T00:00:00Z`), returnDate: r.returnDate ?? '', active: a.active ?? true };
    }),
  });
  return {
    store: server.services.alerts,
    events: () => alertEvents(server),
    notified: async () => Object.fromEntries((await prisma.fareAlert.findMany({ where: { id: { startsWith: 'eq_' } } })).map((r) => [r.id, r.notifiedMinor])),
  };
}

async function memorySubject(): Promise<Subject> {
  const clock = () => new Date();
  const outbox = new MemoryOutbox(clock);
  const store = memoryAlerts(clock, outbox);
  for (const a of ALERTS) {
    await store.create(seedRow(a), Number.MAX_SAFE_INTEGER);
    if (a.active === false) store.rows.at(-1)!.active = false;
  }
  return {
    store,
    events: async () => outbox.ofType('alert.triggered').map((e) => ({ aggregateId: e.aggregateId, userId: e.userId, dedupeKey: e.dedupeKey, payload: e.payload })),
    notified: async () => Object.fromEntries(store.rows.map((r) => [r.id, r.notifiedMinor])),
  };
}

/** Fixed instants, so both stores stamp the same check and trigger times. */
const T0 = Date.now();
const roundAt = (round: number) => new Date(T0 + round * 60_000);

/** Three rounds with the given batching: what each step answered, the events each round wrote (watch ids named by what they watch), the alerts after. */
async function runRounds(subject: Subject, batches: (due: WatchToCheck[]) => WatchToCheck[][]) {
  const { store } = subject;
  const today = utcDay(roundAt(0));
  const expired = await store.expire(today);
  const expanded = await store.expandWatches(today);
  const dueOrder: string[][] = [];
  const applied: number[] = [];
  const rounds: AlertEvent[][] = [];
  for (let round = 0; round < 3; round++) {
    const now = roundAt(round);
    const due = await store.dueWatches(today, new Date(now.getTime() + 30_000));
    dueOrder.push(due.map(keyOf));
    const keys = new Map(due.map((w) => [w.id, keyOf(w)]));
    const before = (await subject.events()).length;
    let events = 0;
    for (const batch of batches(due)) events += (await store.applyChecks(batch.map((w) => checkOf(w, round)), today, now)).events;
    applied.push(events);
    const written = (await subject.events()).slice(before).map((e) => {
      const [type, alert, watch, seq] = e.dedupeKey.split(':');
      return { ...e, dedupeKey: `${type}:${alert}:${keys.get(watch!) ?? `unknown ${watch}`}:${seq}` };
    });
    rounds.push(written.sort((x, y) => x.dedupeKey.localeCompare(y.dedupeKey)));
  }
  const listed = (await Promise.all(USERS.map((u) => store.list(u, today)))).flat().map(({ createdAt: _created, ...rest }) => rest).sort((x, y) => x.id.localeCompare(y.id));
  return { expired, expanded, dueOrder, applied, rounds, listed, notified: await subject.notified() };
}

function perGroup(due: WatchToCheck[]): WatchToCheck[][] {
  const groups = new Map<string, WatchToCheck[]>();
  for (const w of due) groups.set(groupOf(w), [...(groups.get(groupOf(w)) ?? []), w]);
  return [...groups.values()];
}

describe('alert trigger equivalence', () => {
  it('SQL and memory stores expire, expand, pick and fire alike, in one batch and in per-group batches', async () => {
    const memory = await runRounds(await memorySubject(), (due) => [due]);
    const memoryPerGroup = await runRounds(await memorySubject(), perGroup);
    const sql = await runRounds(await sqlSubject(), (due) => [due]);
    const sqlPerGroup = await runRounds(await sqlSubject(), perGroup);

    // The seeded prices make every kind of event happen at least once.
    const fired = memory.rounds.flat();
    expect(fired.length).toBeGreaterThan(5);
    for (const id of ['eq_t1', 'eq_t2', 'eq_d1', 'eq_d2', 'eq_rt', 'eq_rd', 'eq_la', 'eq_eu']) expect(fired.some((e) => e.aggregateId === id), id).toBe(true);
    for (const id of ['eq_off', 'eq_end']) expect(fired.some((e) => e.aggregateId === id), id).toBe(false);
    expect(fired.filter((e) => e.aggregateId === 'eq_t1').length).toBe(2); // fired, re-armed over the target, fired again
    expect(memory.expired).toBe(1);
    expect(memory.rounds[0]!.length).toBeGreaterThan(0);

    expect(sql).toEqual(memory);
    expect(sqlPerGroup).toEqual(memory);
    expect(memoryPerGroup).toEqual(memory);
  });
});
