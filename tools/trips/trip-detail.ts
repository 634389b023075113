import { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { BudgetView, budgetView } from './budget-view.js';
import { allowedMoves } from './status-machine.js';
import type { TripAccess } from './trip-access.js';
import { TRIP_STATUSES } from './trip-schemas.js';
import {
  ActivityView, activityView, ExpenseTotalsView, expenseTotals, MemberView, memberView, ShareLinkView, shareLinkView, summaryView, TripSummaryView,
} from './trip-views.js';

// The whole trip as its members see it (GET /api/trips/{trip_id} and the answer of
// the writes that change it).

export const TripView = TripSummaryView.extend({
  updated_at: z.string(),
  allowed_status_moves: z.array(z.enum(TRIP_STATUSES)).describe('Statuses PATCH .../status accepts next.'),
  you: z.object({ member_id: z.string(), role: z.string() }),
  members: z.array(MemberView),
  activities: z.array(ActivityView),
  expenses: ExpenseTotalsView,
  budget: BudgetView.nullable().describe('Null until PUT .../budget sets one.'),
  share_links: z.array(ShareLinkView).describe('Share links (never their tokens); revoke with DELETE .../share/{share_id}.'),
});

export async function tripDetail(ctx: ToolContext, access: TripAccess): Promise<z.input<typeof TripView>> {
  const { trip, me } = access;
  const store = ctx.services.trips;
  const [members, activities, expenses, budget, links] = await Promise.all([
    store.members(trip.id), store.activities(trip.id), store.expenses(trip.id), store.budget(trip.id), store.shareLinks(trip.id),
  ]);
  return {
    ...summaryView(trip, me.role),
    updated_at: trip.updatedAt,
    allowed_status_moves: [...allowedMoves(trip.status)],
    you: { member_id: me.id, role: me.role },
    members: members.map(memberView),
    activities: activities.map(activityView),
    expenses: expenseTotals(expenses, trip.currency),
    budget: budget ? budgetView(trip.id, trip.currency, budget, expenses) : null,
    share_links: links.map((l) => shareLinkView(l, ctx.services.clock())),
  };
}
