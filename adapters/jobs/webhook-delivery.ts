import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Services } from '../../tools/_kit/context.js';
import { nextAttemptAt } from '../../tools/webhooks/retry-schedule.js';
import { SIGNATURE_HEADER, signatureHeader } from '../../tools/webhooks/signature.js';
import { checkWebhookUrl } from '../../tools/webhooks/url-check.js';
import type { ClaimedDelivery, DueDelivery } from '../../tools/webhooks/webhook-store.js';
import { inProcessHand } from './in-process-hand.js';
import type { Job } from './job.js';

// Sends due webhook deliveries: the scheduled run claims what is due (a lease per
// delivery, at most `perEndpoint` per endpoint, in event order) and hands each out
// as an item: in process, worked here `concurrency` at once; on BullMQ, one queued
// job per delivery that any worker process takes, so throughput grows with
// workers. Sending POSTs the signed event and records the outcome: 2xx succeeded,
// anything else a retry on the backoff schedule until about a day has passed;
// then the endpoint's next event is claimed at once. A claim is fenced by its
// lease, so one claim is sent by one holder; a holder that dies keeps it until
// the lease lapses, then the delivery is claimed and sent again: at least once.

export interface WebhookDeliveryOptions {
  everyMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: private/loopback targets (and http to them) allowed. */
  allowPrivateUrls: boolean;
  /** Whole-request deadline. */
  timeoutMs?: number;
  /**
   * How long a claim holds a delivery before it is sent (it may wait in a queue); sending takes it
   * over with a lease of its own (timeout + 2 s). A claim that lapses (its holder died) is claimed again.
   */
  leaseMs?: number;
  /** Requests in flight at once in one process (on BullMQ: per worker process). */
  concurrency?: number;
  /** Deliveries in flight at once to one endpoint; 1 (the default) sends an endpoint's events one at a time, in order. */
  perEndpoint?: number;
  /** Deliveries claimed per statement. */
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

/** One delivery to send: the claim's lease (ms) is its fencing token. */
type DeliveryItem = { id: string; endpoint: string; attempts: number; lease: number };

const toItems = (due: readonly DueDelivery[], leaseUntil: Date): DeliveryItem[] =>
  due.map((d) => ({ id: d.id, endpoint: d.endpointId, attempts: d.attempts, lease: leaseUntil.getTime() }));

export function webhookDeliveryJob(opts: WebhookDeliveryOptions): Job<DeliveryItem> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const concurrency = opts.concurrency ?? 8;
  const perEndpoint = opts.perEndpoint ?? 1;
  const batch = opts.batch ?? concurrency * 2;
  // Long enough for a queued delivery to wait its turn; one that waits longer is claimed again (its old copy then finds the fence changed and is skipped).
  const leaseMs = opts.leaseMs ?? 2 * timeoutMs + 2_000;
  const o: Required<WebhookDeliveryOptions> = { ...opts, timeoutMs, concurrency, perEndpoint, batch, leaseMs };
  // A send lease outlasts the request's deadline; the margin covers recording the outcome.
  const sendLeaseMs = timeoutMs + 2_000;

  const claim = async (services: Services, limit: number, endpointId?: string): Promise<DeliveryItem[]> => {
    const now = services.clock();
    const leaseUntil = new Date(now.getTime() + o.leaseMs);
    return toItems(await services.webhooks.claimDue(now, leaseUntil, limit, { perEndpoint: o.perEndpoint, ...(endpointId ? { endpointId } : {}) }), leaseUntil);
  };

  const job: Job<DeliveryItem> = {
    name: 'webhook-delivery',
    everyMs: opts.everyMs,
    maxRunS: 120,
    items: {
      concurrency: o.concurrency,
      key: (item) => `${item.id}.${item.attempts}.${item.lease}`,
      async work(item, services, log, signal, hand) {
        if (signal.aborted) return;
        const now = services.clock();
        const delivery = await services.webhooks.open(item.id, item.attempts, new Date(item.lease), now, new Date(now.getTime() + sendLeaseMs));
        if (!delivery) return; // sent, given up, or another claim's now
        const ok = await deliverOne(services, delivery, o).catch((err: unknown) => {
          log.warn({ err, deliveryId: item.id }, 'webhook delivery could not be recorded');
          return null;
        });
        if (ok === null || signal.aborted) return;
        // The endpoint's next event goes now, not at the next scheduled run.
        await hand(await claim(services, o.perEndpoint, item.endpoint));
      },
    },
    async run(services, log, signal, hand) {
      const give = hand ?? inProcessHand(job, services, log, signal);
      let total = 0;
      // Claim what is due (per endpoint, at most perEndpoint at once) and hand it out, until nothing is left.
      while (!signal.aborted) {
        const items = await claim(services, o.batch);
        if (items.length === 0) break;
        total += items.length;
        await give(items);
      }
      if (total === 0) return 'idle';
      log.debug({ handed: total }, 'webhook deliveries handed out');
      return undefined;
    },
  };
  return job;
}
