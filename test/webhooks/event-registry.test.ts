import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWebhookDocs } from '../../adapters/openapi/webhook-docs.js';
import { EVENT_REGISTRY, EventContractError, WEBHOOK_EVENT_TYPES, eventEnvelope } from '../../tools/webhooks/events/registry.js';
import { alertEvents, runCycle, steerPrices } from '../alerts/alert-helpers.js';
import { findOffer, json, payByCard, traveller } from '../booking/booking-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { bearer, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookingEventFor, writeOutbox } from './support/helpers.js';

// The event registry is the webhook contract: every event real flows write to the
// outbox (booked, paid, canceled, refunded, alert fired) parses as the envelope a
// subscriber receives, the writer refuses a payload off its contract, and the docs
// and openapi.json say what the registry says. (Every other test's outbox writes go
// through the same check: cars, stays, mistake fares, Stripe events.)

const INTERNAL = 'internal-event-registry-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL, SEARCH_CACHE_TTL_S: '0', SIM_LATENCY_MS: '0' } });
});
afterAll(() => server.close());

/** Every outbox row as the body a subscriber would receive. */
async function bodies(): Promise<{ id: string; type: string; created_at: string; data: unknown }[]> {
  const rows = await prismaOf(server).outboxEvent.findMany({ orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ id: r.id, type: r.type, created_at: r.createdAt.toISOString(), data: r.payload }));
}

describe('webhook event registry', () => {
  it('every event a booking, a cancellation and a fired alert write parses against the registry', async () => {
    const me = await bearer(server, 'event-registry-user');
    const offer = await findOffer(server, (o) => o.refundable === true);
    const paid = await payByCard(server, { offer_id: offer.offer_id }, me);
    const booking = await json<{ booking_ref: string; status: string }>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()] }, { headers: me }),
    );
    expect(booking.status).toBe('confirmed');
    const cancelled = await json<{ status: string }>(await server.post(`/api/booking/${booking.booking_ref}/cancel`, {}, { headers: { 'x-internal-key': INTERNAL } }));
    expect(cancelled.status).toBe('cancelled');

    // An any-drop alert fires when the second check finds a lower fare.
    const steer = steerPrices(server);
    const date = daysAhead(45);
    await json(await server.post('/api/alerts', { origin: 'JFK', destination: 'LHR', departure_date: date }, { headers: me }));
    await runCycle(server);
    steer.factor.value = 0.8;
    await runCycle(server);
    expect((await alertEvents(server)).length).toBeGreaterThan(0);

    const all = await bodies();
    const types = new Set(all.map((b) => b.type));
    for (const t of ['booking.created', 'booking.confirmed', 'booking.canceled', 'payment.refunded', 'alert.triggered']) expect(types, t).toContain(t);
    for (const body of all) {
      const parsed = eventEnvelope(body.type as (typeof WEBHOOK_EVENT_TYPES)[number]).safeParse(body);
      expect(parsed.success, `${body.type}: ${parsed.error?.message}`).toBe(true);
    }
    const flight = all.find((b) => b.type === 'booking.canceled')?.data as { product: string; total: { amount: number; currency: string }; cancellation: unknown };
    expect(flight.product).toBe('flight');
    expect(flight.total.amount).toBeCloseTo(paid.amount, 2);
    expect(flight.cancellation).toBeTruthy();
  });

  it('the outbox writer refuses a payload off its contract, and writes nothing', async () => {
    const good = bookingEventFor('event-registry-writer');
    const bad = { ...good, dedupeKey: `${good.dedupeKey}:bad`, payload: { ...good.payload, total: 32000 } };
    await expect(writeOutbox(server.services, [good, bad])).rejects.toThrow(EventContractError);
    await expect(writeOutbox(server.services, [{ ...good, payload: { ...good.payload, product: 'train' } }])).rejects.toThrow(/product/);
    const written = await prismaOf(server).outboxEvent.findMany({ where: { aggregateId: good.aggregateId } });
    expect(written).toEqual([]);
  });

  it('docs/webhooks.md and openapi.json carry every registry type', async () => {
    const page = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    expect(withWebhookDocs(page), 'run npm run docs:webhooks').toBe(page);
    const doc = (await (await server.get('/openapi.json')).json()) as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ref = doc.webhooks[type]!.post.requestBody.content['application/json']!.schema.$ref;
      expect(ref).toBe(`#/components/schemas/${EVENT_REGISTRY[type].name}`);
      expect(doc.components.schemas[EVENT_REGISTRY[type].name]).toBeDefined();
    }
  });
});
