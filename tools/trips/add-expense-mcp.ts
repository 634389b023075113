import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { ExpenseSummaryView, ExpenseView, expenseSummary, expenseView } from './expense-views.js';
import { recordExpense } from './record-expense.js';
import { loadTrip, requireRole, WRITERS } from './trip-access.js';
import { AddExpenseRequest, EXPENSE_CATEGORIES, safeText, SPLIT_METHODS } from './trip-schemas.js';
import type { MemberRecord } from './trip-store.js';

// add_trip_expense for models: people by name ("Ana", or "me" for the caller) or
// member id, and the updated balances in the same answer, so "split this dinner
// three ways" is one call.

const who = safeText(100);
const byWho = z.record(who, z.number()).optional();

const Args = z.object({
  tripId: safeText(100),
  paidBy: who.describe('Who paid: a member\'s display name, member id, or "me".'),
  amount: z.number().positive().max(10_000_000).describe('Major units, e.g. 84.5.'),
  currency: z.string().optional().describe('ISO 4217; default the trip currency.'),
  description: safeText(300),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  split: z.enum(SPLIT_METHODS).default('equal').describe('equal (default), exact, shares or percent.'),
  among: z.array(who).min(1).max(100).optional().describe('Names or member ids sharing it; default everyone on the trip.'),
  amounts: byWho.describe('exact: name → amount in the paid currency.'),
  shares: byWho.describe('shares: name → weight.'),
  percents: byWho.describe('percent: name → percent (sum 100).'),
  spentOn: z.string().optional().describe('YYYY-MM-DD'),
});

function resolver(members: readonly MemberRecord[], me: MemberRecord) {
  return (ref: string, field: string): string => {
    if (['me', 'i', 'myself'].includes(ref.toLowerCase())) return me.id;
    const byId = members.find((m) => m.id === ref);
    if (byId) return byId.id;
    const named = members.filter((m) => m.displayName.toLowerCase() === ref.toLowerCase());
    if (named.length === 1 && named[0]) return named[0].id;
    const msg = named.length > 1 ? `More than one member is called ${ref}; use the member id` : `No member called ${ref}; members: ${members.map((m) => m.displayName).join(', ')}`;
    throw new ToolError('VALIDATION_FAILED', msg, { issues: [{ loc: [field], msg, type: 'value_error' }] });
  };
}

export const addTripExpenseMcpTool = defineTool({
  name: 'trips.add_expense_for_model',
  title: 'Add a trip expense and get the balances',
  description:
    'Records an expense on a trip and answers with it and the updated balances and settle-up list. People are named by display name, member id or "me". ' +
    'Example, "split this dinner three ways": {tripId, paidBy: "me", amount: 90, description: "Dinner", category: "food", among: ["me", "Ana", "Ben"]}. ' +
    'Owners and editors only.',
  area: 'Trips',
  input: Args,
  output: z.object({ expense: ExpenseView, balances: ExpenseSummaryView }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: false,
  mcp: {
    name: 'add_trip_expense',
    annotations: { title: 'Add a trip expense', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, args) => {
    const access = await loadTrip(ctx, args.tripId, undefined);
    requireRole(access, WRITERS, 'add expenses');
    const store = ctx.services.trips;
    const members = await store.members(access.trip.id);
    const resolve = resolver(members, access.me);
    const keyed = (rec: Record<string, number> | undefined, field: string) =>
      rec === undefined ? undefined : Object.fromEntries(Object.entries(rec).map(([k, v]) => [resolve(k, field), v]));
    const parsed = AddExpenseRequest.safeParse({
      trip_id: access.trip.id,
      paid_by: resolve(args.paidBy, 'paidBy'),
      description: args.description,
      amount: args.amount,
      currency: args.currency,
      category: args.category,
      spent_on: args.spentOn,
      split: {
        method: args.split,
        among: args.among?.map((r) => resolve(r, 'among')),
        amounts: keyed(args.amounts, 'amounts'),
        shares: keyed(args.shares, 'shares'),
        percents: keyed(args.percents, 'percents'),
      },
    });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ loc: i.path.map((p) => (typeof p === 'number' ? p : String(p))), msg: i.message, type: i.code }));
      throw new ToolError('VALIDATION_FAILED', issues[0]?.msg ?? 'Invalid arguments', { issues });
    }
    const { expense, members: everyone } = await recordExpense(ctx, access, parsed.data);
    return { expense: expenseView(expense, access.trip, everyone), balances: expenseSummary(access.trip, everyone, await store.expenses(access.trip.id)) };
  },
});
