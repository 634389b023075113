import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { crossRate } from '../_kit/fx-rates.js';
import { toMinor } from '../_kit/money.js';
import { PaymentRef, RecordPaymentRequest } from './correction-schemas.js';
import { ExpenseSummaryView, expenseSummary } from './expense-views.js';
import { expenseInvalid, newExpenseId, toTripMinor } from './record-expense.js';
import { isSettlement, SETTLEMENT_CATEGORY, SETTLEMENT_METHOD } from './settlement-kind.js';
import { loadTrip, WRITERS, type TripAccess } from './trip-access.js';
import { MAX_MINOR } from './trip-schemas.js';

// Settle-up payments: "Bob paid Alice back 40 EUR" is recorded as a transfer that
// moves both balances toward zero, never as spending. The two people involved may
// record it themselves, as may owners and editors.

function mayRecord(access: TripAccess, from: string, to: string): void {
  if (WRITERS.includes(access.me.role) || access.me.id === from || access.me.id === to) return;
  throw new ToolError('FORBIDDEN', 'A trip viewer can only record payments they made or received', {
    details: { your_role: access.me.role }, hint: 'Ask the payer, the payee, an owner or an editor to record it.',
  });
}

export const recordPaymentTool = defineTool({
  name: 'trips.record_payment',
  title: 'Record a settle-up payment',
  description:
    'Records that one member paid another back (from, to, amount, optional currency converted at the reference rate): both balances move toward zero, ' +
    'and the settle-up list shrinks. It is not an expense, so totals and budgets leave it out. Answers the expense summary with the payment in `payments`. ' +
    'Owners, editors, or the two members involved.',
  area: 'Trips',
  input: RecordPaymentRequest,
  output: ExpenseSummaryView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/settlements' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    mayRecord(access, input.from, input.to);
    const { trip } = access;
    return ctx.services.trips.locked(trip.id, async (records) => {
      const current = new Set((await records.members(trip.id)).map((m) => m.id));
      for (const field of ['from', 'to'] as const) {
        if (!current.has(input[field])) throw expenseInvalid([field], `${input[field]} is not a member of this trip`);
      }
      const currency = input.currency ?? trip.currency;
      const amountMinor = toMinor({ amount: input.amount, currency });
      const rate = currency === trip.currency ? 1 : crossRate(currency, trip.currency);
      const tripAmountMinor = toTripMinor(amountMinor, currency, trip.currency, rate);
      if (amountMinor <= 0 || tripAmountMinor <= 0) throw expenseInvalid(['amount'], `The amount is less than one minor unit of ${trip.currency}`);
      if (amountMinor > MAX_MINOR || tripAmountMinor > MAX_MINOR) throw expenseInvalid(['amount'], 'The amount is too large');
      await records.addExpense({
        id: newExpenseId(), tripId: trip.id, createdBy: access.me.id, paidByMemberId: input.from, description: input.note ?? 'Settle-up payment',
        category: SETTLEMENT_CATEGORY, amountMinor, currency, fxRate: rate, tripAmountMinor, splitMethod: SETTLEMENT_METHOD,
        shares: [{ memberId: input.to, minor: tripAmountMinor }], requested: { method: SETTLEMENT_METHOD, to: input.to }, spentOn: input.paid_on ?? null,
      });
      return expenseSummary(trip, await records.everyone(trip.id), await records.expenses(trip.id));
    });
  },
});

export const deletePaymentTool = defineTool({
  name: 'trips.delete_payment',
  title: 'Undo a settle-up payment',
  description: 'Deletes a recorded settle-up payment (a mistaken entry) and answers the expense summary without it. Owners, editors, or the member who recorded it.',
  area: 'Trips',
  input: PaymentRef,
  output: ExpenseSummaryView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/trips/{trip_id}/settlements/{settlement_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const { trip } = access;
    return ctx.services.trips.locked(trip.id, async (records) => {
      const payment = (await records.expenses(trip.id)).find((e) => e.id === input.settlement_id && isSettlement(e));
      if (!payment) throw new ToolError('NOT_FOUND', 'Payment not found', { hint: 'GET /api/trips/{trip_id}/expenses/summary lists payments with their ids.' });
      if (!WRITERS.includes(access.me.role) && payment.createdBy !== access.me.id) {
        throw new ToolError('FORBIDDEN', 'A trip viewer can only undo payments they recorded', { details: { your_role: access.me.role } });
      }
      await records.deleteExpense(trip.id, payment.id);
      return expenseSummary(trip, await records.everyone(trip.id), await records.expenses(trip.id));
    });
  },
});
