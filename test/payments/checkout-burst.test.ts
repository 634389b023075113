import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payByCard, searchOffers, traveller } from '../booking/booking-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// A burst on one payment without an Idempotency-Key (issue 21): 200 checkouts at
// once spend it exactly once. One gets the booking, the other 199 a 409 that names
// what it paid for, none a 5xx; one order exists and the card is charged once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('200 concurrent checkouts with one payment and no Idempotency-Key', () => {
  it('give 1 × 200 and 199 × 409, 0 × 5xx; one booking, one charge, nothing refunded', async () => {
    const [offer] = await searchOffers(server);
    const paid = await payByCard(server, { offer_id: offer!.offer_id });
    const body = { offer_id: offer!.offer_id, payment_intent_id: paid.id, client_secret: paid.clientSecret, passengers: [traveller()] };
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const res = await server.post('/api/booking/create-offer', body);
        return { status: res.status, body: (await res.json()) as { booking_ref?: string; code?: string; details?: { used_for?: string } } };
      }),
    );
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 409: 199 });
    const booked = answers.find((a) => a.status === 200)!.body.booking_ref!;
    // Every refusal says the payment is spent, and on what, when the winner had already claimed it.
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('CONFLICT');
    expect(answers.filter((a) => a.body.details?.used_for === booked).length).toBeGreaterThan(0);

    const intent = await server.services.providers.cards.retrievePaymentIntent(paid.id, AbortSignal.timeout(5_000));
    expect(intent.status).toBe('succeeded');
    expect(await server.services.payments.get(paid.id)).toMatchObject({ state: 'attached', goods: { kind: 'flight_booking', id: booked }, refundedMinor: 0 });
    expect(await server.services.bookings.get(booked)).toMatchObject({ status: 'confirmed' });
  }, 180_000);
});
