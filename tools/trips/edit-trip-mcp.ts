import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { invokeUnary } from '../_kit/invoke.js';
import { deleteActivityTool, updateActivityTool } from './correct-activity.js';
import { deleteExpenseTool, updateExpenseTool } from './correct-expense.js';
import { removeMemberTool, updateMemberTool } from './correct-member.js';
import { deletePaymentTool, recordPaymentTool } from './settle-payments.js';
import { ExpenseSummaryView, ExpenseView } from './expense-views.js';
import { EXPENSE_CATEGORIES, safeText, TRIP_ROLES } from './trip-schemas.js';
import { ActivityView, MemberView } from './trip-views.js';

// edit_trip for models: every correction of a trip's records in one tool with an
// `action`, so the catalog stays small. Each action runs the REST tool of the same
// job (same checks, same roles, same answer), so the two surfaces cannot drift.

const ACTIONS = ['update_expense', 'delete_expense', 'record_payment', 'delete_payment', 'update_activity', 'delete_activity', 'update_member', 'remove_member'] as const;

const Args = z.object({
  tripId: safeText(100),
  action: z.enum(ACTIONS),
  id: safeText(100).optional().describe('The expense (tx_), payment (tx_), activity (ta_) or member (tm_) id; not for record_payment.'),
  amount: z.number().positive().max(10_000_000).optional().describe('update_expense, record_payment: major units.'),
  currency: z.string().optional().describe('ISO 4217 code of amount or cost.'),
  description: safeText(300).optional().describe('update_expense.'),
  category: z.enum(EXPENSE_CATEGORIES).optional().describe('update_expense.'),
  paidBy: safeText(100).optional().describe('update_expense: member id of the payer.'),
  from: safeText(100).optional().describe('record_payment: member id who paid back.'),
  to: safeText(100).optional().describe('record_payment: member id who received.'),
  note: safeText(300).optional().describe('record_payment.'),
  title: safeText(200).optional().describe('update_activity.'),
  startsAt: z.string().optional().describe('update_activity: ISO 8601 with its UTC offset.'),
  endsAt: z.string().optional().describe('update_activity.'),
  place: safeText(300).optional().describe('update_activity.'),
  cost: z.number().nonnegative().max(10_000_000).optional().describe('update_activity.'),
  role: z.enum(TRIP_ROLES).optional().describe('update_member (owners only).'),
  name: safeText(100).optional().describe('update_member: display name.'),
});
type Args = z.output<typeof Args>;

function needId(a: Args): string {
  if (a.id === undefined) throw new ToolError('VALIDATION_FAILED', `${a.action} needs id`, { issues: [{ loc: ['id'], msg: `${a.action} needs id`, type: 'missing' }] });
  return a.id;
}

export const editTripMcpTool = defineTool({
  name: 'trips.edit_for_model',
  title: 'Correct a trip\'s records',
  description:
    'Corrects a trip: update_expense / delete_expense (balances recomputed), record_payment (from, to, amount: someone paid someone back; clears balances, not spending) / delete_payment, ' +
    'update_activity / delete_activity, update_member (role, name) / remove_member (leave; needs a zero balance). Only the fields given change. ' +
    'Ids come from get_trip and trip_expense_summary. Same rules as the app: owners and editors edit, owners manage members.',
  area: 'Trips',
  input: Args,
  output: z.object({
    action: z.enum(ACTIONS),
    expense: ExpenseView.optional().describe('update_expense: the expense as now recorded.'),
    balances: ExpenseSummaryView.optional().describe('delete_expense, record_payment, delete_payment: balances and settle-up after the change.'),
    activity: ActivityView.optional().describe('update_activity.'),
    member: MemberView.optional().describe('update_member.'),
    deleted: z.string().optional().describe('delete_activity: the id removed.'),
    removed: z.string().optional().describe('remove_member: the member id removed.'),
  }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: false,
  mcp: { name: 'edit_trip', annotations: { title: 'Correct a trip', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } },
  handler: async (ctx, a) => {
    const trip_id = a.tripId;
    const action = a.action;
    switch (action) {
      case 'update_expense':
        return { action, expense: await invokeUnary(updateExpenseTool, ctx, { trip_id, expense_id: needId(a), amount: a.amount, currency: a.currency, description: a.description, category: a.category, paid_by: a.paidBy }) };
      case 'delete_expense':
        return { action, balances: await invokeUnary(deleteExpenseTool, ctx, { trip_id, expense_id: needId(a) }) };
      case 'record_payment':
        return { action, balances: await invokeUnary(recordPaymentTool, ctx, { trip_id, from: a.from, to: a.to, amount: a.amount, currency: a.currency, note: a.note }) };
      case 'delete_payment':
        return { action, balances: await invokeUnary(deletePaymentTool, ctx, { trip_id, settlement_id: needId(a) }) };
      case 'update_activity':
        return { action, activity: await invokeUnary(updateActivityTool, ctx, { trip_id, activity_id: needId(a), title: a.title, starts_at: a.startsAt, ends_at: a.endsAt, place: a.place, cost: a.cost, currency: a.currency }) };
      case 'delete_activity':
        return { action, deleted: (await invokeUnary(deleteActivityTool, ctx, { trip_id, activity_id: needId(a) })).id };
      case 'update_member':
        return { action, member: await invokeUnary(updateMemberTool, ctx, { trip_id, member_id: needId(a), role: a.role, name: a.name }) };
      case 'remove_member':
        return { action, removed: (await invokeUnary(removeMemberTool, ctx, { trip_id, member_id: needId(a) })).id };
    }
  },
});
