import type { AlertRecord, AlertStore } from '../../../tools/alerts/alert-store.js';
import { notInMemory } from './not-in-memory.js';

/**
 * Alerts with the per-user cap. Not modelled: the evaluation cycle (expire,
 * expandWatches, dueWatches, applyChecks), whose set-based SQL is tested e2e.
 */
export function memoryAlerts(clock: () => Date): AlertStore & { rows: AlertRecord[] } {
  const rows: AlertRecord[] = [];
  return {
    rows,
    async create(alert, maxPerUser) {
      const count = rows.filter((r) => r.userId === alert.userId).length;
      if (count >= maxPerUser) return { ok: false, count };
      const row: AlertRecord = { ...structuredClone(alert), active: true, triggerCount: 0, lastTriggeredAt: null, createdAt: clock().toISOString(), lastPriceMinor: null, lastCheckedAt: null };
      rows.push(row);
      return { ok: true, alert: structuredClone(row) };
    },
    async list(userId) {
      return rows.filter((r) => r.userId === userId).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((r) => structuredClone(r));
    },
    async remove(id, userId) {
      const i = rows.findIndex((r) => r.id === id && r.userId === userId);
      if (i < 0) return false;
      rows.splice(i, 1);
      return true;
    },
    expire: () => notInMemory('alerts', 'expire'),
    expandWatches: () => notInMemory('alerts', 'expandWatches'),
    dueWatches: () => notInMemory('alerts', 'dueWatches'),
    applyChecks: () => notInMemory('alerts', 'applyChecks'),
  };
}
