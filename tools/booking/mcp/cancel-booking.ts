import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import type { Money } from '../../_kit/provider-basics.js';
import type { AirlineCredit, OrderCancellation } from '../../_kit/providers.js';
import { loadBooking } from '../booking-access.js';
import { confirmCancellation, quoteCancellation } from '../manage/cancel-flow.js';
import { loadQuote, newToken, saveQuote } from './quote-store.js';
import { confirmWithPerson } from './confirm-step.js';
import type { Confirmation, ToolContext } from '../../_kit/context.js';
import type { BookingRecord } from '../store.js';
import { cancelOther, quoteOtherCancel } from './cancel-stay-or-car.js';
import { bookingKind } from './manage-booking.js';

interface CancelQuote {
  kind: 'cancel';
  bookingId: string;
  cancellation: OrderCancellation;
}

interface OtherQuote {
  kind: 'cancel_other';
  bookingId: string;
  what: 'hotel' | 'car';
  summary: Confirmation;
}

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

const CreditOut = z.object({
  id: z.string(),
  code: z.string().nullable().describe('What the airline redeems it by.'),
  name: z.string().nullable(),
  amount: MoneyOut,
  expiresAt: z.string().nullable().describe('Null when the airline did not disclose it.'),
});

const creditsOut = (credits: AirlineCredit[]) => credits.map((c) => ({ id: c.id, code: c.code, name: c.name, amount: c.amount, expiresAt: c.expiresAt }));

export const cancelBookingTool = defineTool({
  name: 'booking.mcp_cancel',
  title: 'Cancel a flight booking',
  description:
    'Cancels a flight (bk_), hotel (hb_) or car (cb_) booking. Without confirmationToken: states what cancelling refunds, with a token valid 10 minutes; nothing is cancelled. ' +
    'With the token: cancels; refunds go back to the card (all of it under the US 24-hour rule), airline credits given instead are listed (id, code, expiry). A client with elicitation asks the traveller instead and cancels in one call; a no cancels nothing.',
  area: 'Flight booking',
  input: z.strictObject({
    bookingRef: z.string().trim().min(1).max(200).describe('bk_, hb_ or cb_ id of the booking.'),
    confirmationToken: z.string().trim().min(1).max(200).optional().describe('From the first call: confirms the cancellation.'),
  }),
  output: z.object({
    bookingRef: z.string(),
    status: z.string(),
    refund: MoneyOut.nullable().describe('What is refunded in money; null when only known once cancelled.'),
    refundTo: z.string().describe('original_form_of_payment, balance or card: money, passed on to the card; airline_credits or voucher: no money back.'),
    airlineCredits: z.array(CreditOut).describe('Credits the airline issues (quote) or issued (once cancelled) instead of money.'),
    confirmationToken: z.string().nullable().describe('Set on the first call: pass it back to confirm.'),
    expiresAt: z.string().nullable(),
    refundedToCard: MoneyOut.nullable().describe('Set once cancelled.'),
  }),
  errors: ['NOT_FOUND', 'GONE', 'CONFLICT', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: false,
  mcp: { name: 'cancel_booking', annotations: { title: 'Cancel a flight booking', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } },
  handler: async (ctx, input) => {
    const kind = bookingKind(input.bookingRef);
    if (kind !== 'flight') return cancelHotelOrCar(ctx, kind, input.bookingRef, input.confirmationToken);
    const booking = await loadBooking(ctx, input.bookingRef);
    let token = input.confirmationToken;
    let cancellation: OrderCancellation;
    if (token === undefined) {
      cancellation = await quoteCancellation(ctx, booking);
      token = newToken('cq');
      const expiresAt = await saveQuote<CancelQuote>(ctx, token, { kind: 'cancel', bookingId: booking.id, cancellation });
      // A client that can ask the person confirms here, in this one call; any other gets the token.
      if (!ctx.confirm) {
        return {
          bookingRef: booking.id,
          status: booking.status,
          refund: cancellation.refund,
          refundTo: cancellation.refundTo,
          airlineCredits: creditsOut(cancellation.airlineCredits),
          confirmationToken: token,
          expiresAt,
          refundedToCard: null,
        };
      }
    } else {
      const quote = await loadQuote<CancelQuote>(ctx, token, 'cancel');
      if (quote.bookingId !== booking.id) throw new ToolError('CONFLICT', 'This token is for another booking');
      cancellation = quote.cancellation;
    }
    await confirmWithPerson(ctx, { token, summary: cancelSummary(booking, cancellation), nothingDone: 'the booking was not cancelled' });
    const done = await confirmCancellation(ctx, booking, cancellation);
    return {
      bookingRef: booking.id,
      status: done.booking.status,
      refund: done.cancellation.refund,
      refundTo: done.cancellation.refundTo,
      airlineCredits: creditsOut(done.record.airlineCredits),
      confirmationToken: null,
      expiresAt: null,
      refundedToCard: fromMinor(done.refundedMinor, booking.currency),
    };
  },
});

/** The same two steps for a hotel or car booking: the REST cancel tool refunds the card. */
async function cancelHotelOrCar(ctx: ToolContext, what: 'hotel' | 'car', ref: string, given: string | undefined) {
  const answer = (status: string, refund: Money | null, extra: { confirmationToken: string | null; expiresAt: string | null; refundedToCard: Money | null }) => ({
    bookingRef: ref,
    status,
    refund,
    refundTo: 'card',
    airlineCredits: [],
    ...extra,
  });
  let token = given;
  let quote: OtherQuote;
  if (token === undefined) {
    const q = await quoteOtherCancel(ctx, what, ref);
    token = newToken('cq');
    quote = { kind: 'cancel_other', bookingId: q.id, what, summary: q.summary };
    const expiresAt = await saveQuote<OtherQuote>(ctx, token, quote);
    if (!ctx.confirm) return answer(q.status, q.refund, { confirmationToken: token, expiresAt, refundedToCard: null });
  } else {
    quote = await loadQuote<OtherQuote>(ctx, token, 'cancel_other');
    // Loading it again checks the caller may still act on it, whichever of its ids was given.
    if (quote.what !== what || (await quoteOtherCancel(ctx, what, ref)).id !== quote.bookingId) throw new ToolError('CONFLICT', 'This token is for another booking');
  }
  await confirmWithPerson(ctx, { token, summary: quote.summary, nothingDone: 'the booking was not cancelled' });
  const done = await cancelOther(ctx, { id: quote.bookingId, kind: what });
  return answer(done.status, done.refund, { confirmationToken: null, expiresAt: null, refundedToCard: done.refundedToCard });
}

/** What cancelling gives back, as the traveller confirms it. */
function cancelSummary(booking: BookingRecord, c: OrderCancellation): Confirmation {
  const money = c.refundTo === 'airline_credits' || c.refundTo === 'voucher' ? 'no money back' : `${c.refund.currency} ${c.refund.amount} back (${c.refundTo.replaceAll('_', ' ')})`;
  return {
    action: `Cancel flight booking ${booking.id}${booking.bookingReference ? ` (airline reference ${booking.bookingReference})` : ''}`,
    price: `Refund: ${money}`,
    passengers: booking.passengers.map((p) => `${p.givenName} ${p.familyName}`),
    conditions: [
      ...c.airlineCredits.map((cr) => `Airline credit instead of money: ${cr.amount.currency} ${cr.amount.amount}${cr.expiresAt ? `, expires ${cr.expiresAt.slice(0, 10)}` : ''}.`),
      'Cancelling cannot be undone.',
    ],
  };
}
