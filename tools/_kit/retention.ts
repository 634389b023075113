// How long the service keeps records that grow with traffic, and the port that
// deletes what is older (implemented on Prisma in adapters/db/retention-store.ts).

export type RetainedTable = 'price_observations' | 'outbox_events' | 'webhook_deliveries' | 'route_search_counts';

export interface RetentionStore {
  /**
   * Deletes at most `batch` rows of `table` older than `before` that nothing needs
   * any more (an outbox event still waiting to be sent or delivered is kept; so is
   * a delivery still being retried). Returns how many went.
   */
  purge(table: RetainedTable, before: Date, batch: number): Promise<number>;
}
