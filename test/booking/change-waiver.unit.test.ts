import { describe, expect, it } from 'vitest';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { FlightBookingProvider, Money, OrderChangeOffer } from '../../tools/_kit/providers.js';
import { changeConfirmTool } from '../../tools/booking/manage/change-confirm.js';
import { paymentIntentTool } from '../../tools/booking/payments/payment-intent.js';
import { testContext, testUser, type TestContext } from '../kit/test-context.js';

// A change whose difference is smaller than the card processor will charge (Stripe:
// 50 minor units, 30 in GBP) cannot be paid by card, so it is waived: the airline is
// paid from our balance, the customer's card is not touched, and the answer says so.
// From the card minimum up, the difference is paid by card as before.

const NOW = '2027-03-01T12:00:00Z';
const BOOKING = 'bk_waiver0000000000000000001';
const OFFER = 'oco_waiver';

interface Scripted {
  ctx: TestContext;
  /** What confirmChange was asked to pay the airline from our balance, per call. */
  airlinePaid: (Money | null)[];
}

async function bookingWithChange(changeTotal: Money): Promise<Scripted> {
  const ctx = testContext({ now: NOW, principal: testUser('usr_alice') });
  const airlinePaid: (Money | null)[] = [];
  const offer: OrderChangeOffer = {
    id: OFFER, changeTotal, newTotal: { amount: 400 + changeTotal.amount, currency: changeTotal.currency }, penalty: null, refundTo: null,
    expiresAt: '2027-03-02T12:00:00Z', slicesAdd: [], slicesRemove: [],
  };
  const flights: FlightBookingProvider = ctx.services.providers.flights;
  Object.assign(flights, {
    getChangeRequest: async (id: string) => ({ id, orderId: 'ord_waiver', createdAt: NOW, offers: [offer] }),
    confirmChange: async (id: string, payment: Money | null) => {
      airlinePaid.push(payment);
      return { id: 'oc_waiver', orderId: 'ord_waiver', changeTotal, newTotal: offer.newTotal, confirmedAt: NOW };
    },
    getOrder: async () => { throw new ProviderError('duffel', 'unavailable', 'not scripted', { status: 503 }); },
  });
  const store = ctx.services.bookings;
  const minor = 40_000;
  // The order's card payment, paid on the card simulator, so a refund has something to go back to.
  const cards = ctx.services.providers.cards;
  const signal = AbortSignal.timeout(5_000);
  const intent = await cards.createPaymentIntent({ amountMinor: minor, currency: changeTotal.currency, idempotencyKey: `order:${changeTotal.amount}` }, signal);
  await cards.confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${changeTotal.amount}` }, signal);
  await store.create(
    {
      id: BOOKING, userId: 'usr_alice', agentUserId: null, channel: 'book', offerId: 'off_waiver', type: 'instant', currency: changeTotal.currency,
      fareMinor: minor, servicesMinor: 0, markupMinor: 0, totalMinor: minor, passengers: [{ slotId: 'pas_1', givenName: 'Ada', familyName: 'Lovelace', type: 'adult' }], contactEmail: 'ada@example.com',
    },
    { paymentIntentId: intent.id, amountMinor: minor, currency: changeTotal.currency },
  );
  await store.update(BOOKING, { status: 'confirmed', providerOrderId: 'ord_waiver' });
  await store.addChangeRequest('ocr_waiver', BOOKING);
  return { ctx, airlinePaid };
}

const confirm = (ctx: TestContext, extra: Record<string, string> = {}) => invokeUnary(changeConfirmTool, ctx, { order_id: BOOKING, change_offer_id: OFFER, ...extra });

describe('a change difference below the card minimum', () => {
  it('is waived: no card payment, the airline is paid in full, the total keeps what the customer paid', async () => {
    const { ctx, airlinePaid } = await bookingWithChange({ amount: 0.3, currency: 'USD' });
    const asked = await invokeUnary(paymentIntentTool, ctx, { order_id: BOOKING, change_offer_id: OFFER }).catch((e: unknown) => e);
    expect(asked).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/below the card minimum/) });

    const changed = await confirm(ctx);
    expect(changed.change).toMatchObject({ change_total: { amount: 0.3, currency: 'USD' }, waived: { amount: 0.3, currency: 'USD' }, refunded: null });
    expect(airlinePaid).toEqual([{ amount: 0.3, currency: 'USD' }]);
    const row = await ctx.services.bookings.get(BOOKING);
    expect(row).toMatchObject({ fareMinor: 40_030, totalMinor: 40_000 });
    expect(await ctx.services.bookings.payments(BOOKING)).toEqual([expect.objectContaining({ purpose: 'order', amountMinor: 40_000, refundedMinor: 0 })]);
    expect(ctx.outbox.events.map((e) => e.type)).toEqual(['booking.confirmed']);
  });

  it('uses the minimum of the currency: 29 pence is waived, 30 pence is charged', async () => {
    const waived = await bookingWithChange({ amount: 0.29, currency: 'GBP' });
    expect((await confirm(waived.ctx)).change.waived).toEqual({ amount: 0.29, currency: 'GBP' });

    const charged = await bookingWithChange({ amount: 0.3, currency: 'GBP' });
    await expect(confirm(charged.ctx)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(charged.airlinePaid).toEqual([]);
    const intent = await invokeUnary(paymentIntentTool, charged.ctx, { order_id: BOOKING, change_offer_id: OFFER });
    expect(intent).toMatchObject({ amount: 0.3, currency: 'GBP' });
  });

  it('is never a refund: a negative difference goes back to the card whatever its size', async () => {
    const { ctx, airlinePaid } = await bookingWithChange({ amount: -0.2, currency: 'USD' });
    const changed = await confirm(ctx);
    expect(changed.change).toMatchObject({ waived: null, refunded: { amount: 0.2, currency: 'USD' } });
    expect(airlinePaid).toEqual([null]);
    expect(await ctx.services.bookings.get(BOOKING)).toMatchObject({ fareMinor: 39_980, totalMinor: 39_980 });
  });
});
