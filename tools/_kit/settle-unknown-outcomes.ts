import type { ToolContext } from './context.js';

// What car and stay bookings share when their provider call went unanswered: how
// long to wait before looking them up, when to give up, and the batch loop that
// settles them (flights have their own pending-order tracker, with the same times).

/** Longer than a booking call may take (moneySignal's 150 s): a younger record may still be in flight. */
export const SETTLE_AFTER_MS = 5 * 60_000;
/** Not found at the provider this long after creation: it was never booked (as flights give up). */
export const GIVE_UP_MS = 15 * 60_000;
export const NOT_BOOKED_REASON = 'not_found_at_provider';

export type SettleOutcome = 'confirmed' | 'failed' | 'unsettled';

export interface SettleReport {
  confirmed: number;
  failed: number;
  unsettled: number;
}

/** Settles each record, oldest first, until the batch ends or the run is aborted; logs what it settled. */
export async function settleEach<R extends { id: string }>(ctx: ToolContext, what: string, due: readonly R[], settle: (record: R) => Promise<SettleOutcome>): Promise<SettleReport> {
  const report: SettleReport = { confirmed: 0, failed: 0, unsettled: 0 };
  for (const record of due) {
    if (ctx.signal.aborted) break;
    const outcome = await settle(record);
    report[outcome] += 1;
    if (outcome !== 'unsettled') ctx.log.info({ bookingId: record.id, outcome }, `${what} with an unknown outcome settled`);
  }
  return report;
}
