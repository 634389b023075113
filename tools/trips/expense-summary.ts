import { defineTool } from '../_kit/define-tool.js';
import { expenseSummary, ExpenseSummaryView } from './expense-views.js';
import { loadTrip } from './trip-access.js';
import { TripRef, TripRefMcp } from './trip-schemas.js';

export const expenseSummaryTool = defineTool({
  name: 'trips.expense_summary',
  title: 'Trip expenses, balances and settle-up',
  description:
    'Totals in the trip currency and per paid currency, each member\'s paid / owed / balance (positive: is owed), the fewest transfers that clear every balance, ' +
    'and the exchange rates used. Any member may read it.',
  area: 'Trips',
  input: TripRef,
  output: ExpenseSummaryView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read'],
  rest: { method: 'GET', path: '/api/trips/{trip_id}/expenses/summary' },
  mcp: {
    name: 'trip_expense_summary',
    annotations: { title: 'Who owes whom on a trip', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    ...TripRefMcp,
  },
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const [members, expenses] = await Promise.all([ctx.services.trips.everyone(access.trip.id), ctx.services.trips.expenses(access.trip.id)]);
    return expenseSummary(access.trip, members, expenses);
  },
});
