import type { AppConfig } from '../config/env.js';
import { evaluateAlertsJob } from './evaluate-alerts.js';
import type { Job } from './job.js';
import { reconcilePaymentsJob } from './reconcile-payments.js';
import { retentionJob } from './retention.js';
import { settleBookingsJob } from './settle-bookings.js';
import { webhookDeliveryJob } from './webhook-delivery.js';
import { webhookDispatchJob } from './webhook-dispatch.js';

/** Every background job, configured: what the server and `npm run worker` schedule. */
export function allJobs(config: AppConfig): Job[] {
  return [
    evaluateAlertsJob({ everyMs: config.ALERT_EVAL_INTERVAL_MS, concurrency: config.ALERT_EVAL_CONCURRENCY }),
    reconcilePaymentsJob({ everyMs: config.PAYMENT_RECONCILE_INTERVAL_MS }),
    settleBookingsJob({ everyMs: config.BOOKING_SETTLE_INTERVAL_MS }),
    webhookDispatchJob({ everyMs: config.WEBHOOK_DELIVERY_INTERVAL_MS }),
    webhookDeliveryJob({
      everyMs: config.WEBHOOK_DELIVERY_INTERVAL_MS, allowPrivateUrls: config.WEBHOOK_ALLOW_PRIVATE_URLS, timeoutMs: config.WEBHOOK_SEND_TIMEOUT_MS,
      concurrency: config.WEBHOOK_SEND_CONCURRENCY, perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
    }),
    retentionJob({
      everyMs: config.RETENTION_INTERVAL_MS,
      days: {
        priceObservations: config.RETENTION_PRICE_OBSERVATIONS_DAYS,
        outboxEvents: config.RETENTION_OUTBOX_DAYS,
        webhookDeliveries: config.RETENTION_WEBHOOK_DELIVERIES_DAYS,
        routeSearchCounts: config.RETENTION_SEARCH_COUNTS_DAYS,
      },
    }),
  ];
}
