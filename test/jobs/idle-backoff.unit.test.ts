import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { outboxWritten } from '../../adapters/db/outbox-signal.js';
import { IDLE_STRETCH, nextWaitMs } from '../../adapters/jobs/idle-backoff.js';
import { startInProcessJobs } from '../../adapters/jobs/in-process-runner.js';
import type { Job, JobRunner } from '../../adapters/jobs/job.js';
import { testContext } from '../kit/test-context.js';

// In-process jobs that find nothing to do back off (issue 19: webhook polling on the
// embedded database cost ~30 ms of CPU a second on an idle server), and come back to
// their interval as soon as any job finds work. Timers are faked: the test reads the
// schedule, not the clock.

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('nextWaitMs', () => {
  it('doubles while idle up to the stretch, and returns to the interval on work', () => {
    let wait = 1_000;
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((wait = nextWaitMs(1_000, wait, true)));
    expect(seen).toEqual([2_000, 4_000, 8_000, 8_000, 8_000, 8_000].map((ms) => Math.min(ms, 1_000 * IDLE_STRETCH)));
    expect(nextWaitMs(1_000, wait, false)).toBe(1_000);
  });
});

describe('in-process runner, idle jobs', () => {
  let runner: JobRunner | undefined;
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(async () => {
    vi.useRealTimers();
    await runner?.stop();
    runner = undefined;
  });

  /** A job whose runs are recorded (fake-clock start times) and whose idleness the test decides. */
  const job = (name: string, everyMs: number, idle: () => boolean, starts: number[]): Job => ({
    name, everyMs, maxRunS: 30,
    async run() {
      starts.push(Date.now());
      return idle() ? 'idle' : undefined;
    },
  });
  const gaps = (starts: number[]) => starts.slice(1).map((t, i) => t - starts[i]!);
  const services = () => ({ ...testContext().services, cache: new MemoryCache(() => Date.now()) });

  it('an idle job waits twice as long each time, up to the stretch', async () => {
    const starts: number[] = [];
    runner = startInProcessJobs([job('poll', 100, () => true, starts)], services(), silent);
    await vi.advanceTimersByTimeAsync(100 * (1 + 2 + 4 + 8 + 8 + 8));
    expect(gaps(starts)).toEqual([200, 400, 800, 800, 800]);
  });

  it('a job that keeps finding work keeps its interval', async () => {
    const starts: number[] = [];
    runner = startInProcessJobs([job('busy', 100, () => false, starts)], services(), silent);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gaps(starts)).toEqual(Array(starts.length - 1).fill(100));
    expect(starts.length).toBe(10);
  });

  it('work found by one job brings a backed-off job back to its interval', async () => {
    const polls: number[] = [];
    const producer: number[] = [];
    let produce = false;
    runner = startInProcessJobs([job('deliver', 150, () => true, polls), job('dispatch', 1_000, () => !produce, producer)], services(), silent);
    // deliver ran at 150, 450, 1050, 2250 (next due at 3450); dispatch at 1000, idle (next due at 3000)
    await vi.advanceTimersByTimeAsync(2_999);
    const before = polls.length;
    expect(gaps(polls)).toEqual([300, 600, 1_200]);
    produce = true;
    await vi.advanceTimersByTimeAsync(1); // dispatch's second run finds work at t = 3000
    expect(producer.at(-1)! - 1_000_000).toBe(3_000);
    await vi.advanceTimersByTimeAsync(150);
    expect(polls.length).toBe(before + 1);
    expect(polls.at(-1)! - producer.at(-1)!).toBe(150); // at 3150, not the backed-off 3450
  });

  it('an event written by this process brings a backed-off job back to its interval', async () => {
    const polls: number[] = [];
    runner = startInProcessJobs([job('dispatch', 100, () => true, polls)], services(), silent);
    // Runs at 100, 300, 700, 1500; next due at 2300.
    await vi.advanceTimersByTimeAsync(1_600);
    expect(gaps(polls)).toEqual([200, 400, 800]);
    outboxWritten(); // at 1600: due again at 1700, not 2300
    await vi.advanceTimersByTimeAsync(100);
    expect(polls.at(-1)! - 1_000_000).toBe(1_700);
  });
});
