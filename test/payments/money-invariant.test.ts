import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../tools/payments/reconcile.js';
import { unrefundedMinor } from '../cars/car-helpers.js';
import { prismaOf } from '../helpers/api.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { checkoutFlows, FAULTS, type CheckoutFlow, type Fault, type Outcome } from './checkout-flows.js';

// The money invariant, by fault injection: every checkout flow that spends a card
// payment, failed at each point in turn. After the goods trackers and the payments
// reconciler have run, every captured payment is either attached to goods that
// exist or refunded in full, to the cent, with at most one refund each; a failure
// found before the goods were ordered never charges the card at all (its
// authorization is released); no authorization is left hanging; a second
// reconciler run changes nothing. The table of flows × failure points is printed.

/** Failures found before the goods are ordered: the card must never be charged for them. */
const PRE_CAPTURE: ReadonlySet<Fault> = new Set(['price_change', 'expired', 'abandoned', 'capture_refused', 'capture_unknown']);

let server: TestServer;
let mcp: Client;
let alice: Record<string, string>;
const realClock = () => new Date();
let clockOffsetMs = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { PENDING_ORDER_POLL_MS: '200', BOOKING_SETTLE_INTERVAL_MS: '200', PAYMENT_RECONCILE_INTERVAL_MS: '0' } });
  server.services.clock = () => new Date(Date.now() + clockOffsetMs);
  const key = await server.services.identity.createKey({ userId: 'money-alice', tier: 'pro' });
  alice = { authorization: `Bearer ${key.secret}` };
  mcp = await connectMcp(server.url, key.secret, 'vitest-money');
}, 120_000);
afterAll(async () => {
  await mcp.close();
  server.services.clock = realClock;
  await server.close();
});

interface Settled {
  /** The processor's status for the intent at the end. */
  status: string;
  capturedMinor: number;
  refundedMinor: number;
  attachedMinor: number;
  refunds: number;
  goods: string;
}

/** What the processor says was captured and refunded, and what goods our records say exist. */
async function settle(paymentId: string): Promise<Settled> {
  const cards = server.services.providers.cards;
  const intent = await cards.retrievePaymentIntent(paymentId, AbortSignal.timeout(5_000));
  const capturedMinor = intent.status === 'succeeded' ? intent.amountMinor : 0;
  const refundedMinor = capturedMinor === 0 ? 0 : capturedMinor - (await unrefundedMinor(server, paymentId, capturedMinor));
  const payment = await server.services.payments.get(paymentId);
  const refunds = await prismaOf(server).paymentRefund.count({ where: { paymentId } });
  let goods = 'none';
  if (payment?.goods) {
    const s = server.services;
    const g = payment.goods;
    const record = g.kind === 'flight_booking' ? await s.bookings.get(g.id) : g.kind === 'car_booking' ? await s.carBookings.get(g.id) : await s.stayBookings.byQuote(g.id);
    goods = record?.status ?? 'missing';
  }
  const made = goods === 'confirmed' && payment?.state === 'attached';
  return { status: intent.status, capturedMinor, refundedMinor, attachedMinor: made ? capturedMinor - refundedMinor : 0, refunds, goods };
}

describe('money invariant: captured = attached + refunded, across every checkout flow and failure point', () => {
  const results = new Map<string, { outcome: Outcome; settled?: Settled }>();
  let flows: CheckoutFlow[] = [];
  const cell = (flow: string, fault: Fault) => `${flow} × ${fault}`;

  it('runs every flow with every fault it can meet', async () => {
    flows = checkoutFlows({
      server,
      alice,
      mcp,
      advanceClock: (ms) => {
        clockOffsetMs += ms;
        return () => {
          clockOffsetMs -= ms;
        };
      },
    });
    for (const flow of flows) {
      for (const fault of flow.faults) results.set(cell(flow.name, fault), { outcome: await flow.run(fault) });
    }
    expect(results.size).toBeGreaterThan(40);
  }, 600_000);

  it('after the trackers and the reconciler, every captured payment is attached or refunded in full, once', async () => {
    // Time passes: past the goods trackers' give-up (flight orders pending, car and stay bookings left creating) and the reconciler's grace periods.
    clockOffsetMs += 30 * 60_000;
    const ctx = { principal: { kind: 'internal' as const }, requestId: 'test-reconcile', log: server.logger, signal: AbortSignal.timeout(120_000), services: server.services };
    const s = server.services;
    const unsettled = async () => (await s.bookings.pending(s.clock(), 10)).length + (await s.carBookings.unsettled(s.clock(), 10)).length + (await s.stayBookings.unsettled(s.clock(), 10)).length;
    for (let i = 0; i < 50 && (await unsettled()) > 0; i++) await new Promise((r) => setTimeout(r, 200));
    const first = await reconcilePayments(ctx, 500);
    const second = await reconcilePayments(ctx, 500);
    expect(second).toEqual({ refunded: 0, attached: 0, refundedMinor: 0, released: 0 });

    const table: string[] = [];
    const header = ['flow', ...FAULTS].join(' | ');
    table.push(header, header.replace(/[^|]/g, '-'));
    const problems: string[] = [];
    for (const flow of flows) {
      const row = [flow.name];
      for (const fault of FAULTS) {
        const r = results.get(cell(flow.name, fault));
        if (!r) {
          row.push('n/a');
          continue;
        }
        const s = await settle(r.outcome.paymentId);
        r.settled = s;
        const balanced = s.capturedMinor === s.attachedMinor + s.refundedMinor;
        const released = s.capturedMinor === 0 && s.status === 'canceled';
        const expected =
          fault === 'none' || fault === 'capture_lost' ? s.capturedMinor > 0 && s.attachedMinor === s.capturedMinor && s.refunds === 0
          : PRE_CAPTURE.has(fault) ? released && s.refunds === 0
          : released || s.refundedMinor === s.capturedMinor;
        if (s.status === 'requires_capture') problems.push(`${cell(flow.name, fault)}: authorization left hanging`);
        if (!balanced || !expected || s.refunds > 1) problems.push(`${cell(flow.name, fault)}: ${JSON.stringify({ answer: r.outcome.answer, ...s })}`);
        const what = s.attachedMinor > 0 ? `attached ${s.attachedMinor / 100}` : released ? 'not charged (released)' : `refunded ${s.refundedMinor / 100}`;
        row.push(`${r.outcome.answer} → ${what}${s.refunds > 1 ? ` (${s.refunds} refunds!)` : ''}`);
      }
      table.push(row.join(' | '));
    }
    console.log(`\nCheckout flows × failure points (answer → where the money ended), reconciler first run ${JSON.stringify(first)}\n${table.join('\n')}\n`);
    expect(problems).toEqual([]);
  }, 300_000);
});
