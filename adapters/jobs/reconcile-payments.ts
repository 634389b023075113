import { reconcilePayments } from '../../tools/payments/reconcile.js';
import type { Job } from './job.js';

// Runs the payments reconciler (tools/payments/reconcile.ts): captured payments
// that never became goods are refunded, once, within minutes.

export function reconcilePaymentsJob(opts: { everyMs: number }): Job {
  return {
    name: 'reconcile-payments',
    everyMs: opts.everyMs,
    maxRunS: 120,
    async run(services, log, signal) {
      const report = await reconcilePayments({ principal: { kind: 'internal' }, requestId: 'reconcile-payments', log, signal, services });
      if (report.refunded > 0 || report.attached > 0) log.info({ ...report }, 'payments reconciled');
    },
  };
}
