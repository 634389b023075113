import type { ToolContext } from '../_kit/context.js';
import { ToolError, isToolError } from '../_kit/errors.js';
import { fromMinor, minorToDecimal } from '../_kit/money.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import type { PaymentIntent } from '../_kit/providers.js';
import { mayPay } from './payer.js';
import type { GoodsRef, PaymentPurpose, PaymentRecord } from './payment-store.js';
import { captureClaimed } from './capture.js';
import { giveBackNote } from './give-back-note.js';
import { giveBackWhole, refundWhole, type GiveBack } from './refund.js';

// Spending a card payment, in the order that keeps money safe:
//  1. spendablePayment: the caller is its payer and it was opened for this
//     purpose and subject (404 / 409, nothing happens);
//  2. refundOnFailure(work): every check that can still fail (the offer, the
//     price, the amount) runs inside it, and any failure gives the payment back
//     (the card's authorization released; money captured elsewhere refunded),
//     since it now pays for nothing;
//  3. claimPayment: the payment is spent on goods (compare-and-set, so it can
//     never be spent twice or spent after its refund started), and only then is
//     the card charged (captured).
// After the claim, the goods flow refunds on its own failure; the reconciler
// refunds whatever a crash left behind.

export interface Redemption {
  paymentIntentId: string;
  purpose: PaymentPurpose;
  /** What it must have been opened for (offer, booking, quote, rate); omitted when the purpose says enough. */
  subject?: string;
  /** A guest's proof of being the payer. */
  clientSecret?: string | undefined;
}

const noLongerSpendable = (id: string) =>
  new ToolError('CONFLICT', 'This payment was refunded or cancelled and can no longer be spent', {
    details: { payment_intent_id: id },
    hint: 'Open a new payment for this purchase.',
  });

const notYours = (id: string) =>
  new ToolError('NOT_FOUND', `No payment intent ${id}`, {
    details: { payment_intent_id: id },
    hint: 'Use a payment you opened yourself; a guest also sends its client_secret.',
  });

/** The payment if this caller is its payer; 404 otherwise, the same as for an id that does not exist. */
export async function ownPayment(ctx: ToolContext, paymentIntentId: string, clientSecret: string | undefined): Promise<PaymentRecord> {
  const payment = await ctx.services.payments.get(paymentIntentId);
  if (!payment || !mayPay(ctx.principal, payment, clientSecret)) throw notYours(paymentIntentId);
  return payment;
}

export async function spendablePayment(ctx: ToolContext, r: Redemption): Promise<PaymentRecord> {
  const payment = await ownPayment(ctx, r.paymentIntentId, r.clientSecret);
  const otherPurpose = payment.purpose !== r.purpose && payment.purpose !== 'custom';
  const otherSubject = r.subject !== undefined && payment.subject !== null && payment.subject !== r.subject;
  if (otherPurpose || otherSubject) {
    throw new ToolError('CONFLICT', `Payment ${payment.id} was opened for something else`, {
      details: { payment_intent_id: payment.id, paid_for: payment.purpose, needed_for: r.purpose },
      hint: 'Open a payment for this purchase and pay that one.',
    });
  }
  if (payment.state === 'refunding' || payment.state === 'refunded' || payment.state === 'void') throw noLongerSpendable(payment.id);
  return payment;
}

async function retrieve(ctx: ToolContext, id: string): Promise<PaymentIntent> {
  try {
    return await ctx.services.providers.cards.retrievePaymentIntent(id, ctx.signal);
  } catch (err) {
    if (isProviderError(err) && (err.kind === 'not_found' || err.status === 404)) throw notYours(id);
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}

/** What a paid payment looks like at the processor: authorized and waiting for capture, or captured already. */
const PAID: ReadonlySet<PaymentIntent['status']> = new Set(['requires_capture', 'succeeded']);

/**
 * The processor's word that the card was authorized (or charged) for exactly `due`.
 * Run it inside refundOnFailure.
 */
export async function capturedFor(ctx: ToolContext, payment: PaymentRecord, due: { minor: number; currency: string }): Promise<PaymentIntent> {
  const intent = await retrieve(ctx, payment.id);
  if (!PAID.has(intent.status)) {
    throw new ToolError('PAYMENT_REQUIRED', `Payment ${payment.id} has not succeeded (status ${intent.status})`, {
      details: { payment_intent_id: payment.id, status: intent.status },
      hint: 'Complete the card payment first, then call again.',
    });
  }
  if (intent.currency !== due.currency.toUpperCase() || intent.amountMinor !== due.minor) {
    throw new ToolError('CONFLICT', 'The payment does not match the amount due', {
      details: {
        payment_intent_id: payment.id,
        paid: fromMinor(intent.amountMinor, intent.currency),
        due: { amount: Number(minorToDecimal(due.minor, due.currency)), currency: due.currency.toUpperCase() },
      },
      hint: 'The price changed: open a payment for the current price.',
    });
  }
  return intent;
}

/**
 * The error a failure becomes once its payment was given back. A field-level 422
 * (travellers that do not fit the offer) would lose the note in FastAPI's bare
 * `detail` list, so it is told as a 422 with a message, the fields in `details`.
 */
function withGiveBackNote(err: ToolError, back: GiveBack, currency: string): ToolError {
  const fieldLevel = err.code === 'VALIDATION_FAILED' && err.issues !== undefined;
  const message = fieldLevel ? `${err.issues!.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')}` : err.message;
  const note = giveBackNote(back, currency);
  return new ToolError(fieldLevel ? 'UNPROCESSABLE' : err.code, `${message}. ${note.text}`, {
    details: { ...err.details, ...(fieldLevel ? { issues: err.issues } : {}), ...note.details },
    hint: `${err.hint} Open a new payment to try again.`,
    ...(err.issues && !fieldLevel ? { issues: err.issues } : {}),
    cause: err,
  });
}

/**
 * Runs the checks between proving a payment and claiming it. If any fails while
 * the payment is still unspent, it is given back before the error goes back (an
 * authorization released, so the card is never charged; a payment captured
 * outside our flow refunded in full), and the error says which.
 */
export async function refundOnFailure<T>(ctx: ToolContext, payment: PaymentRecord, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const back = await giveBackWhole(ctx, payment.id, ['open'], 'not_booked');
    if (back.refundedMinor + back.releasedMinor > 0 && isToolError(err)) throw withGiveBackNote(err, back, payment.currency);
    throw err;
  }
}

/**
 * Spends the payment on goods and charges the card (captures its authorization).
 * Already spent, or being refunded: CONFLICT naming what happened.
 */
export async function claimPayment(ctx: ToolContext, payment: PaymentRecord, goods: GoodsRef): Promise<void> {
  const claim = await ctx.services.payments.claim(payment.id, goods);
  if (claim.ok) return captureClaimed(ctx, payment, goods);
  const current = claim.current;
  if (current?.state === 'refunding' || current?.state === 'refunded' || current?.state === 'void') throw noLongerSpendable(payment.id);
  throw new ToolError('CONFLICT', 'This payment has already been used', {
    details: { payment_intent_id: payment.id, ...(current?.goods ? { used_for: current.goods.id } : {}) },
    hint: 'Look up what it paid for; a new purchase needs a new payment.',
  });
}

/** The goods were made: the payment stays with them. */
export async function attachPayment(ctx: ToolContext, paymentId: string): Promise<void> {
  await ctx.services.payments.attach(paymentId);
}

/**
 * The goods surely failed after the claim: the whole payment goes back. Returns
 * what was refunded (0 when it could not be: the reconciler tries again).
 */
export function refundFailedGoods(ctx: ToolContext, paymentId: string): Promise<number> {
  return refundWhole(ctx, paymentId, ['claimed', 'open'], 'failed');
}

