import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { ExpenseRef, UpdateExpenseRequest } from './correction-schemas.js';
import { ExpenseSummaryView, ExpenseView, expenseSummary, expenseView } from './expense-views.js';
import { priceExpense, type ExpenseFields } from './record-expense.js';
import { isSettlement } from './settlement-kind.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import type { SplitRequest } from './trip-schemas.js';
import type { ExpenseRecord, TripRecords } from './trip-store.js';
import { major } from './trip-views.js';

// Correcting an expense: PATCH re-prices the merged expense exactly as adding it
// would (conversion, split, checks), DELETE removes it; balances and settle-up are
// derived from the expenses, so both are recomputed by construction. Settle-up
// payments have their own routes.

const notFound = () => new ToolError('NOT_FOUND', 'Expense not found', { hint: 'List them with GET /api/trips/{trip_id}/expenses/summary; payments are under .../settlements.' });

async function findExpense(records: TripRecords, tripId: string, expenseId: string): Promise<ExpenseRecord> {
  const found = (await records.expenses(tripId)).find((e) => e.id === expenseId && !isSettlement(e));
  if (!found) throw notFound();
  return found;
}

/** The expense as it was asked for, in the fields of an add request. */
function asFields(e: ExpenseRecord): ExpenseFields {
  const r = e.requested as Partial<SplitRequest>;
  const split: SplitRequest = { method: r.method ?? 'equal', among: r.among, amounts: r.amounts, shares: r.shares, percents: r.percents };
  return {
    paid_by: e.paidByMemberId, description: e.description, amount: major(e.amountMinor, e.currency), currency: e.currency,
    category: e.category as ExpenseFields['category'], split, spent_on: e.spentOn ?? undefined,
  };
}

export const updateExpenseTool = defineTool({
  name: 'trips.update_expense',
  title: 'Correct a trip expense',
  description:
    'Changes the fields sent and keeps the rest; the expense is then converted and split again exactly as when it was added, and balances follow. ' +
    'A split sent replaces the whole split; with an exact split, a new amount needs new split amounts (422 otherwise). ' +
    'spent_on null clears the date. Owners and editors only.',
  area: 'Trips',
  input: UpdateExpenseRequest,
  output: ExpenseView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PATCH', path: '/api/trips/{trip_id}/expenses/{expense_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'change expenses');
    const { trip } = access;
    return ctx.services.trips.locked(trip.id, async (records) => {
      const stored = await findExpense(records, trip.id, input.expense_id);
      const before = asFields(stored);
      const merged: ExpenseFields = {
        paid_by: input.paid_by ?? before.paid_by,
        description: input.description ?? before.description,
        amount: input.amount ?? before.amount,
        currency: input.currency ?? before.currency,
        category: input.category ?? before.category,
        split: input.split ?? before.split,
        spent_on: input.spent_on === null ? undefined : (input.spent_on ?? before.spent_on),
      };
      const current = (await records.members(trip.id)).map((m) => m.id);
      // People the expense already names stay allowed, so a description fix never fails because someone left.
      const allowed = new Set([...current, stored.paidByMemberId, ...stored.shares.map((s) => s.memberId)]);
      const content = priceExpense(trip, allowed, current, merged);
      const saved = await records.replaceExpense({ id: stored.id, tripId: trip.id, createdBy: stored.createdBy, ...content });
      if (!saved) throw notFound();
      return expenseView(saved, trip, await records.everyone(trip.id));
    });
  },
});

export const deleteExpenseTool = defineTool({
  name: 'trips.delete_expense',
  title: 'Delete a trip expense',
  description: 'Deletes one expense and answers the trip\'s expense summary without it (balances and settle-up recomputed). Owners and editors only.',
  area: 'Trips',
  input: ExpenseRef,
  output: ExpenseSummaryView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'DELETE', path: '/api/trips/{trip_id}/expenses/{expense_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'delete expenses');
    const { trip } = access;
    return ctx.services.trips.locked(trip.id, async (records) => {
      await findExpense(records, trip.id, input.expense_id);
      if (!(await records.deleteExpense(trip.id, input.expense_id))) throw notFound();
      return expenseSummary(trip, await records.everyone(trip.id), await records.expenses(trip.id));
    });
  },
});
