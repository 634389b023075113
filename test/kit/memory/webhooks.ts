import type { WebhookEndpointRecord, WebhookStore } from '../../../tools/webhooks/webhook-store.js';
import type { MemoryOutbox } from './outbox.js';
import { memoryWebhookDeliveries, type DeliveryRow } from './webhook-deliveries.js';

/**
 * Endpoints and their secrets (the current one, and the previous one during a
 * rotation's overlap), and the deliveries owed to them (webhook-deliveries.ts).
 * Secrets are kept plain: sealing is the database adapter's concern.
 */
export function memoryWebhooks(clock: () => Date, outbox: MemoryOutbox): WebhookStore & { secretsOf(id: string): string[]; deliveryRows: DeliveryRow[] } {
  const rows: (WebhookEndpointRecord & { secret: string; previousSecret: string | null })[] = [];
  const view = ({ secret: _s, previousSecret: _p, ...r }: (typeof rows)[number]): WebhookEndpointRecord => structuredClone(r);
  const secretsAt = (row: (typeof rows)[number], now: Date): string[] => {
    const overlap = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
    return overlap ? [row.secret, row.previousSecret!] : [row.secret];
  };
  const deliveries = memoryWebhookDeliveries({ outbox, endpoints: () => rows.map((row) => ({ record: row, secretsAt: (now: Date) => secretsAt(row, now) })) });
  const { rows: deliveryRows, ...deliveryHalf } = deliveries;
  return {
    ...deliveryHalf,
    deliveryRows,
    async create(e) {
      const at = clock();
      const row = { ...structuredClone(e), active: true, previousSecretExpiresAt: null, createdAt: at, updatedAt: at, previousSecret: null };
      rows.push(row);
      return view(row);
    },
    async list(userId) {
      return rows.filter((r) => r.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)).map(view);
    },
    async countFor(userId) {
      return rows.filter((r) => r.userId === userId).length;
    },
    async get(id) {
      const row = rows.find((r) => r.id === id);
      return row ? view(row) : null;
    },
    async remove(id) {
      const i = rows.findIndex((r) => r.id === id);
      if (i < 0) return false;
      rows.splice(i, 1);
      // The delivery log goes with its endpoint (ON DELETE CASCADE).
      for (let d = deliveryRows.length - 1; d >= 0; d--) if (deliveryRows[d]!.endpointId === id) deliveryRows.splice(d, 1);
      return true;
    },
    async rotateSecret(id, secret, previousUntil) {
      const row = rows.find((r) => r.id === id);
      if (!row) return null;
      Object.assign(row, { previousSecret: row.secret, secret, previousSecretExpiresAt: previousUntil, updatedAt: clock() });
      return view(row);
    },
    secretsOf(id) {
      const row = rows.find((r) => r.id === id);
      return row ? secretsAt(row, clock()) : [];
    },
  };
}
