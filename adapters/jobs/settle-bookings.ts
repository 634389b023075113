import type { ToolContext } from '../../tools/_kit/context.js';
import { settleUnknownCarBookings } from '../../tools/cars/settle-unknown.js';
import { settleUnknownStayBookings } from '../../tools/hotels/settle-unknown.js';
import type { Job } from './job.js';

// Settles car and stay bookings whose provider call ended without an answer
// (tools/cars/settle-unknown.ts, tools/hotels/settle-unknown.ts): found at the
// provider by our id, they are confirmed and keep their payment; not found after
// 15 minutes, they fail and the card payment is refunded in full.

const BATCH = 20;

export function settleBookingsJob(opts: { everyMs: number }): Job {
  return {
    name: 'settle-unknown-bookings',
    everyMs: opts.everyMs,
    maxRunS: 120,
    async run(services, log, signal) {
      const ctx: ToolContext = { principal: { kind: 'internal' }, requestId: 'settle-unknown-bookings', log, signal, services };
      const cars = await settleUnknownCarBookings(ctx, BATCH);
      const stays = await settleUnknownStayBookings(ctx, BATCH);
      if (cars.confirmed + cars.failed + stays.confirmed + stays.failed > 0) log.info({ cars, stays }, 'bookings with an unknown outcome settled');
    },
  };
}
