import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Hand, Job, JobItem, JobRunner } from './job.js';
import type { Telemetry } from '../runtime/telemetry.js';
import { runOnce } from './run-once.js';

// With Redis, jobs are BullMQ job schedulers, and whichever worker is free takes
// each repetition, so `npm run worker` processes can carry the work apart from the
// web servers. Only processes that work jobs declare the schedules: a web server
// started with JOBS_WORKER=off never upserts or removes one, so its own job
// settings (say a delivery interval of 0) cannot change the cluster's schedule.
// A job with items (webhook delivery) also has a queue of its own with one
// BullMQ job per item, worked by every worker process at its item concurrency,
// so that work grows with the number of workers instead of one run's lanes.

export const QUEUE_NAME = 'deal-engine-jobs';
/** The queue of a job's items. */
export const itemQueueName = (job: string) => `deal-engine-items-${job}`;
const CLOSE_WAIT_MS = 5_000;

/** ioredis options from a redis:// or rediss:// URL; BullMQ needs `maxRetriesPerRequest: null` for blocking calls. */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.slice(1) || '0');
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

export interface BullOptions {
  redisUrl: string;
  /** Key prefix, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  /** False (a web server with JOBS_WORKER=off): neither declare schedules nor work; worker processes do both. */
  work: boolean;
  telemetry?: Telemetry | undefined;
}

export async function startBullJobs(jobs: readonly Job[], services: Services, log: Logger, opts: BullOptions): Promise<JobRunner> {
  const connection = bullConnection(opts.redisUrl);
  const queue = new Queue(QUEUE_NAME, { connection, prefix: opts.prefix });
  queue.on('error', (err) => log.warn({ err }, 'job queue error'));
  // Declared in the background: a Redis that is down must not keep the server
  // from starting (BullMQ waits for it to come back, then declares them).
  const declared = opts.work ? declareSchedules(queue, jobs, log) : Promise.resolve();

  const workers: Worker[] = [];
  const itemQueues: Queue[] = [];
  const stop = new AbortController();
  const hands = new Map<string, Hand<JobItem>>();
  // Workers only when there is something to work (tests turn every job off).
  for (const job of opts.work ? jobs : []) {
    if (!job.items || job.everyMs <= 0) continue;
    const items = job.items;
    const itemQueue = new Queue(itemQueueName(job.name), { connection, prefix: opts.prefix });
    itemQueue.on('error', (err) => log.warn({ err }, 'job item queue error'));
    itemQueues.push(itemQueue);
    // Finished items are not kept: a kept id would stop the same item being queued again later.
    const hand: Hand<JobItem> = async (batch) => {
      if (batch.length === 0) return;
      await itemQueue.addBulk(batch.map((data) => ({ name: job.name, data, opts: { jobId: items.key(data), removeOnComplete: true, removeOnFail: true } })));
    };
    hands.set(job.name, hand);
    const worker = new Worker(
      itemQueue.name,
      async (bullJob) => {
        await items.work(bullJob.data as JobItem, services, log, stop.signal, hand);
      },
      { connection, prefix: opts.prefix, concurrency: items.concurrency },
    );
    worker.on('error', (err) => log.warn({ err }, 'job item worker error'));
    worker.on('failed', (bullJob, err) => log.warn({ err, job: job.name, item: bullJob?.id }, 'job item failed'));
    workers.push(worker);
  }
  if (opts.work && jobs.some((job) => job.everyMs > 0)) {
    const byName = new Map(jobs.map((job) => [job.name, job]));
    const worker = new Worker(
      QUEUE_NAME,
      async (bullJob) => {
        const job = byName.get(bullJob.name);
        if (!job) return 'unknown';
        const hand = hands.get(job.name) ?? (() => Promise.reject(new Error(`job ${job.name} hands out no items`)));
        // Due when the scheduler meant it to run: its creation time plus any delay.
        return runOnce(job, services, log, stop.signal, () => hand, { telemetry: opts.telemetry, dueAt: bullJob.timestamp + (bullJob.delay || 0) });
      },
      { connection, prefix: opts.prefix, concurrency: Math.max(1, jobs.length) },
    );
    worker.on('error', (err) => log.warn({ err }, 'job worker error'));
    workers.push(worker);
  }

  return {
    kind: 'bullmq',
    async stop() {
      stop.abort(new Error('jobs stopping'));
      const closed = (async () => {
        await Promise.all(workers.map((w) => w.close().catch(() => undefined)));
        await Promise.all([queue, ...itemQueues].map((q) => q.close().catch(() => undefined)));
        await declared;
      })();
      // With Redis gone, BullMQ's close can wait for it; shutdown does not.
      await Promise.race([closed, new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())]);
    },
  };
}

/** The schedules from this worker's configuration; a change to what another worker declared is logged, since workers must agree. */
async function declareSchedules(queue: Queue, jobs: readonly Job[], log: Logger): Promise<void> {
  try {
    for (const job of jobs) {
      const before = await queue.getJobScheduler(job.name);
      if (before && before.every !== job.everyMs) log.warn({ job: job.name, everyMs: job.everyMs, was: before.every }, 'job schedule changed by this worker\'s configuration');
      if (job.everyMs > 0) {
        // Finished repetitions are not kept: the job's own tables are its record.
        await queue.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, opts: { removeOnComplete: true, removeOnFail: 100 } });
      } else {
        await queue.removeJobScheduler(job.name);
      }
    }
  } catch (err) {
    log.warn({ err }, 'job schedules could not be declared');
  }
}
