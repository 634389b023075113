import type { Job } from './job.js';

// Hands undelivered outbox events over to webhook deliveries, one batch per
// statement (see WebhookStore.dispatch): a crash leaves each event either still
// in the outbox or fully fanned out, never half.

export interface WebhookDispatchOptions {
  everyMs: number;
  /** Events per statement. */
  batch?: number;
}

export function webhookDispatchJob(opts: WebhookDispatchOptions): Job {
  const batch = opts.batch ?? 200;
  return {
    name: 'webhook-dispatch',
    everyMs: opts.everyMs,
    maxRunS: 60,
    async run(services, log, signal) {
      let total = 0;
      // Drain the backlog, batch by batch, until a short batch says it is empty.
      while (!signal.aborted) {
        const n = await services.webhooks.dispatch(services.clock(), batch);
        total += n;
        if (n < batch) break;
      }
      if (total === 0) return 'idle';
      log.debug({ events: total }, 'outbox events handed to webhook delivery');
      return undefined;
    },
  };
}
