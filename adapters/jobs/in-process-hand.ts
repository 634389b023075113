import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Hand, Job, JobItem } from './job.js';

// Items worked inside this process: at most `concurrency` of one job at once
// (one shared set of lanes, so follow-up items wait their turn like the rest);
// the hand resolves when the items it was given, and what they handed on, are done.

export function inProcessHand<T extends JobItem>(job: Job<T>, services: Services, log: Logger, signal: AbortSignal): Hand<T> {
  const items = job.items;
  if (!items) return () => Promise.reject(new Error(`job ${job.name} hands out no items`));
  let active = 0;
  const waiting: (() => void)[] = [];
  const slot = async (): Promise<void> => {
    if (active < items.concurrency) {
      active++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  const hand: Hand<T> = async (batch) => {
    await Promise.all(batch.map(async (item) => {
      await slot();
      const handed: Promise<void>[] = [];
      try {
        if (!signal.aborted) await items.work(item, services, log, signal, (more) => (handed.push(hand(more)), Promise.resolve()));
      } catch (err) {
        log.warn({ err, job: job.name }, 'job item failed');
      } finally {
        release();
      }
      // Follow-ups run after this item's lane is free, so a chain never holds more than one lane.
      await Promise.all(handed);
    }));
  };
  return hand;
}
