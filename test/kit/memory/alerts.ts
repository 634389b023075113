import type { AlertRecord, AlertStore } from '../../../tools/alerts/alert-store.js';
import { latestPrices, memoryAlertCycle, type MemoryAlertRow, type MemoryWatch } from './alert-cycle.js';
import type { MemoryOutbox } from './outbox.js';

/**
 * Alerts with the per-user cap, their watches and the evaluation cycle
 * (alert-cycle.ts), whose alert.triggered events go to the shared outbox.
 */
export function memoryAlerts(clock: () => Date, outbox: MemoryOutbox): AlertStore & { rows: MemoryAlertRow[]; watches: MemoryWatch[] } {
  const rows: MemoryAlertRow[] = [];
  const watches: MemoryWatch[] = [];
  // The port's record: the row without the notified price, with the latest prices of its watches.
  const recordOf = ({ notifiedMinor: _notified, ...row }: MemoryAlertRow, today: string): AlertRecord => ({ ...structuredClone(row), ...latestPrices(row, watches, today) });
  return {
    rows,
    watches,
    async create(alert, maxPerUser) {
      const count = rows.filter((r) => r.userId === alert.userId).length;
      if (count >= maxPerUser) return { ok: false, count };
      const row: MemoryAlertRow = {
        ...structuredClone(alert), active: true, triggerCount: 0, lastTriggeredAt: null, createdAt: clock().toISOString(), lastPriceMinor: null, lastCheckedAt: null, notifiedMinor: null,
      };
      rows.push(row);
      // As the SQL store answers: prices over the whole window.
      return { ok: true, alert: recordOf(row, alert.dateFrom) };
    },
    async list(userId, today) {
      return rows.filter((r) => r.userId === userId).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((r) => recordOf(r, today));
    },
    async remove(id, userId) {
      const i = rows.findIndex((r) => r.id === id && r.userId === userId);
      if (i < 0) return false;
      rows.splice(i, 1);
      return true;
    },
    ...memoryAlertCycle(rows, watches, outbox),
  };
}
