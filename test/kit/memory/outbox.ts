import type { DomainEventInput } from '../../../tools/booking/store.js';

export interface OutboxEvent extends DomainEventInput {
  id: string;
  createdAt: string;
  /** Handed over to webhook deliveries (WebhookStore.dispatch). */
  dispatchedAt: string | null;
}

/**
 * The domain-event outbox the stores write into, shared by every in-memory store
 * like the outbox_events table: one event per dedupe key, a second write ignored.
 */
export class MemoryOutbox {
  readonly events: OutboxEvent[] = [];
  private seq = 0;

  constructor(private readonly clock: () => Date) {}

  write(events: readonly DomainEventInput[] = []): void {
    for (const e of events) {
      if (this.events.some((x) => x.dedupeKey === e.dedupeKey)) continue;
      this.events.push({ ...structuredClone(e), id: `evt_${String(++this.seq).padStart(8, '0')}`, createdAt: this.clock().toISOString(), dispatchedAt: null });
    }
  }

  /** Only the events of this type, in the order written. */
  ofType(type: DomainEventInput['type']): OutboxEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
