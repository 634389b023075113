import { z } from 'zod';
import type { Confirmation, ToolContext } from '../../_kit/context.js';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { invokeUnary } from '../../_kit/invoke.js';
import { fromMinor } from '../../_kit/money.js';
import type { FlightSlice } from '../../_kit/providers.js';
import { openCardPayment } from '../../payments/index.js';
import { cabinClass, isoDate, placeCode } from '../../flights/search-input.js';
import { payTool } from '../book/pay.js';
import { loadBooking } from '../booking-access.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { addServicesTool } from '../manage/add-services.js';
import { changeConfirmTool } from '../manage/change-confirm.js';
import { priceOfChange } from '../manage/change-price.js';
import { createChangeRequestTool } from '../orders/create-change-request.js';
import { resolveDue } from '../payments/resolve-due.js';
import type { BookingRecord } from '../store.js';
import { confirmWithPerson, priceText } from './confirm-step.js';
import { loadQuote, newToken, saveQuote } from './quote-store.js';

// change_booking for models: what changes a booked flight, one `action` each.
// Money never moves in one call without the person's yes: pay_hold, add_services
// and confirm_change first state the exact amount (opening the card payment when
// there is one) with a confirmation token, as quote_booking does; the second call
// (or the client's elicitation, when it can ask) confirms, then the REST tool of the
// same job runs with that payment. A "no" spends the token and gives the payment back.

const ACTIONS = ['request_change', 'pay_hold', 'add_services', 'confirm_change'] as const;
type MoneyAction = Exclude<(typeof ACTIONS)[number], 'request_change'>;

const Args = z.object({
  action: z.enum(ACTIONS),
  bookingRef: z.string().trim().min(1).max(200).describe('bk_ id.'),
  removeSliceIds: z.array(z.string().trim().min(1).max(200)).max(4).default([]).describe('Slice ids (sli_) from manage_booking get.'),
  addSlices: z.array(z.object({ origin: placeCode, destination: placeCode, date: isoDate, cabinClass: cabinClass.optional() })).max(4).default([]),
  services: z.array(ServiceRequestInput).max(20).default([]).describe('From manage_booking services.'),
  changeOfferId: z.string().trim().min(1).max(200).optional().describe('From manage_booking change_offers.'),
  confirmationToken: z.string().trim().min(1).max(200).optional().describe('From the first call: confirms it.'),
});
type Args = z.output<typeof Args>;

interface ChangeQuote {
  kind: 'change_booking';
  action: MoneyAction;
  bookingId: string;
  services: { id: string; quantity: number }[];
  changeOfferId: string | null;
  paymentIntentId: string | null;
  summary: Confirmation;
}

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

const missing = (field: string, action: string) => new ToolError('VALIDATION_FAILED', `${action} needs ${field}`, { issues: [{ loc: [field], msg: `${action} needs ${field}`, type: 'missing' }] });

const route = (s: FlightSlice) => `${s.origin}→${s.destination} ${s.segments[0]?.departingAt.replace('T', ' ').slice(0, 16) ?? ''}`.trim();

/** What this action costs now, the card payment purpose it needs, and the lines the person confirms. */
async function priceAction(ctx: ToolContext, booking: BookingRecord, a: Args, action: MoneyAction) {
  const passengers = booking.passengers.map((p) => `${p.givenName} ${p.familyName}`);
  if (action === 'confirm_change') {
    if (!a.changeOfferId) throw missing('changeOfferId', action);
    const change = await priceOfChange(ctx, booking, a.changeOfferId);
    const o = change.offer;
    const money =
      change.dueMinor > 0 ? `${priceText(change.dueMinor, change.currency)} to pay`
      : change.dueMinor < 0 ? `${priceText(-change.dueMinor, change.currency)} back to your card`
      : change.waivedMinor > 0 ? `nothing to pay (the airline's ${priceText(change.waivedMinor, change.currency)} difference is too small to charge a card, so it is waived)`
      : 'nothing to pay';
    return {
      dueMinor: change.dueMinor,
      currency: change.currency,
      due: { purpose: 'change' as const, subject: a.changeOfferId, metadata: { booking_id: booking.id, change_offer_id: a.changeOfferId } },
      summary: {
        action: `Change booking ${booking.id}: ${o.slicesRemove.map(route).join(', ') || 'no flights'} replaced by ${o.slicesAdd.map(route).join(', ') || 'no flights'}`,
        price: money,
        passengers,
        conditions: [...(o.penalty ? [`Includes the airline's change fee of ${o.penalty.currency} ${o.penalty.amount}.`] : []), `The airline reissues the tickets; this cannot be undone.`],
      },
    };
  }
  if (action === 'add_services' && a.services.length === 0) throw missing('services', action);
  const due = await resolveDue(ctx, { order_id: booking.id, services: action === 'add_services' ? a.services : [] });
  const what = action === 'pay_hold' ? `Pay held flight booking ${booking.id} and ticket it` : `Buy extras for booking ${booking.id}: ${a.services.map((s) => `${s.quantity} × ${s.id}`).join(', ')}`;
  return {
    dueMinor: due.minor,
    currency: due.currency,
    due,
    summary: { action: what, price: `${priceText(due.minor, due.currency)} charged to the card you paid with`, passengers, conditions: ["The fare's refund and change terms apply."] },
  };
}

/** Runs the REST tool of the action with the quote's payment. */
async function perform(ctx: ToolContext, q: ChangeQuote): Promise<unknown> {
  const payment = q.paymentIntentId ? { payment_intent_id: q.paymentIntentId } : {};
  if (q.action === 'pay_hold') return invokeUnary(payTool, ctx, { order_id: q.bookingId, ...payment });
  if (q.action === 'add_services') return invokeUnary(addServicesTool, ctx, { order_id: q.bookingId, services: q.services, ...payment });
  return invokeUnary(changeConfirmTool, ctx, { order_id: q.bookingId, change_offer_id: q.changeOfferId, ...payment });
}

const NOTHING_DONE: Record<MoneyAction, string> = { pay_hold: 'the hold was not paid', add_services: 'no extras were bought', confirm_change: 'the booking was not changed' };

export const changeBookingTool = defineTool({
  name: 'booking.mcp_change',
  title: 'Change a flight booking',
  description:
    'Changes a booked flight. request_change (removeSliceIds, addSlices) asks the airline for change offers (list them with manage_booking change_offers). ' +
    'pay_hold, add_services and confirm_change move money in two steps: the first call states the exact price with a confirmationToken (and ' +
    'payment.clientSecret when the card must pay) and changes nothing; the second, with the token, does it. A client with elicitation asks the traveller; a ' +
    'no changes nothing and refunds.',
  area: 'Flight booking',
  input: Args,
  output: z.object({
    action: z.enum(ACTIONS),
    confirmationToken: z.string().nullable().describe('First step: pass it back to confirm.'),
    expiresAt: z.string().nullable(),
    price: MoneyOut.nullable().describe('To pay (negative: back to the card).'),
    payment: z.object({ paymentIntentId: z.string(), clientSecret: z.string().nullable(), processorMode: z.enum(['live', 'simulator']) }).nullable(),
    changeRequest: z.unknown().optional().describe('request_change: id, offers so far, complete.'),
    booking: z.unknown().optional().describe('Once done: the booking as it now stands.'),
  }),
  errors: ['NOT_FOUND', 'GONE', 'PAYMENT_REQUIRED', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'change_booking', annotations: { title: 'Change a flight booking', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } },
  handler: async (ctx, a) => {
    const empty = { confirmationToken: null, expiresAt: null, price: null, payment: null };
    const booking = await loadBooking(ctx, a.bookingRef);
    if (a.action === 'request_change') {
      if (a.removeSliceIds.length + a.addSlices.length === 0) throw missing('removeSliceIds or addSlices', a.action);
      const slices = {
        remove: a.removeSliceIds.map((slice_id) => ({ slice_id })),
        add: a.addSlices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.date, ...(s.cabinClass ? { cabin_class: s.cabinClass } : {}) })),
      };
      return { action: a.action, ...empty, changeRequest: await invokeUnary(createChangeRequestTool, ctx, { order_id: booking.id, slices }) };
    }
    const action = a.action;
    const doneKey = (token: string) => `mcp-quote-done:${token}`;
    let token = a.confirmationToken;
    let quote: ChangeQuote;
    if (token === undefined) {
      const priced = await priceAction(ctx, booking, a, action);
      token = newToken('cb');
      let payment: { paymentIntentId: string; clientSecret: string | null; processorMode: 'live' | 'simulator' } | null = null;
      if (priced.dueMinor > 0) {
        const intent = await openCardPayment(ctx, { ...priced.due, amountMinor: priced.dueMinor, currency: priced.currency, idempotencyKey: `quote:${token}` });
        payment = { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorMode: ctx.services.providers.cards.mode };
      }
      quote = { kind: 'change_booking', action, bookingId: booking.id, services: a.services, changeOfferId: a.changeOfferId ?? null, paymentIntentId: payment?.paymentIntentId ?? null, summary: priced.summary };
      const expiresAt = await saveQuote(ctx, token, quote);
      // The traveller pays the card first, or (nothing to pay) a client that can ask confirms in this call.
      if (payment || !ctx.confirm) return { action, confirmationToken: token, expiresAt, price: fromMinor(priced.dueMinor, priced.currency), payment };
    } else {
      const prior = await ctx.services.cache.get<unknown>(doneKey(token));
      if (prior) return { action, ...empty, booking: prior };
      quote = await loadQuote<ChangeQuote>(ctx, token, 'change_booking');
      if (quote.bookingId !== booking.id || quote.action !== action) throw new ToolError('CONFLICT', `This token is for ${quote.action} on booking ${quote.bookingId}`);
    }
    await confirmWithPerson(ctx, { token, summary: quote.summary, paymentIntentId: quote.paymentIntentId, nothingDone: NOTHING_DONE[action] });
    const done = await perform(ctx, quote);
    await ctx.services.cache.set(doneKey(token), done, 900);
    return { action, ...empty, booking: done };
  },
});
