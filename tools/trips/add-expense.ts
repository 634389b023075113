import { defineTool } from '../_kit/define-tool.js';
import { ExpenseView, expenseView } from './expense-views.js';
import { recordExpense } from './record-expense.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { AddExpenseRequest } from './trip-schemas.js';

export const addExpenseTool = defineTool({
  name: 'trips.add_expense',
  title: 'Add a trip expense',
  description:
    'Records who paid (paid_by: member id), what, how much and in which currency; it is converted to the trip currency at the reference rate (stored and shown). ' +
    'split.method: equal (default), exact (split.amounts: member id → amount in the paid currency, summing to amount), shares (split.shares: member id → weight) ' +
    'or percent (split.percents: member id → percent, summing to 100); split.among limits it to some members (default all). ' +
    'Shares are integer minor units; rounding leftovers go to the largest remainders, ties in member order. Owners and editors only; a bad split is 422 on the field at fault. Correct it later with PATCH or DELETE .../expenses/{expense_id}.',
  area: 'Trips',
  input: AddExpenseRequest,
  output: ExpenseView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/expenses' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'add expenses');
    const { expense, members } = await recordExpense(ctx, access, input);
    return expenseView(expense, access.trip, members);
  },
});
