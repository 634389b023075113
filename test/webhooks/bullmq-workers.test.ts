import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../adapters/jobs/runner.js';
import { webhookDeliveryJob } from '../../adapters/jobs/webhook-delivery.js';
import { webhookDispatchJob } from '../../adapters/jobs/webhook-dispatch.js';
import { openServices, type OpenServices } from '../../adapters/runtime/open-services.js';
import type { JobRunner } from '../../adapters/jobs/job.js';
import { dropTestSchema } from '../helpers/start-test-server.js';
import { testConfig } from '../helpers/test-config.js';
import { bookingEventFor, silent, writeOutbox } from './support/helpers.js';

// Webhook delivery on BullMQ is one queued job per delivery, so it grows with the
// workers. Each "worker" is a job runner with its own database pool and Redis
// connections (as `npm run worker` opens them), here in the test's process. Against
// a slow receiver (500 ms an answer) one worker never has more than its lanes in
// flight, and with two the receiver sees more than that at once: both are sending.
// That is counted, not timed (a throughput ratio fell to 1.5x when the suite's other
// files took the CPU); the rates are printed. Whatever the workers, every event
// reaches its endpoint exactly once, an endpoint's events in their order, one at
// a time. Needs PostgreSQL and Redis (the CI phase that sets both).

const RECEIVER_MS = 500;
const LANES = 4; // WEBHOOK_SEND_CONCURRENCY per worker
const ENDPOINTS = 16;
const PER_ENDPOINT = 3;

const run = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface Hit { path: string; booking: string; at: number }

async function slowReceiver() {
  const hits: Hit[] = [];
  const inFlight = new Map<string, number>();
  let maxPerPath = 0;
  let sending = 0;
  let maxSending = 0;
  const srv = createServer((req, res) => {
    const path = req.url ?? '';
    const n = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, n);
    maxPerPath = Math.max(maxPerPath, n);
    maxSending = Math.max(maxSending, ++sending);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => setTimeout(() => {
      inFlight.set(path, inFlight.get(path)! - 1);
      sending--;
      hits.push({ path, booking: String((JSON.parse(body) as { data: { booking_id: string } }).data.booking_id), at: performance.now() });
      res.writeHead(200).end();
    }, RECEIVER_MS));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => srv.close(r)));
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, hits, maxPerPath: () => maxPerPath, takeMaxSending: () => {
    const max = maxSending;
    maxSending = sending;
    return max;
  } };
}

describe.runIf(run)('webhook delivery on BullMQ workers', () => {
  it('two workers send at once, more than one worker has lanes for in flight; every event once, in order per endpoint', async () => {
    const config = testConfig();
    if (config.schema) cleanups.push(() => dropTestSchema(config.schema!));
    const receiver = await slowReceiver();
    const jobs = [
      webhookDispatchJob({ everyMs: 100 }),
      webhookDeliveryJob({ everyMs: 100, allowPrivateUrls: true, timeoutMs: 5_000, concurrency: LANES }),
    ];
    const opened: OpenServices[] = [];
    const runners: JobRunner[] = [];
    const worker = async (): Promise<OpenServices> => {
      const o = await openServices(config, silent);
      opened.push(o);
      runners.push(await startJobs(jobs, o.services, silent, { redisUrl: config.REDIS_URL, prefix: config.CACHE_PREFIX, work: true }));
      return o;
    };
    cleanups.push(async () => {
      for (const r of runners) await r.stop();
      for (const o of opened) await o.close();
    });

    const first = await worker();
    const s = first.services;
    for (let i = 0; i < ENDPOINTS; i++) {
      await s.webhooks.create({ id: `wh_bull_${i}`, userId: `bull-user-${i}`, url: `${receiver.url}/${i}`, description: null, events: [], secret: `whsec_bull_${i}` });
    }
    const written = new Map<string, string[]>();
    /** Writes a round of events, each endpoint's in a known order; resolves when all have arrived, with the rate. */
    const round = async (): Promise<number> => {
      const from = receiver.hits.length;
      for (let k = 0; k < PER_ENDPOINT; k++) {
        for (let i = 0; i < ENDPOINTS; i++) {
          const e = bookingEventFor(`bull-user-${i}`);
          await writeOutbox(s, [e]);
          written.set(`/${i}`, [...(written.get(`/${i}`) ?? []), String(e.payload.booking_id)]);
        }
        await new Promise((r) => setTimeout(r, 2)); // distinct created_at per step
      }
      const want = from + ENDPOINTS * PER_ENDPOINT;
      const until = Date.now() + 60_000;
      while (receiver.hits.length < want && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const mine = receiver.hits.slice(from);
      expect(mine).toHaveLength(ENDPOINTS * PER_ENDPOINT);
      // Deliveries per second between the first answer and the last.
      return (mine.length - 1) / ((mine.at(-1)!.at - mine[0]!.at) / 1000);
    };

    const one = await round();
    const alone = receiver.takeMaxSending();
    await worker();
    const two = await round();
    const together = receiver.takeMaxSending();
    console.log(`webhook deliveries/s against a ${RECEIVER_MS} ms receiver, ${LANES} lanes per worker: 1 worker ${one.toFixed(1)}, 2 workers ${two.toFixed(1)} (${(two / one).toFixed(2)}x); most in flight at once: ${alone}, then ${together}`);

    // Exactly once, and per endpoint in the order written, never two at once.
    const bookings = receiver.hits.map((h) => h.booking);
    expect(new Set(bookings).size).toBe(bookings.length);
    for (const [path, order] of written) expect(receiver.hits.filter((h) => h.path === path).map((h) => h.booking), path).toEqual(order);
    expect(receiver.maxPerPath()).toBe(1);
    expect(alone).toBeLessThanOrEqual(LANES);
    expect(together).toBeGreaterThan(LANES);
    expect(together).toBeLessThanOrEqual(2 * LANES);
  }, 120_000);
});
