import type { DuffelPaymentIntent, DuffelThreeDSecureSession } from '../../providers/duffel/wire.js';
import { created, ok, type SimCtx, type SimResult } from './duffel-sim-context.js';
import { simId } from './duffel-sim-ids.js';
import { money, readAmount, readData, readServiceList, requireString, type ReadPayment } from './duffel-sim-input.js';
import { INSUFFICIENT_BALANCE, PAYMENT_AMOUNT_MISMATCH, SimFailure, badState, invalid, notFound } from './duffel-sim-order-errors.js';
import { triggerOf } from './duffel-sim-sandbox.js';

// Duffel Payments in the sandbox: payment intents (a card top-up the browser
// pays through client_token), 3-D Secure sessions for card payments, and the one
// check every payment of an order, a hold or a change goes through.
// Card ids starting `tcd_3ds_challenge` get a session that asks the cardholder
// for a challenge (client_action_required); any other card is ready_for_payment.

/** Duffel Payments' card fee in the sandbox: 2.9 % of the amount. */
const FEE_RATE = 0.029;
const SESSION_LIFETIME_MS = 30 * 60_000;
const CHALLENGE_PREFIX = 'tcd_3ds_challenge';

/**
 * Checks the payments for something that costs `dueCents`: amounts add up, the
 * currency matches, balance payments honour the `+insufficient` trigger, and card
 * payments carry a live 3-D Secure session for one of `resourceIds`.
 */
export async function checkPayments(ctx: SimCtx, payments: readonly ReadPayment[], due: { cents: number; currency: string }, resourceIds: readonly string[], email: string | null | undefined, pointer: string): Promise<void> {
  for (const [i, p] of payments.entries()) {
    const at = payments.length > 1 ? `${pointer}/${i}` : pointer;
    if (p.currency !== due.currency) throw invalid('currency', `${at}/currency`, `payments must be in ${due.currency}`);
    if (p.type === 'card') await checkSession(ctx, p.threeDSecureSessionId ?? '', resourceIds, `${at}/three_d_secure_session_id`);
  }
  const paid = payments.reduce((sum, p) => sum + p.cents, 0);
  if (paid !== due.cents) throw new SimFailure(422, { ...PAYMENT_AMOUNT_MISMATCH, message: `${PAYMENT_AMOUNT_MISMATCH.message} Due: ${money(due.cents)} ${due.currency}; given: ${money(paid)}.` });
  if (payments.some((p) => p.type === 'balance') && triggerOf(email) === 'insufficient') throw new SimFailure(422, INSUFFICIENT_BALANCE);
}

async function checkSession(ctx: SimCtx, id: string, resourceIds: readonly string[], pointer: string): Promise<void> {
  const session = await ctx.store.get<DuffelThreeDSecureSession>('tds', id);
  if (!session) throw invalid('three_d_secure_session_id', pointer, `3-D Secure session ${id} does not exist`);
  if (!resourceIds.includes(session.resource_id)) throw invalid('three_d_secure_session_id', pointer, `3-D Secure session ${id} was made for ${session.resource_id}, not this payment`);
  // The challenge happens in the browser, out of the simulator's sight: a challenged session counts as passed.
  if (session.status === 'failed' || Date.parse(session.expires_at) <= ctx.now.getTime()) {
    throw badState('three_d_secure_session_expired', '3-D Secure session not usable', `3-D Secure session ${id} has expired or failed; create a new one`);
  }
}

export async function createPaymentIntent(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const amount = readAmount(data.amount, 'amount', '/amount');
  if (amount <= 0) throw invalid('amount', '/amount', 'amount must be more than zero');
  const currency = requireString(data.currency, 'currency', '/currency');
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', '/currency', 'currency must be an ISO 4217 code such as USD', 'validation_format');
  const seq = await ctx.store.nextSeq('pit');
  const id = simId('pit', ctx.seed, seq);
  const at = ctx.now.toISOString();
  const intent: DuffelPaymentIntent = {
    id,
    status: 'requires_payment_method',
    amount: money(amount),
    currency,
    client_token: `${simId('tok', ctx.seed, id).slice(4)}${simId('tok', ctx.seed, id, 2).slice(4)}`,
    fees_amount: null,
    fees_currency: null,
    net_amount: null,
    net_currency: null,
    card_network: null,
    card_last_four_digits: null,
    card_country_code: null,
    refunds: [],
    live_mode: false,
    confirmed_at: null,
    created_at: at,
    updated_at: at,
  };
  await ctx.store.put('pit', id, intent);
  return created(intent);
}

export async function getPaymentIntent(ctx: SimCtx, id: string): Promise<SimResult> {
  const intent = await ctx.store.get<DuffelPaymentIntent>('pit', id);
  if (!intent) throw notFound('payment intent');
  return ok(intent);
}

/** The sandbox card always goes through: the intent succeeds, less Duffel's fee. */
export function confirmPaymentIntent(ctx: SimCtx, id: string): Promise<SimResult> {
  return ctx.store.withLock(id, async () => {
    const intent = await ctx.store.get<DuffelPaymentIntent>('pit', id);
    if (!intent) throw notFound('payment intent');
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw badState('payment_intent_not_confirmable', 'Payment intent cannot be confirmed', `This payment intent has status ${intent.status}.`);
    }
    const amount = Math.round(Number(intent.amount) * 100);
    const fees = Math.round(amount * FEE_RATE);
    const at = ctx.now.toISOString();
    Object.assign(intent, {
      status: 'succeeded',
      fees_amount: money(fees),
      fees_currency: intent.currency,
      net_amount: money(amount - fees),
      net_currency: intent.currency,
      card_network: 'visa',
      card_last_four_digits: '4242',
      card_country_code: 'GB',
      confirmed_at: at,
      updated_at: at,
    } satisfies Partial<DuffelPaymentIntent>);
    await ctx.store.put('pit', id, intent);
    return ok(intent);
  });
}

export async function createThreeDSecureSession(ctx: SimCtx, body: string | undefined): Promise<SimResult> {
  const data = readData(body);
  const cardId = requireString(data.card_id, 'card_id', '/card_id');
  const resourceId = requireString(data.resource_id, 'resource_id', '/resource_id');
  readServiceList(data.services, 'services');
  if (data.cardholder_present !== undefined && typeof data.cardholder_present !== 'boolean') {
    throw invalid('cardholder_present', '/cardholder_present', 'cardholder_present must be true or false', 'validation_format');
  }
  if (data.exception !== undefined && typeof data.exception !== 'string') throw invalid('exception', '/exception', 'exception must be a string', 'validation_format');
  const seq = await ctx.store.nextSeq('tds');
  const id = simId('tds', ctx.seed, cardId, resourceId, seq);
  const challenge = cardId.startsWith(CHALLENGE_PREFIX);
  const session: DuffelThreeDSecureSession = {
    id,
    resource_id: resourceId,
    card_id: cardId,
    live_mode: false,
    expires_at: new Date(ctx.now.getTime() + SESSION_LIFETIME_MS).toISOString(),
    status: challenge ? 'client_action_required' : 'ready_for_payment',
    client_id: simId('tcl', ctx.seed, id),
  };
  await ctx.store.put('tds', id, session);
  return created(session);
}
