import type { Services, ToolContext } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { reconcilePending } from '../../tools/booking/checkout/reconcile.js';

// Tracks orders the provider accepted asynchronously until they are confirmed or
// failed. Every process runs it; a short cache lock per booking keeps two processes
// from settling the same one at once (and the settling itself is idempotent).

const BATCH = 20;
/** Give the provider a moment before the first lookup. */
const FIRST_LOOK_AFTER_MS = 1_500;
const LOCK_S = 30;

export function startPendingOrderTracker(services: Services, log: Logger, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  const tick = async () => {
    const ctx: ToolContext = { principal: { kind: 'internal' }, requestId: 'pending-order-tracker', log, signal: stop.signal, services };
    const due = await services.bookings.pending(new Date(services.clock().getTime() - FIRST_LOOK_AFTER_MS), BATCH);
    for (const booking of due) {
      if (stop.signal.aborted) return;
      if (!(await services.cache.setIfAbsent(`track-order:${booking.id}`, 1, LOCK_S))) continue;
      try {
        const outcome = await reconcilePending(ctx, booking);
        if (outcome !== 'still_pending') log.info({ bookingId: booking.id, outcome }, 'pending order settled');
      } finally {
        await services.cache.delete(`track-order:${booking.id}`);
      }
    }
  };

  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => log.error({ err }, 'pending order tracker failed'))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();

  return async () => {
    clearInterval(timer);
    stop.abort(new Error('tracker stopped'));
    await running;
  };
}
