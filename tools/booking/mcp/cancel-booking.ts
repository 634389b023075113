import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError } from '../../_kit/errors.js';
import { fromMinor } from '../../_kit/money.js';
import type { AirlineCredit, OrderCancellation } from '../../_kit/providers.js';
import { loadBooking } from '../booking-access.js';
import { confirmCancellation, quoteCancellation } from '../manage/cancel-flow.js';
import { loadQuote, newToken, saveQuote } from './quote-store.js';
import { confirmWithPerson } from './confirm-step.js';
import type { Confirmation } from '../../_kit/context.js';
import type { BookingRecord } from '../store.js';

interface CancelQuote {
  kind: 'cancel';
  bookingId: string;
  cancellation: OrderCancellation;
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
    'Without confirmationToken: asks the airline what cancelling refunds and returns that with a token valid for 10 minutes (nothing is cancelled); a client that supports elicitation instead asks the traveller to confirm and cancels in this call. With the token: cancels; money the airline refunds goes back to the card (all paid under the US 24-hour rule), and airline credits it issues instead are listed with their id, code and expiry (and kept on the booking). Only the booking owner can cancel.',
  area: 'Flight booking',
  input: z.strictObject({
    bookingRef: z.string().trim().min(1).max(200).describe('booking_ref (bk_...) of the booking.'),
    confirmationToken: z.string().trim().min(1).max(200).optional().describe('From the first call: confirms the cancellation.'),
  }),
  output: z.object({
    bookingRef: z.string(),
    status: z.string(),
    refund: MoneyOut.describe('What the airline refunds in money.'),
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
