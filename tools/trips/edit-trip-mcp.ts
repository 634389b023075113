import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { invokeUnary } from '../_kit/invoke.js';
import { deleteActivityTool, updateActivityTool } from './correct-activity.js';
import { deleteExpenseTool, updateExpenseTool } from './correct-expense.js';
import { removeMemberTool, updateMemberTool } from './correct-member.js';
import { deletePaymentTool, recordPaymentTool } from './settle-payments.js';
import { ExpenseSummaryView, ExpenseView } from './expense-views.js';
import { EXPENSE_CATEGORIES, safeText, TRIP_ROLES, TRIP_STATUSES } from './trip-schemas.js';
import { ActivityView, MemberView } from './trip-views.js';
import { addActivityTool } from './add-activity.js';
import { addTravelerTool } from './add-traveler.js';
import { getBudgetTool, setBudgetTool } from './budget.js';
import { createShareLinkTool, revokeShareLinkTool } from './share-links.js';
import { updateStatusTool } from './update-status.js';
import { listVotesTool, postVoteTool } from './votes.js';

// edit_trip for models: every change to a trip after create_trip (members,
// activities, expenses, payments, budget, status, polls, share links) in one tool
// with an `action`, so the catalog stays small. Each action runs the REST tool of the same
// job (same checks, same roles, same answer), so the two surfaces cannot drift.

const ACTIONS = [
  'add_member',
  'update_member',
  'remove_member',
  'add_activity',
  'update_activity',
  'delete_activity',
  'update_expense',
  'delete_expense',
  'record_payment',
  'delete_payment',
  'set_budget',
  'get_budget',
  'set_status',
  'create_poll',
  'vote',
  'list_polls',
  'share',
  'revoke_share',
] as const;

const Args = z.object({
  tripId: safeText(100),
  action: z.enum(ACTIONS),
  id: safeText(100).optional().describe('Id of the expense, payment, activity, member, poll (vote) or link (revoke_share).'),
  amount: z.number().positive().max(10_000_000).optional().describe('Major units; set_budget: the total.'),
  currency: z.string().optional(),
  description: safeText(300).optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  categoryBudgets: z.array(z.object({ category: z.enum(EXPENSE_CATEGORIES), amount: z.number().nonnegative().max(10_000_000) })).max(7).optional(),
  paidBy: safeText(100).optional().describe('Member id.'),
  from: safeText(100).optional().describe('Member id.'),
  to: safeText(100).optional().describe('Member id.'),
  note: safeText(300).optional(),
  title: safeText(300).optional().describe('Activity title, or the poll question.'),
  startsAt: z.string().optional().describe('ISO 8601 with offset; create_poll: when it closes.'),
  endsAt: z.string().optional(),
  place: safeText(300).optional(),
  cost: z.number().nonnegative().max(10_000_000).optional(),
  options: z.array(safeText(100)).min(2).max(10).optional(),
  optionId: safeText(100).optional(),
  role: z.enum(TRIP_ROLES).optional(),
  name: safeText(100).optional().describe('Member display name.'),
  email: z.string().optional(),
  status: z.enum(TRIP_STATUSES).optional(),
  days: z.number().int().min(1).max(365).optional().describe('share: days the link works; omitted: until revoked.'),
});
type Args = z.output<typeof Args>;

function needId(a: Args): string {
  if (a.id === undefined) throw new ToolError('VALIDATION_FAILED', `${a.action} needs id`, { issues: [{ loc: ['id'], msg: `${a.action} needs id`, type: 'missing' }] });
  return a.id;
}

export const editTripMcpTool = defineTool({
  name: 'trips.edit_for_model',
  title: 'Change a trip',
  description:
    'Changes a trip made with create_trip; only the fields given change. add_member (name, email, role) / update_member / remove_member (needs a zero balance); add_activity (title, startsAt) / update_activity / delete_activity; ' +
    'update_expense / delete_expense; record_payment (from, to, amount: someone paid someone back) / delete_payment; set_budget (amount, categoryBudgets) / get_budget; set_status; ' +
    'create_poll (title, options) / vote (id, optionId) / list_polls; share (a read-only link) / revoke_share. Add expenses with add_trip_expense. Ids from get_trip. Owners and editors edit; owners manage members.',
  area: 'Trips',
  input: Args,
  output: z.object({
    action: z.enum(ACTIONS),
    expense: ExpenseView.optional().describe('update_expense: the expense as now recorded.'),
    balances: ExpenseSummaryView.optional().describe('delete_expense, record_payment, delete_payment: balances and settle-up after the change.'),
    activity: ActivityView.optional().describe('add_activity, update_activity.'),
    member: MemberView.optional().describe('add_member, update_member.'),
    budget: z.unknown().optional(),
    trip: z.unknown().optional().describe('set_status.'),
    poll: z.unknown().optional(),
    polls: z.array(z.unknown()).optional(),
    shareLink: z.unknown().optional().describe('share: url shown once.'),
    deleted: z.string().optional().describe('delete_activity: the id removed.'),
    removed: z.string().optional().describe('remove_member: the member id removed.'),
  }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: false,
  mcp: { name: 'edit_trip', annotations: { title: 'Change a trip', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } },
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
      case 'add_member':
        return { action, member: await invokeUnary(addTravelerTool, ctx, { trip_id, name: a.name, email: a.email, role: a.role }) };
      case 'add_activity':
        return { action, activity: await invokeUnary(addActivityTool, ctx, { trip_id, title: a.title, starts_at: a.startsAt, ends_at: a.endsAt, place: a.place, cost: a.cost, currency: a.currency }) };
      case 'set_budget': {
        const categories = Object.fromEntries((a.categoryBudgets ?? []).map((c) => [c.category, c.amount]));
        return { action, budget: await invokeUnary(setBudgetTool, ctx, { trip_id, total: a.amount, categories }) };
      }
      case 'get_budget':
        return { action, budget: await invokeUnary(getBudgetTool, ctx, { trip_id }) };
      case 'set_status':
        return { action, trip: await invokeUnary(updateStatusTool, ctx, { trip_id, status: a.status }) };
      case 'create_poll':
        return { action, poll: await invokeUnary(postVoteTool, ctx, { trip_id, action: 'create_poll', question: a.title, options: a.options, closes_at: a.startsAt }) };
      case 'vote':
        return { action, poll: await invokeUnary(postVoteTool, ctx, { trip_id, action: 'vote', poll_id: needId(a), option_id: a.optionId }) };
      case 'list_polls':
        return { action, polls: (await invokeUnary(listVotesTool, ctx, { trip_id })).polls };
      case 'share':
        return { action, shareLink: await invokeUnary(createShareLinkTool, ctx, { trip_id, expires_in_days: a.days }) };
      case 'revoke_share':
        return { action, shareLink: await invokeUnary(revokeShareLinkTool, ctx, { trip_id, share_id: needId(a) }) };
    }
  },
});
