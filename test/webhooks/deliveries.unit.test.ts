import { describe, expect, it } from 'vitest';
import { webhookDeliveryJob } from '../../adapters/jobs/webhook-delivery.js';
import { webhookDispatchJob } from '../../adapters/jobs/webhook-dispatch.js';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import type { DomainEventInput } from '../../tools/booking/store.js';
import { FIRST_RETRY_S } from '../../tools/webhooks/retry-schedule.js';
import { createWebhookTool } from '../../tools/webhooks/create-endpoint.js';
import { deleteWebhookTool } from '../../tools/webhooks/delete-endpoint.js';
import { listWebhookDeliveriesTool } from '../../tools/webhooks/list-deliveries.js';
import { rotateWebhookSecretTool } from '../../tools/webhooks/rotate-secret.js';
import { testContext, testUser, type TestContext } from '../kit/test-context.js';

// The delivery half of the webhook store in memory (test/kit/memory/webhook-deliveries.ts),
// driven through the dispatch job, the delivery job (up to the send, which a URL the job
// refuses stops before any socket) and the webhook tools. The same rules against the
// database, with a real receiver, are in delivery.test.ts and crash.test.ts.

let seq = 0;
function bookingEvent(userId: string | null, type: DomainEventInput['type'] = 'booking.confirmed'): DomainEventInput {
  const id = `bk_unit_${++seq}`;
  return { type, aggregateId: id, dedupeKey: `${type}:${id}`, userId, payload: { booking_id: id, user_id: userId } };
}

/** Events written a second apart, so their outbox order is their creation order. */
function write(ctx: TestContext, events: DomainEventInput[]): void {
  for (const e of events) {
    ctx.outbox.write([e]);
    ctx.clock.advance(1_000);
  }
}

const hook = (ctx: TestContext, url: string, events: string[] = []) => invokeUnary(createWebhookTool, ctx, { url, events });
const dispatch = (ctx: TestContext) => webhookDispatchJob({ everyMs: 0 }).run(ctx.services, ctx.log, new AbortController().signal);
const log = async (ctx: TestContext, id: string) => (await invokeUnary(listWebhookDeliveriesTool, ctx, { webhook_id: id, limit: 100 })).deliveries;

describe('webhook dispatch in memory', () => {
  it('fans each event out to the endpoints it is for, once, and marks it handed over', async () => {
    const ctx = testContext();
    const bob = ctx.as(testUser('usr_bob'));
    const all = await hook(ctx, 'https://127.0.0.1/all');
    const paid = await hook(ctx, 'https://127.0.0.1/paid', ['payment.completed']);
    const deals = await hook(bob, 'https://127.0.0.1/deals', ['alert.mistake_fare']);
    const mistake: DomainEventInput = { type: 'alert.mistake_fare', aggregateId: 'mf_1', dedupeKey: 'mf:1', userId: null, payload: {} };
    const muted: DomainEventInput = { type: 'alert.triggered', aggregateId: 'al_1', dedupeKey: 'al:1', userId: 'usr_test', payload: { channels: ['email'] } };
    const loud: DomainEventInput = { type: 'alert.triggered', aggregateId: 'al_2', dedupeKey: 'al:2', userId: 'usr_test', payload: { channels: ['email', 'webhook'] } };
    write(ctx, [bookingEvent('usr_test'), bookingEvent('usr_test', 'payment.completed'), bookingEvent(null), bookingEvent('usr_bob'), mistake, muted, loud]);

    await dispatch(ctx);
    expect(ctx.outbox.events.every((e) => e.dispatchedAt !== null)).toBe(true);
    // Own events, the public one, and the alert whose owner chose webhooks; not the guest's, Bob's, or the muted alert.
    expect((await log(ctx, all.id)).map((d) => d.event_type).sort()).toEqual(['alert.mistake_fare', 'alert.triggered', 'booking.confirmed', 'payment.completed']);
    expect((await log(ctx, paid.id)).map((d) => d.event_type)).toEqual(['payment.completed']);
    expect((await log(bob, deals.id)).map((d) => d.event_type)).toEqual(['alert.mistake_fare']);
    expect(new Set((await log(ctx, all.id)).map((d) => `${d.status}/${d.attempts}`))).toEqual(new Set(['pending/0']));

    // Handing over again finds nothing new, and a delivery is never owed twice.
    const before = ctx.stores.webhooks.deliveryRows.length;
    for (const e of ctx.outbox.events) e.dispatchedAt = null;
    await dispatch(ctx);
    expect(ctx.stores.webhooks.deliveryRows).toHaveLength(before);
  });

  it('hands over at most `limit` events per call, oldest first', async () => {
    const ctx = testContext();
    await hook(ctx, 'https://127.0.0.1/x');
    write(ctx, Array.from({ length: 8 }, () => bookingEvent('usr_test')));
    const now = ctx.clock();
    const s = ctx.services.webhooks;
    expect([await s.dispatch(now, 3), await s.dispatch(now, 3), await s.dispatch(now, 3), await s.dispatch(now, 3)]).toEqual([3, 3, 2, 0]);
    expect(ctx.outbox.events.slice(0, 3).every((e) => e.dispatchedAt !== null)).toBe(true);
  });
});

describe('webhook claims in memory', () => {
  async function owed(n: number) {
    const ctx = testContext();
    const endpoint = await hook(ctx, 'https://127.0.0.1/x');
    write(ctx, Array.from({ length: n }, () => bookingEvent('usr_test')));
    await dispatch(ctx);
    return { ctx, endpoint, s: ctx.services.webhooks, now: ctx.clock() };
  }

  it('leases at most `limit` per call, skips what is leased, and retakes a lapsed lease', async () => {
    const { s, now } = await owed(8);
    const lease = new Date(now.getTime() + 60_000);
    const claims = [await s.claimDue(now, lease, 5), await s.claimDue(now, lease, 5), await s.claimDue(now, lease, 5)];
    expect(claims.map((c) => c.length)).toEqual([5, 3, 0]);
    expect(new Set(claims.flat().map((c) => c.id)).size).toBe(8);
    expect(await s.claimDue(new Date(lease.getTime() + 1), new Date(lease.getTime() + 60_000), 50)).toHaveLength(8);
  });

  it('with perEndpoint, gives an endpoint its oldest events first and counts the leases it still holds', async () => {
    const { ctx, endpoint, s, now } = await owed(5);
    const other = await hook(ctx.as(testUser('usr_bob')), 'https://127.0.0.1/bob');
    write(ctx, [bookingEvent('usr_bob')]);
    await dispatch(ctx);
    const lease = new Date(now.getTime() + 60_000);
    const at = ctx.clock();
    const first = await s.claimDue(at, lease, 50, { perEndpoint: 2, endpointId: endpoint.id });
    const order = ctx.outbox.events.filter((e) => e.userId === 'usr_test').map((e) => e.id);
    const eventOf = (id: string) => ctx.stores.webhooks.deliveryRows.find((d) => d.id === id)!.eventId;
    // Which ones, not in what order: a claim's answer has no order of its own (RETURNING).
    expect(first.map((c) => eventOf(c.id)).sort()).toEqual(order.slice(0, 2).sort());
    // Its two leases are still running: only the other endpoint has room.
    expect((await s.claimDue(at, lease, 50, { perEndpoint: 2 })).map((c) => c.endpointId)).toEqual([other.id]);
    // One done frees one place, taken by the next event in order.
    await s.recordSuccess(first[0]!.id, at, 200);
    expect((await s.claimDue(at, lease, 50, { perEndpoint: 2 })).map((c) => eventOf(c.id))).toEqual([order[2]]);
  });

  it('lets a retry wait out its backoff without holding up newer events', async () => {
    const { s, now } = await owed(2);
    const lease = new Date(now.getTime() + 60_000);
    const [oldest] = await s.claimDue(now, lease, 1, { perEndpoint: 1 });
    await s.recordFailure(oldest!.id, now, { httpStatus: 503, error: 'HTTP 503', retryAt: new Date(now.getTime() + 30_000) });
    const next = await s.claimDue(now, lease, 5, { perEndpoint: 1 });
    expect(next).toHaveLength(1);
    expect(next[0]!.id).not.toBe(oldest!.id);
  });

  it('opens a claim only under its own lease and attempts, once', async () => {
    const { s, now, endpoint } = await owed(1);
    const lease = new Date(now.getTime() + 60_000);
    const [d] = await s.claimDue(now, lease, 1);
    expect(await s.open(d!.id, d!.attempts, new Date(lease.getTime() - 1), now, lease)).toBeNull();
    expect(await s.open(d!.id, d!.attempts + 1, lease, now, lease)).toBeNull();
    const opened = await s.open(d!.id, d!.attempts, lease, now, new Date(lease.getTime() + 5_000));
    expect(opened).toMatchObject({ id: d!.id, attempts: 0, url: endpoint.url, secrets: [endpoint.secret], event: { type: 'booking.confirmed' } });
    expect(await s.open(d!.id, d!.attempts, lease, now, lease)).toBeNull();
  });

  it('signs with both secrets during a rotation\'s overlap, then with the new one only', async () => {
    const { ctx, s, endpoint } = await owed(1);
    const rotated = await invokeUnary(rotateWebhookSecretTool, ctx, { webhook_id: endpoint.id });
    const openAt = async (at: Date) => {
      const lease = new Date(at.getTime() + 60_000);
      const [d] = await s.claimDue(at, lease, 1);
      const opened = await s.open(d!.id, d!.attempts, lease, at, lease);
      await s.recordFailure(d!.id, at, { httpStatus: 500, error: 'HTTP 500', retryAt: at });
      return opened?.secrets;
    };
    expect(await openAt(ctx.clock())).toEqual([rotated.secret, endpoint.secret]);
    expect(await openAt(new Date(ctx.clock().getTime() + 25 * 3600_000))).toEqual([rotated.secret]);
  });

  it('fails a delivery whose event was purged instead of sending it', async () => {
    const { ctx, s, now, endpoint } = await owed(1);
    ctx.outbox.events.splice(0);
    const lease = new Date(now.getTime() + 60_000);
    const [d] = await s.claimDue(now, lease, 1);
    expect(await s.open(d!.id, d!.attempts, lease, now, lease)).toBeNull();
    expect(await log(ctx, endpoint.id)).toMatchObject([{ status: 'failed', last_error: 'event no longer available', next_attempt_at: null }]);
  });

  it('records an outcome on a pending delivery only', async () => {
    const { ctx, s, now, endpoint } = await owed(1);
    const [d] = await s.claimDue(now, new Date(now.getTime() + 60_000), 1);
    await s.recordSuccess(d!.id, now, 204);
    await s.recordFailure(d!.id, now, { httpStatus: 500, error: 'late', retryAt: null });
    expect(await log(ctx, endpoint.id)).toMatchObject([{ status: 'succeeded', attempts: 0, last_status: 204, last_error: null, delivered_at: now.toISOString() }]);
    expect(await s.claimDue(now, new Date(now.getTime() + 60_000), 1)).toEqual([]);
  });
});

describe('webhook delivery job in memory', () => {
  it('retries a refused send on the backoff schedule and gives up after about a day', async () => {
    const ctx = testContext();
    // The tools allow loopback (test settings); this job does not, so it refuses the URL at send time, before any socket.
    const endpoint = await hook(ctx, 'https://127.0.0.1/hook');
    write(ctx, [bookingEvent('usr_test')]);
    await dispatch(ctx);
    const job = webhookDeliveryJob({ everyMs: 0, allowPrivateUrls: false });
    const run = () => job.run(ctx.services, ctx.log, new AbortController().signal);

    const first = ctx.clock();
    await run();
    const [d] = await log(ctx, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status: null, last_error: expect.stringMatching(/^URL rejected: /), last_attempt_at: first.toISOString() });
    const wait = Date.parse(d!.next_attempt_at!) - first.getTime();
    expect(wait).toBeGreaterThanOrEqual(FIRST_RETRY_S * 800);
    expect(wait).toBeLessThanOrEqual(FIRST_RETRY_S * 1200);

    // Not due yet: a run leaves it alone.
    await run();
    expect((await log(ctx, endpoint.id))[0]?.attempts).toBe(1);

    ctx.clock.set(d!.next_attempt_at!);
    await run();
    expect((await log(ctx, endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });

    ctx.clock.advance(25 * 3600_000);
    await run();
    expect((await log(ctx, endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
  });
});

describe('webhooks.deliveries in memory', () => {
  it('pages the log newest first by cursor, refuses a foreign cursor, and goes with its endpoint', async () => {
    const ctx = testContext();
    const endpoint = await hook(ctx, 'https://127.0.0.1/x');
    const other = await hook(ctx, 'https://127.0.0.1/y', ['payment.completed']);
    for (let i = 0; i < 5; i++) {
      write(ctx, [bookingEvent('usr_test')]);
      await dispatch(ctx);
    }
    write(ctx, [bookingEvent('usr_test', 'payment.completed')]);
    await dispatch(ctx);
    const page = (cursor?: string) => invokeUnary(listWebhookDeliveriesTool, ctx, { webhook_id: endpoint.id, limit: 4, ...(cursor ? { cursor } : {}) });
    const first = await page();
    const second = await page(first.next_cursor!);
    expect(second.next_cursor).toBeNull();
    const all = [...first.deliveries, ...second.deliveries];
    expect(all).toHaveLength(6);
    expect(all.map((d) => d.created_at)).toEqual(all.map((d) => d.created_at).sort().reverse());
    expect(new Set(all.map((d) => d.id)).size).toBe(6);

    const foreign = (await log(ctx, other.id))[0]!.id;
    await expect(page(foreign)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    await invokeUnary(deleteWebhookTool, ctx, { webhook_id: endpoint.id });
    expect(ctx.stores.webhooks.deliveryRows.map((d) => d.endpointId)).toEqual([other.id]);
  });
});
