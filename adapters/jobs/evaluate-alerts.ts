import type { ToolContext } from '../../tools/_kit/context.js';
import { evaluateAlerts } from '../../tools/alerts/evaluate/evaluate-cycle.js';
import type { Job } from './job.js';

// Fare alert evaluation as a background job: the runner calls run() every
// `everyMs` (in process, or on BullMQ with a worker). The cycle itself is safe to
// repeat and to run in several processes: watches checked within half an interval
// are skipped, and every event is keyed so a drop is announced once.

export interface EvaluateAlertsOptions {
  everyMs: number;
  concurrency: number;
  /** Default: half of everyMs (0 when everyMs is 0, i.e. every run searches everything). */
  recheckAfterMs?: number;
}

export function evaluateAlertsJob(opts: EvaluateAlertsOptions): Job {
  const recheckAfterMs = opts.recheckAfterMs ?? Math.floor(opts.everyMs / 2);
  return {
    name: 'evaluate-alerts',
    everyMs: opts.everyMs,
    // A cycle should fit well inside its interval; the floor leaves room for a million alerts.
    maxRunS: Math.max(300, Math.ceil(opts.everyMs / 1000)),
    async run(services, log, signal) {
      const ctx: ToolContext = { principal: { kind: 'internal' }, requestId: `evaluate-alerts-${Date.now()}`, log, signal, services };
      const report = await evaluateAlerts(ctx, { concurrency: opts.concurrency, recheckAfterMs });
      log.info({ ...report, ms: Object.fromEntries(Object.entries(report.ms).map(([k, v]) => [k, Math.round(v)])) }, 'alert evaluation cycle');
    },
  };
}
