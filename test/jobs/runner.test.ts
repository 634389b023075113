import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../adapters/cache/create-cache.js';
import type { Job, JobRunner } from '../../adapters/jobs/job.js';
import { bullConnection, QUEUE_NAME } from '../../adapters/jobs/bullmq-runner.js';
import { startJobs } from '../../adapters/jobs/runner.js';
import { Queue } from 'bullmq';
import type { Cache } from '../../tools/_kit/ports.js';
import { uniqueName } from '../helpers/test-config.js';
import { testContext } from '../kit/test-context.js';

// The job runner: in process without Redis, BullMQ with it. Either way a job
// runs repeatedly and never twice at once, even with several workers.

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Span { worker: string; start: number; end: number }

function recordingJob(spans: Span[], worker: string, opts: { everyMs: number; runMs: number; name: string }): Job {
  return {
    name: opts.name,
    everyMs: opts.everyMs,
    maxRunS: 30,
    async run() {
      const span = { worker, start: Date.now(), end: 0 };
      await sleep(opts.runMs);
      span.end = Date.now();
      spans.push(span);
    },
  };
}

function overlaps(spans: Span[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let count = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.start < sorted[i - 1]!.end) count++;
  return count;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await sleep(25);
}

const opened: { runner: JobRunner; cache: Cache }[] = [];
afterEach(async () => {
  for (const { runner, cache } of opened.splice(0)) {
    await runner.stop();
    await cache.close();
  }
});

async function start(jobs: Job[], prefix: string, work = true): Promise<JobRunner> {
  const cache = createCache({ redisUrl: process.env.REDIS_URL, prefix });
  // The runner reads only the cache (locks); the rest are the in-memory services.
  const services = { ...testContext().services, cache };
  const runner = await startJobs(jobs, services, silent, { redisUrl: process.env.REDIS_URL, prefix, work });
  opened.push({ runner, cache });
  return runner;
}

describe('job runner', () => {
  it('runs a job repeatedly, one run at a time, on the runner the configuration picks', async () => {
    const spans: Span[] = [];
    const runner = await start([recordingJob(spans, 'a', { name: 'slow', everyMs: 40, runMs: 120 })], `${uniqueName('jobs')}:`);
    expect(runner.kind).toBe(process.env.REDIS_URL ? 'bullmq' : 'in-process');
    await waitFor(() => spans.length >= 3, 8_000);
    expect(spans.length).toBeGreaterThanOrEqual(3);
    expect(overlaps(spans)).toBe(0);
  });

  it('a job whose interval is 0 never runs', async () => {
    const spans: Span[] = [];
    await start([recordingJob(spans, 'a', { name: 'off', everyMs: 0, runMs: 1 })], `${uniqueName('jobs')}:`);
    await sleep(300);
    expect(spans).toHaveLength(0);
  });

  it.runIf(process.env.REDIS_URL)('on BullMQ, two workers share one schedule without overlapping, and a schedule-only process does no work', async () => {
    const prefix = `${uniqueName('jobs')}:`;
    const spans: Span[] = [];
    const job = (worker: string) => recordingJob(spans, worker, { name: 'shared', everyMs: 50, runMs: 80 });
    await start([job('scheduler-only')], prefix, false);
    await start([job('w1')], prefix);
    await start([job('w2')], prefix);
    await waitFor(() => spans.length >= 6, 10_000);
    expect(spans.length).toBeGreaterThanOrEqual(6);
    expect(overlaps(spans)).toBe(0);
    expect(spans.some((s) => s.worker === 'scheduler-only')).toBe(false);
  });

  it.runIf(process.env.REDIS_URL)('on BullMQ, only workers declare schedules: a web process with other intervals, or 0, changes nothing', async () => {
    const prefix = `${uniqueName('jobs')}:`;
    const spans: Span[] = [];
    const queue = new Queue(QUEUE_NAME, { connection: bullConnection(process.env.REDIS_URL!), prefix: `${prefix}bull` });
    try {
      const every = async () => Object.fromEntries((await queue.getJobSchedulers()).map((j) => [j.key, j.every]));
      // A web process (JOBS_WORKER=off) alone declares nothing.
      await start([recordingJob(spans, 'web', { name: 'deliver', everyMs: 30, runMs: 1 })], prefix, false);
      await sleep(300);
      expect(await every()).toEqual({});

      await start([recordingJob(spans, 'worker', { name: 'deliver', everyMs: 60, runMs: 5 }), recordingJob(spans, 'worker', { name: 'evaluate', everyMs: 5_000, runMs: 1 })], prefix);
      await waitFor(() => spans.length >= 3, 8_000);
      expect(await every()).toEqual({ deliver: 60, evaluate: 5_000 });

      // Web processes started later with delivery off and another evaluation interval: the schedule stays the workers'.
      await start([recordingJob(spans, 'web', { name: 'deliver', everyMs: 0, runMs: 1 }), recordingJob(spans, 'web', { name: 'evaluate', everyMs: 10, runMs: 1 })], prefix, false);
      await start([recordingJob(spans, 'web', { name: 'deliver', everyMs: 0, runMs: 1 })], prefix, false);
      await sleep(400);
      expect(await every()).toEqual({ deliver: 60, evaluate: 5_000 });
      const before = spans.length;
      await waitFor(() => spans.length >= before + 3, 8_000);
      expect(spans.length).toBeGreaterThanOrEqual(before + 3);
      expect(spans.every((s) => s.worker === 'worker')).toBe(true);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  });
});
