import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.js';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { createStripeSimulator } from '../../adapters/sandbox/simulators/stripe-sim.js';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';

// Plan changes with Stripe configured (the Stripe fake behind the real stripe-node adapter):
// a paid plan opens a Checkout Session in payment mode and moves only once the session is
// paid, by the return check or by the signed checkout.session.completed webhook; the free
// plan and an unconfigured server change at once.

const WEBHOOK_SECRET = 'whsec_plan_checkout_test';
let fake: StripeFake;
let server: TestServer;

beforeAll(async () => {
  fake = await startStripeFake();
  server = await startTestServer({
    env: { STRIPE_SECRET_KEY: 'sk_test_plan_checkout', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: `http://${fake.host}:${fake.port}` },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface Answer { state: string; tier: string; checkout_url: string | null; session_id: string | null; changed_at: string | null }
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;

function deliver(type: string, object: Record<string, unknown>): Promise<Response> {
  const body = JSON.stringify({ id: unique('evt'), object: 'event', api_version: '2026-10-28.endive', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
}

describe('plan checkout with Stripe configured', () => {
  it('opens a Checkout Session for the plan price; the return check moves the plan only once it is paid', async () => {
    const user = unique('plan-return');
    const headers = await bearer(server, user, 'free');
    const opened = await json<Answer>(await server.post('/api/account/plan/checkout', { tier: 'pro' }, { headers }));
    expect(opened).toMatchObject({ state: 'checkout', tier: 'pro', checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//), session_id: expect.stringMatching(/^cs_/) });
    // Stripe's wire format: payment mode, one line item priced inline, our return URLs and who it is for.
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === user)!;
    expect(sent.form).toMatchObject({
      mode: 'payment', client_reference_id: user,
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '4900', product_data: { name: expect.stringContaining('Pro') } } } },
      success_url: `${server.url}/dashboard?checkout_session={CHECKOUT_SESSION_ID}`,
      metadata: { purpose: 'plan', user_id: user, tier: 'pro' },
    });
    expect(sent.idempotencyKey).toBeTruthy();
    expect(await server.services.identity.userTier(user)).toBe('free');

    // Not paid yet: nothing moves.
    const early = await json<Answer>(await server.post(`/api/account/plan/checkout/${opened.session_id}`, {}, { headers }));
    expect(early.state).toBe('open');
    expect(await server.services.identity.userTier(user)).toBe('free');
    // Someone else cannot finish (or even see) this checkout.
    const other = await bearer(server, unique('plan-other'), 'free');
    expect((await server.post(`/api/account/plan/checkout/${opened.session_id}`, {}, { headers: other })).status).toBe(404);

    fake.completeCheckoutSession(opened.session_id!);
    const done = await json<Answer>(await server.post(`/api/account/plan/checkout/${opened.session_id}`, {}, { headers }));
    expect(done).toMatchObject({ state: 'changed', tier: 'pro' });
    expect(await server.services.identity.userTier(user)).toBe('pro');
    const rows = await prismaOf(server).planChange.findMany({ where: { userId: user } });
    expect(rows).toEqual([expect.objectContaining({ fromTier: 'free', toTier: 'pro', changedBy: `stripe:${opened.session_id}` })]);
    // Checking again changes nothing more.
    await json<Answer>(await server.post(`/api/account/plan/checkout/${opened.session_id}`, {}, { headers }));
    expect(await prismaOf(server).planChange.count({ where: { userId: user } })).toBe(1);
  });

  it('the verified checkout.session.completed webhook moves the plan, reading the session back from Stripe', async () => {
    const user = unique('plan-hook');
    const headers = await bearer(server, user, 'free');
    const opened = await json<Answer>(await server.post('/api/account/plan/checkout', { tier: 'business' }, { headers }));
    // An event for a session still open (a forged or early copy) changes nothing: Stripe's own record decides.
    expect((await deliver('checkout.session.completed', { id: opened.session_id, object: 'checkout.session', status: 'complete', payment_status: 'paid' })).status).toBe(200);
    expect(await server.services.identity.userTier(user)).toBe('free');
    const paid = fake.completeCheckoutSession(opened.session_id!)!;
    expect((await deliver('checkout.session.completed', paid)).status).toBe(200);
    expect(await server.services.identity.userTier(user)).toBe('business');
  });

  it('the free plan changes at once, and a bad tier is a 422', async () => {
    const user = unique('plan-free');
    const headers = await bearer(server, user, 'pro');
    await server.services.identity.changePlan(user, 'pro', 'test');
    const down = await json<Answer>(await server.post('/api/account/plan/checkout', { tier: 'free' }, { headers }));
    expect(down).toMatchObject({ state: 'changed', tier: 'free', checkout_url: null });
    expect(await server.services.identity.userTier(user)).toBe('free');
    expect((await server.post('/api/account/plan/checkout', { tier: 'gold' }, { headers })).status).toBe(422);
    expect((await server.post('/api/account/plan/checkout/not-a-session', {}, { headers })).status).toBe(422);
  });
});

describe('the Stripe simulator keeps Checkout Sessions', () => {
  it('opens a session once per idempotency key, unpaid, and reads it back', async () => {
    const sim = createStripeSimulator({ cache: new MemoryCache(), seed: 'plan-seed', webhookSecret: 'whsec_sim_plan' });
    const opts = { amountMinor: 4_900, currency: 'USD', productName: 'Pro', successUrl: 'http://x/ok', cancelUrl: 'http://x/no', clientReferenceId: 'u1', metadata: { purpose: 'plan', user_id: 'u1', tier: 'pro' }, idempotencyKey: 'k1' };
    const a = await sim.createCheckoutSession(opts, AbortSignal.timeout(5_000));
    const b = await sim.createCheckoutSession(opts, AbortSignal.timeout(5_000));
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ status: 'open', paymentStatus: 'unpaid', amountMinor: 4_900, currency: 'USD', clientReferenceId: 'u1' });
    expect(await sim.retrieveCheckoutSession(a.id, AbortSignal.timeout(5_000))).toEqual(a);
    await expect(sim.retrieveCheckoutSession('cs_test_missing', AbortSignal.timeout(5_000))).rejects.toMatchObject({ kind: 'not_found' });
  });
});
