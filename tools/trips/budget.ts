import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { toMinor } from '../_kit/money.js';
import { BudgetView, budgetView } from './budget-view.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { MAX_MINOR, SetBudgetRequest, TripRef } from './trip-schemas.js';

export const setBudgetTool = defineTool({
  name: 'trips.set_budget',
  title: 'Set the trip budget',
  description:
    'Sets (replaces) the total budget and optional per-category budgets, in the trip currency. Category budgets together may not exceed the total (422 on categories); ' +
    'spending in categories without a budget counts toward the total only. Owners and editors only.',
  area: 'Trips',
  input: SetBudgetRequest,
  output: BudgetView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'PUT', path: '/api/trips/{trip_id}/budget' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    requireRole(access, WRITERS, 'set the budget');
    const cur = access.trip.currency;
    const categories: Record<string, number> = {};
    for (const [k, v] of Object.entries(input.categories)) if (v !== undefined) categories[k] = toMinor({ amount: v, currency: cur });
    const totalMinor = toMinor({ amount: input.total, currency: cur });
    if (totalMinor > MAX_MINOR) throw new ToolError('VALIDATION_FAILED', 'The total is too large', { issues: [{ loc: ['body', 'total'], msg: 'The total is too large', type: 'value_error' }] });
    const budget = await ctx.services.trips.setBudget(access.trip.id, totalMinor, categories);
    return budgetView(access.trip.id, cur, budget, await ctx.services.trips.expenses(access.trip.id));
  },
});

export const getBudgetTool = defineTool({
  name: 'trips.get_budget',
  title: 'Trip budget tracking',
  description: 'Budget, spent, remaining and percent used, in total and per category, from the recorded expenses (trip currency). Without a budget, budget_set is false and only spending is shown.',
  area: 'Trips',
  input: TripRef,
  output: BudgetView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/trips/{trip_id}/budget' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const [budget, expenses] = await Promise.all([ctx.services.trips.budget(access.trip.id), ctx.services.trips.expenses(access.trip.id)]);
    return budgetView(access.trip.id, access.trip.currency, budget, expenses);
  },
});
