import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../adapters/crypto/aes-gcm.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { findOffer, json, payByCard, traveller } from '../booking/booking-helpers.js';
import { verifyWebhookSignature } from '../../tools/webhooks/index.js';
import { webhookDispatchJob } from '../../adapters/jobs/webhook-dispatch.js';
import { alertPayload, bearer, bookingEventFor, mistakeFareEvent, prismaOf, runJobs, silent, withClock, writeOutbox } from './support/helpers.js';
import { startReceiver, type Received, type Receiver } from './support/receiver.js';

// Outbox events reach the right endpoints, signed; failures are retried on a
// growing schedule; the delivery log tells what happened. The jobs run here as
// the runner would run them, some with a fixed clock to step through retries.

interface EndpointOut { id: string; secret: string }
interface DeliveryOut { event_id: string; event_type: string; status: string; attempts: number; last_status: number | null; last_error: string | null; next_attempt_at: string | null; delivered_at: string | null }

let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // A PII key on both backends, so signing secrets are sealed at rest everywhere.
  server = await startTestServer({ env: { PII_ENCRYPTION_KEY: randomBytes(32).toString('base64') } });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await server?.close();
});

async function receiver(reply?: Receiver['reply']): Promise<Receiver> {
  const r = await startReceiver(reply);
  receivers.push(r);
  return r;
}

async function endpoint(headers: Record<string, string>, url: string, events: string[] = []): Promise<EndpointOut> {
  return json<EndpointOut>(await server.post('/api/account/webhooks', { url, events }, { headers }), 201);
}

const log = async (id: string, headers: Record<string, string>) =>
  (await json<{ deliveries: DeliveryOut[] }>(await server.get(`/api/account/webhooks/${id}/deliveries?limit=100`, { headers }))).deliveries;

function expectSigned(r: Received, secret: string): void {
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['user-agent']).toBe('DealEngine-Webhooks/1.0');
  expect(r.headers['deal-engine-event-id']).toBe(r.body.id);
  expect(verifyWebhookSignature(secret, String(r.headers['deal-engine-signature']), r.rawBody)).toBe(true);
}

describe('webhook delivery', () => {
  it('delivers a real booking’s events, signed, to the booking user only', async () => {
    const auth = await bearer(server, 'wh-booker');
    const other = await bearer(server, 'wh-bystander');
    const mine = await receiver();
    const theirs = await receiver();
    const hook = await endpoint(auth, `${mine.url}/hooks`);
    await endpoint(other, `${theirs.url}/hooks`);

    const offer = await findOffer(server, () => true);
    const paid = await payByCard(server, { offer_id: offer.offer_id }, auth);
    const booking = await json<{ booking_ref: string; status: string }>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: { ...auth, 'idempotency-key': `wh-${Date.now()}` } }),
    );
    expect(booking.status).toBe('confirmed');

    await runJobs(server.services);
    const types = mine.received.map((r) => r.body.type).sort();
    expect(types).toEqual(['booking.confirmed', 'booking.created', 'payment.completed']);
    for (const r of mine.received) {
      expect(r.path).toBe('/hooks');
      expectSigned(r, hook.secret);
      expect(Date.parse(r.body.created_at)).not.toBeNaN();
    }
    expect(mine.received.find((r) => r.body.type === 'booking.confirmed')?.body.data).toMatchObject({ booking_id: booking.booking_ref, status: 'confirmed' });
    expect(theirs.received).toHaveLength(0);

    const entries = await log(hook.id, auth);
    expect(entries).toHaveLength(3);
    for (const d of entries) expect(d).toMatchObject({ status: 'succeeded', attempts: 0, last_status: 200, next_attempt_at: null });
    expect(new Set(entries.map((d) => d.event_id))).toEqual(new Set(mine.received.map((r) => r.body.id)));

    // Nothing is sent twice on later runs.
    await runJobs(server.services);
    expect(mine.received).toHaveLength(3);
  });

  it('sends public mistake fares to every subscribed endpoint and a user’s event only to that user', async () => {
    const a = await bearer(server, 'wh-pub-a');
    const b = await bearer(server, 'wh-pub-b');
    const ra = await receiver();
    const rb = await receiver();
    const rc = await receiver();
    await endpoint(a, ra.url); // every type
    await endpoint(b, rb.url, ['alert.mistake_fare']);
    await endpoint(b, rc.url, ['booking.confirmed']); // not subscribed to mistake fares
    const fare = mistakeFareEvent();
    const aliceBooking = bookingEventFor('wh-pub-a');
    await writeOutbox(server.services, [fare, aliceBooking]);
    await runJobs(server.services);

    const idsAt = (r: Receiver) => r.received.map((x) => x.body.data);
    expect(idsAt(ra)).toEqual(expect.arrayContaining([fare.payload, aliceBooking.payload]));
    expect(ra.received).toHaveLength(2);
    expect(idsAt(rb)).toEqual([fare.payload]);
    expect(rc.received).toHaveLength(0);
  });

  it('sends a guest’s booking to nobody, and an alert only when its owner chose the webhook channel', async () => {
    const a = await bearer(server, 'wh-quiet-a');
    const ra = await receiver();
    await endpoint(a, ra.url); // every type
    const guestBooking = { ...bookingEventFor('nobody'), userId: null };
    const alertEvent = (channels: string[]) => {
      const e = bookingEventFor('wh-quiet-a', 'alert.triggered');
      return { ...e, payload: alertPayload(e.aggregateId, channels) };
    };
    const inAppOnly = alertEvent(['in_app']);
    const toWebhook = alertEvent(['webhook', 'in_app']);
    await writeOutbox(server.services, [guestBooking, inAppOnly, toWebhook]);
    await runJobs(server.services);

    expect(ra.received.map((x) => x.body.data)).toEqual([toWebhook.payload]);
  });

  it('retries a failing receiver on a growing schedule until it answers 2xx', async () => {
    const auth = await bearer(server, 'wh-retry');
    const flaky = await receiver((_r, i) => (i < 3 ? 500 : 200));
    const hook = await endpoint(auth, flaky.url);
    const event = bookingEventFor('wh-retry');
    await writeOutbox(server.services, [event]);

    let now = new Date();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runJobs(withClock(server.services, now));
      expect(flaky.received).toHaveLength(attempt);
      const [d] = await log(hook.id, auth);
      expect(d).toMatchObject({ status: 'pending', attempts: attempt, last_status: 500, last_error: 'HTTP 500' });
      const next = Date.parse(d!.next_attempt_at!);
      gaps.push(next - now.getTime());
      // Not due yet: a run just before the time sends nothing.
      await runJobs(withClock(server.services, new Date(next - 1_000)));
      expect(flaky.received).toHaveLength(attempt);
      now = new Date(next + 1);
    }
    // 30 s, 60 s, 120 s, each ±20 %.
    expect(gaps[0]).toBeGreaterThanOrEqual(24_000);
    expect(gaps[0]).toBeLessThanOrEqual(36_000);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]).toBeGreaterThan(gaps[1]!);
    expect(gaps[2]).toBeGreaterThanOrEqual(96_000);

    await runJobs(withClock(server.services, now));
    expect(flaky.received).toHaveLength(4);
    expect(new Set(flaky.received.map((r) => r.body.id)).size).toBe(1); // the same event id every time
    const [done] = await log(hook.id, auth);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 3, last_status: 200, last_error: null, next_attempt_at: null });
  });

  it('gives up after about a day', async () => {
    const auth = await bearer(server, 'wh-giveup');
    const down = await receiver(() => 503);
    const hook = await endpoint(auth, down.url);
    await writeOutbox(server.services, [bookingEventFor('wh-giveup')]);
    await runJobs(server.services);
    // The second try falls so late that the next (about a minute on) would pass the day: given up.
    const late = new Date(Date.now() + 23.99 * 3600_000);
    await runJobs(withClock(server.services, late));
    const [d] = await log(hook.id, auth);
    expect(d).toMatchObject({ status: 'failed', attempts: 2, last_status: 503, next_attempt_at: null });
    await runJobs(withClock(server.services, new Date(late.getTime() + 7200_000)));
    expect(down.received).toHaveLength(2);
  });

  it('signs with both secrets during a rotation; each verifies', async () => {
    const auth = await bearer(server, 'wh-rotate');
    const r = await receiver();
    const hook = await endpoint(auth, r.url);
    const rotated = await json<{ secret: string }>(await server.post(`/api/account/webhooks/${hook.id}/rotate-secret`, {}, { headers: auth }));
    await writeOutbox(server.services, [bookingEventFor('wh-rotate')]);
    await runJobs(server.services);
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    const header = String(got.headers['deal-engine-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expectSigned(got, hook.secret);
    expectSigned(got, rotated.secret);
    expect(verifyWebhookSignature('whsec_wrong', header, got.rawBody)).toBe(false);
    expect(verifyWebhookSignature(rotated.secret, header, `${got.rawBody} `)).toBe(false);
    expect(verifyWebhookSignature(rotated.secret, header, got.rawBody, 300, Math.floor(Date.now() / 1000) + 301)).toBe(false);

    // After the overlap only the new secret signs.
    await writeOutbox(server.services, [bookingEventFor('wh-rotate')]);
    await runJobs(withClock(server.services, new Date(Date.now() + 25 * 3600_000)));
    const later = r.received[1]!;
    const laterHeader = String(later.headers['deal-engine-signature']);
    expect(laterHeader.match(/v1=/g)).toHaveLength(1);
    const t = Number(/t=(\d+)/.exec(laterHeader)?.[1]);
    expect(verifyWebhookSignature(rotated.secret, laterHeader, later.rawBody, 300, t)).toBe(true);
    expect(verifyWebhookSignature(hook.secret, laterHeader, later.rawBody, 300, t)).toBe(false);

    // At rest both secrets are sealed: the database never holds either one.
    const row = await prismaOf(server.services).webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    for (const stored of [row.secret, row.previousSecret ?? '']) {
      expect(stored.startsWith('v1:')).toBe(true);
      for (const secret of [hook.secret, rotated.secret]) expect(stored).not.toContain(secret.slice(6));
    }
  });

  it('never sends unsigned: a secret sealed under another key fails the delivery and says why', async () => {
    const auth = await bearer(server, 'wh-other-key');
    const r = await receiver();
    const hook = await endpoint(auth, r.url);
    const foreign = seal(randomBytes(32), 'whsec_from_elsewhere', `webhook:${hook.id}:signing_secret`);
    await prismaOf(server.services).webhookEndpoint.update({ where: { id: hook.id }, data: { secret: foreign } });
    await writeOutbox(server.services, [bookingEventFor('wh-other-key')]);
    await runJobs(server.services);
    expect(r.received).toHaveLength(0);
    const [d] = await log(hook.id, auth);
    expect(d).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/PII_ENCRYPTION_KEY changed/) });
  });

  it('marks a delivery failed, unsent, when its outbox event was purged', async () => {
    const auth = await bearer(server, 'wh-orphan');
    const r = await receiver();
    const hook = await endpoint(auth, r.url);
    const event = bookingEventFor('wh-orphan');
    await writeOutbox(server.services, [event]);
    await webhookDispatchJob({ everyMs: 0 }).run(server.services, silent, new AbortController().signal);
    await prismaOf(server.services).outboxEvent.deleteMany({ where: { dedupeKey: event.dedupeKey } });
    await runJobs(server.services);
    expect(r.received).toHaveLength(0);
    const [d] = await log(hook.id, auth);
    expect(d).toMatchObject({ status: 'failed', last_error: 'event no longer available', next_attempt_at: null });
  });

  it('hands over and leases at most `limit` per statement', async () => {
    const s = server.services;
    await runJobs(s); // drain what earlier tests left
    await s.webhooks.create({ id: 'wh_limits', userId: 'wh-limits', url: 'http://127.0.0.1:9/', description: null, events: [], secret: 'whsec_x' });
    await writeOutbox(s, Array.from({ length: 8 }, () => bookingEventFor('wh-limits')));
    const now = new Date();
    expect([await s.webhooks.dispatch(now, 3), await s.webhooks.dispatch(now, 3), await s.webhooks.dispatch(now, 3)]).toEqual([3, 3, 2]);
    const lease = new Date(now.getTime() + 60_000);
    const claims = [await s.webhooks.claimDue(now, lease, 5), await s.webhooks.claimDue(now, lease, 5), await s.webhooks.claimDue(now, lease, 5)];
    expect(claims.map((c) => c.length)).toEqual([5, 3, 0]);
    expect(new Set(claims.flat().map((c) => c.id)).size).toBe(8);
    // Once the lease lapses they can be claimed again (a dead sender's work is retaken).
    expect(await s.webhooks.claimDue(new Date(lease.getTime() + 1), new Date(lease.getTime() + 60_000), 50)).toHaveLength(8);
    await s.webhooks.remove('wh_limits');
  });

  it('never sends one delivery twice from two concurrent senders', async () => {
    const auth = await bearer(server, 'wh-race');
    const slow = await receiver();
    await endpoint(auth, slow.url);
    await writeOutbox(server.services, Array.from({ length: 12 }, () => bookingEventFor('wh-race')));
    await Promise.all([runJobs(server.services, { batch: 5, concurrency: 2 }), runJobs(server.services, { batch: 5, concurrency: 2 })]);
    const ids = slow.received.map((x) => x.body.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it('sends an endpoint’s events one at a time in event order, while other endpoints go alongside', async () => {
    const s = server.services;
    await runJobs(s); // drain what earlier tests left
    const slow = await slowReceiver(40);
    const users = ['wh-order-a', 'wh-order-b', 'wh-order-c'];
    for (const u of users) await endpoint(await bearer(server, u), `${slow.url}/${u}`);
    const written: Record<string, string[]> = {};
    for (let i = 0; i < 6; i++) {
      for (const u of users) {
        const e = bookingEventFor(u);
        await writeOutbox(s, [e]);
        (written[u] ??= []).push(String(e.payload.booking_id));
        await new Promise((r) => setTimeout(r, 2)); // distinct created_at, so the order is the outbox's
      }
    }
    await runJobs(s, { concurrency: 8 });
    for (const u of users) {
      expect(slow.seen.filter((x) => x.path === `/${u}`).map((x) => x.booking), u).toEqual(written[u]);
      expect(slow.maxInFlight.get(`/${u}`), u).toBe(1);
    }
    expect(slow.maxTotal, 'endpoints were sent to in parallel').toBeGreaterThan(1);
    await slow.close();
  });

  it('with perEndpoint, claims at most that many per endpoint, counting leases still held', async () => {
    const s = server.services;
    await runJobs(s);
    await s.webhooks.create({ id: 'wh_per_ep', userId: 'wh-per-ep', url: 'http://127.0.0.1:9/', description: null, events: [], secret: 'whsec_x' });
    await writeOutbox(s, Array.from({ length: 5 }, () => bookingEventFor('wh-per-ep')));
    const now = new Date();
    await s.webhooks.dispatch(now, 50);
    const lease = new Date(now.getTime() + 60_000);
    const first = await s.webhooks.claimDue(now, lease, 50, { perEndpoint: 2, endpointId: 'wh_per_ep' });
    expect(first).toHaveLength(2);
    expect(await s.webhooks.claimDue(now, lease, 50, { perEndpoint: 2 })).toHaveLength(0);
    // A claim is fenced by its lease: a stale lease opens nothing, the right one opens once.
    const [d] = first;
    expect(await s.webhooks.open(d!.id, d!.attempts, new Date(lease.getTime() - 1), now, lease)).toBeNull();
    const opened = await s.webhooks.open(d!.id, d!.attempts, lease, now, new Date(lease.getTime() + 5_000));
    expect(opened?.secrets).toEqual(['whsec_x']);
    expect(await s.webhooks.open(d!.id, d!.attempts, lease, now, lease)).toBeNull();
    await s.webhooks.remove('wh_per_ep');
  });
});

/** A receiver that answers after `delayMs` and records, per path, the order of bookings and the most requests in flight at once. */
async function slowReceiver(delayMs: number) {
  const seen: { path: string; booking: string }[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const state = { total: 0, maxTotal: 0 };
  const srv = createServer((req, res) => {
    const path = req.url ?? '';
    const n = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, n);
    maxInFlight.set(path, Math.max(n, maxInFlight.get(path) ?? 0));
    state.maxTotal = Math.max(++state.total, state.maxTotal);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path, booking: String((JSON.parse(body) as { data: { booking_id: string } }).data.booking_id) });
      setTimeout(() => {
        inFlight.set(path, inFlight.get(path)! - 1);
        state.total--;
        res.writeHead(200).end();
      }, delayMs);
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    seen,
    maxInFlight,
    get maxTotal() { return state.maxTotal; },
    close: () => new Promise((r) => srv.close(r)),
  };
}
