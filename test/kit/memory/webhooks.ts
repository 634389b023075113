import type { WebhookEndpointRecord, WebhookStore } from '../../../tools/webhooks/webhook-store.js';
import { notInMemory } from './not-in-memory.js';

/**
 * Endpoints and their secrets (the current one, and the previous one during a
 * rotation's overlap). Not modelled: the delivery half (dispatch, claimDue, open,
 * recordSuccess, recordFailure, deliveries), tested e2e with the jobs.
 */
export function memoryWebhooks(clock: () => Date): WebhookStore & { secretsOf(id: string): string[] } {
  const rows: (WebhookEndpointRecord & { secret: string; previousSecret: string | null })[] = [];
  const view = ({ secret: _s, previousSecret: _p, ...r }: (typeof rows)[number]): WebhookEndpointRecord => structuredClone(r);
  return {
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
      if (!row) return [];
      const overlap = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > clock();
      return overlap ? [row.secret, row.previousSecret!] : [row.secret];
    },
    deliveries: () => notInMemory('webhooks', 'deliveries'),
    deliveryOf: () => notInMemory('webhooks', 'deliveryOf'),
    dispatch: () => notInMemory('webhooks', 'dispatch'),
    claimDue: () => notInMemory('webhooks', 'claimDue'),
    open: () => notInMemory('webhooks', 'open'),
    recordSuccess: () => notInMemory('webhooks', 'recordSuccess'),
    recordFailure: () => notInMemory('webhooks', 'recordFailure'),
  };
}
