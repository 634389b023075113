import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';

// A background job: a function the job runner calls every `everyMs`, in process
// or on BullMQ (adapters/jobs/runner.ts). `run` must be safe to repeat and safe
// to run in several processes; the runner still keeps one run at a time per
// job across processes, and aborts a run (its signal) after `maxRunS` seconds.
//
// A job with `items` splits its work: the run finds the work and hands out
// items (`hand`), and each item is worked on its own: in process, up to
// `concurrency` at once; on BullMQ, as one queued job per item that every
// worker process takes from (`concurrency` each), so the work grows with workers.

/** Hands items out to be worked (awaited in process; queued on BullMQ). */
export type Hand<T> = (items: readonly T[]) => Promise<void>;

export interface ItemWork<T> {
  /** Items worked at once in one process. */
  concurrency: number;
  /** The item's queue id: an item handed out again while the same key is queued or running is not queued twice. Letters, digits, `-`, `_`, `.` only. */
  key(item: T): string;
  /** Works one item; it may hand out follow-up items (say, the next delivery to the same endpoint). */
  work(item: T, services: Services, log: Logger, signal: AbortSignal, hand: Hand<T>): Promise<void>;
}

/** An item crosses Redis as JSON. */
export type JobItem = Record<string, string | number | boolean | null>;

export interface Job<T extends JobItem = JobItem> {
  name: string;
  everyMs: number;
  maxRunS: number;
  /**
   * `hand` is given by the runners; a caller without one (a test) gets items worked in process.
   * Resolving to 'idle' says the run found nothing to do: the in-process runner then waits
   * longer before the next one (adapters/jobs/idle-backoff.ts); other runners ignore it.
   */
  run(services: Services, log: Logger, signal: AbortSignal, hand?: Hand<T>): Promise<void | 'idle'>;
  items?: ItemWork<T>;
}

/** Background jobs started for a process; stop() waits for running ones to end. */
export interface JobRunner {
  kind: 'in-process' | 'bullmq';
  stop(): Promise<void>;
}
