import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { nextAttemptAt } from '../../tools/webhooks/retry-schedule.js';
import { SIGNATURE_HEADER, signatureHeader } from '../../tools/webhooks/signature.js';
import { checkWebhookUrl } from '../../tools/webhooks/url-check.js';
import type { ClaimedDelivery } from '../../tools/webhooks/webhook-store.js';
import type { Job } from './job.js';

// Sends due webhook deliveries: lease a batch, POST each signed event (a bounded
// number at a time), and record the outcome: 2xx succeeded, anything else a retry
// on the backoff schedule until about a day has passed. A sender that dies keeps
// its lease until it lapses; then another sends again: at least once.

export interface WebhookDeliveryOptions {
  everyMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: private/loopback targets (and http to them) allowed. */
  allowPrivateUrls: boolean;
  /** Whole-request deadline. */
  timeoutMs?: number;
  /** How long a claim lasts; by default long enough for the whole round, so a live sender is never overtaken. */
  leaseMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Deliveries leased per round. */
  batch?: number;
}

const ERROR_MAX = 500;
const USER_AGENT = 'DealEngine-Webhooks/1.0';

interface Outcome {
  status: number | null;
  error: string | null;
}

/** POSTs `body` to the checked, pinned address: no redirects followed, one deadline for the whole exchange. */
async function post(delivery: ClaimedDelivery, body: string, allowPrivate: boolean, timeoutMs: number, now: Date): Promise<Outcome> {
  const check = await checkWebhookUrl(delivery.url, allowPrivate); // again at send time: DNS may have changed
  if (!check.ok) return { status: null, error: `URL rejected: ${check.reason}` };
  const { url, address, family } = check.target;
  const lookup: LookupFunction = (_host, options, cb) => (options.all ? cb(null, [{ address, family }]) : cb(null, address, family));
  const t = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': USER_AGENT,
    'deal-engine-event-id': delivery.event.id,
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(delivery.secrets, t, body),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    const req = send(url, { method: 'POST', headers, lookup, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      res.resume(); // the receiver's body is not needed
      clearTimeout(timer);
      const ok = status >= 200 && status < 300;
      resolve({ status, error: ok ? null : `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}` });
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      resolve({ status: null, error: err.message.slice(0, ERROR_MAX) || 'request failed' });
    });
    req.end(body);
  });
}

async function deliverOne(services: Services, delivery: ClaimedDelivery, o: Required<WebhookDeliveryOptions>): Promise<boolean> {
  const body = JSON.stringify({ id: delivery.event.id, type: delivery.event.type, created_at: delivery.event.createdAt.toISOString(), data: delivery.event.payload });
  const sentAt = services.clock();
  const outcome = await post(delivery, body, o.allowPrivateUrls, o.timeoutMs, sentAt);
  const at = services.clock();
  if (outcome.error === null && outcome.status !== null) {
    await services.webhooks.recordSuccess(delivery.id, at, outcome.status);
    return true;
  }
  const retryAt = nextAttemptAt(delivery.attempts + 1, delivery.createdAt, at);
  await services.webhooks.recordFailure(delivery.id, at, { httpStatus: outcome.status, error: (outcome.error ?? 'failed').slice(0, ERROR_MAX), retryAt });
  return false;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export function webhookDeliveryJob(opts: WebhookDeliveryOptions): Job {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const concurrency = opts.concurrency ?? 8;
  const batch = opts.batch ?? concurrency * 2;
  // Every lane may wait out the timeout once per delivery it sends this round (no
  // send starts that could outlast the lease); the margin covers recording outcomes.
  const leaseMs = opts.leaseMs ?? Math.ceil(batch / concurrency) * timeoutMs + 2_000;
  const o: Required<WebhookDeliveryOptions> = { ...opts, timeoutMs, concurrency, batch, leaseMs };
  return {
    name: 'webhook-delivery',
    everyMs: opts.everyMs,
    maxRunS: 120,
    async run(services, log: Logger, signal) {
      while (!signal.aborted) {
        const now = services.clock();
        const leaseUntil = now.getTime() + o.leaseMs;
        const due = await services.webhooks.claimDue(now, new Date(leaseUntil), o.batch);
        if (due.length === 0) return;
        let failed = 0;
        await eachLimited(due, o.concurrency, async (d) => {
          // A send that could outlast our lease might overlap another sender's: leave it for the next round.
          if (signal.aborted || services.clock().getTime() + o.timeoutMs > leaseUntil) return;
          const ok = await deliverOne(services, d, o).catch((err: unknown) => {
            log.warn({ err, deliveryId: d.id }, 'webhook delivery could not be recorded');
            return false;
          });
          if (!ok) failed++;
        });
        log.debug({ sent: due.length, failed }, 'webhook deliveries attempted');
        if (due.length < o.batch) return;
      }
    },
  };
}
