import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openServices } from '../../adapters/runtime/open-services.js';
import type { Services } from '../../tools/_kit/context.js';
import { verifyWebhookSignature } from '../../tools/webhooks/index.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { dropTestSchema } from '../helpers/start-test-server.js';
import { testConfig } from '../helpers/test-config.js';
import { bookingEventFor, mistakeFareEvent, prismaOf, silent, writeOutbox } from './support/helpers.js';
import { startReceiver, type Receiver } from './support/receiver.js';

// The "done when": the sender is killed (SIGKILL) while a batch is in
// flight, after the receiver got requests it never acknowledged, and more events
// are written while it is down. A new process on the same database then sends
// again, and after de-duplicating by event id the receiver has every event
// exactly once, with at least one real duplicate (at least once, nothing lost).

const SECRET = 'whsec_crash_test_secret_0123456789abcdefghij';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** The real server (`npm start`'s entry) in its own process, so it can be killed. */
async function startSender(env: Record<string, string>): Promise<ChildServer> {
  const server = await startChildServer(env);
  cleanups.push(() => server.crash());
  return server;
}

describe('webhook delivery across a crash', () => {
  it('delivers every event exactly once after de-duplication when the sender is killed mid-batch', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wh-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = testConfig({ DATA_DIR: dataDir });
    if (config.schema) cleanups.push(() => dropTestSchema(config.schema!));
    // A short send timeout keeps the dead sender's leases (a few timeouts long) within the test; four
    // sends at once to the endpoint put several in flight when it dies.
    const childEnv = {
      DATA_DIR: dataDir, ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}), CACHE_PREFIX: config.CACHE_PREFIX,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_DELIVERY_INTERVAL_MS: '100', WEBHOOK_SEND_TIMEOUT_MS: '1500', WEBHOOK_ENDPOINT_CONCURRENCY: '4', ALERT_EVAL_INTERVAL_MS: '0', LOG_LEVEL: 'warn',
    };

    // Two requests are acknowledged, the next ones held open until the sender dies.
    let released = false;
    const receiver: Receiver = await startReceiver((_r, i) => (released || i < 2 ? 200 : 'hold'));
    cleanups.push(() => receiver.close());

    /** Opens the database in this process (the worker must be down: PGlite allows one process). */
    const withServices = async <T>(work: (s: Services) => Promise<T>): Promise<T> => {
      const opened = await openServices(config, silent);
      try {
        return await work(opened.services);
      } finally {
        await opened.close();
      }
    };

    const firstEvents = [...Array.from({ length: 7 }, () => bookingEventFor('crash-user')), mistakeFareEvent()];
    await withServices(async (s) => {
      await s.webhooks.create({ id: 'wh_crash_test', userId: 'crash-user', url: `${receiver.url}/in`, description: null, events: [], secret: SECRET });
      await writeOutbox(s, firstEvents);
    });

    // First server: killed once it has 2 answered and at least 2 unanswered requests out.
    const first = await startSender(childEnv);
    await receiver.waitFor(4, 20_000);
    await first.crash();
    // Sent before the crash; the first two were answered, but the dead sender may not have recorded that.
    const inFlight = receiver.received.map((r) => r.body.id);
    expect(inFlight.length, `received before the kill: ${inFlight.join(', ')}`).toBeGreaterThanOrEqual(4);

    // Events written while no sender runs.
    const laterEvents = Array.from({ length: 4 }, () => bookingEventFor('crash-user'));
    await withServices((s) => writeOutbox(s, laterEvents));

    released = true;
    const second = await startSender(childEnv);
    const all = [...firstEvents, ...laterEvents];
    const eventIds = await withServicesIdsWhenDone();
    async function withServicesIdsWhenDone(): Promise<string[]> {
      const until = Date.now() + 20_000;
      // Done when every event arrived and the unanswered ones arrived again.
      const done = () => {
        const ids = receiver.received.map((r) => r.body.id);
        return new Set(ids).size >= all.length && inFlight.slice(2).every((id) => ids.filter((x) => x === id).length >= 2);
      };
      while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await second.stop();
      return withServices(async (s) => {
        const rows = await prismaOf(s).outboxEvent.findMany({ where: { dedupeKey: { in: all.map((e) => e.dedupeKey) } }, select: { id: true, deliveredAt: true } });
        expect(rows.filter((r) => r.deliveredAt === null)).toEqual([]);
        const log = await s.webhooks.deliveries('wh_crash_test', { limit: 100 });
        expect(log).toHaveLength(all.length);
        expect(log.filter((d) => d.status !== 'succeeded')).toEqual([]);
        return rows.map((r) => r.id);
      });
    }

    const got = receiver.received.map((r) => r.body.id);
    expect(new Set(got)).toEqual(new Set(eventIds)); // every event, nothing else
    expect(got.length).toBeGreaterThan(eventIds.length); // at least one real redelivery
    const duplicates = got.filter((id, i) => got.indexOf(id) !== i);
    expect(duplicates.length).toBeGreaterThan(0);
    for (const id of duplicates) expect(inFlight).toContain(id); // only what the dead sender had out is resent
    expect(duplicates).toEqual(expect.arrayContaining(inFlight.slice(2))); // and the unanswered ones certainly are
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(SECRET, String(r.headers['deal-engine-signature']), r.rawBody)).toBe(true);
    }
  }, 180_000); // two child servers on a fresh PGlite folder: over 60 s under stress-ng
});
