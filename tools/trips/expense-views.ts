import { z } from 'zod';
import { FX_RATES } from '../_kit/fx-rates.js';
import { memberBalances, settleUp } from './money/index.js';
import { major } from './trip-views.js';
import type { ExpenseRecord, MemberRecord, TripRecord } from './trip-store.js';

// One expense as recorded, and the trip's expense summary: totals, balances and
// the fewest transfers that settle everyone. Amounts are major units.

export const ExpenseView = z.object({
  id: z.string(),
  paid_by: z.string().describe('Member id of the payer.'),
  paid_by_name: z.string(),
  description: z.string(),
  category: z.string(),
  amount: z.number().describe('As paid, in `currency`.'),
  currency: z.string(),
  fx_rate: z.number().describe('Trip currency units per one unit of `currency`, as used.'),
  trip_amount: z.number().describe('In the trip currency.'),
  trip_currency: z.string(),
  split_method: z.string(),
  shares: z.array(z.object({ member_id: z.string(), display_name: z.string(), amount: z.number() })).describe('Each member\'s share, trip currency; sums to trip_amount.'),
  spent_on: z.string().nullable(),
  created_at: z.string(),
});

const MemberBalance = z.object({
  member_id: z.string(),
  display_name: z.string(),
  paid: z.number(),
  owed: z.number().describe('Sum of this member\'s shares.'),
  balance: z.number().describe('paid − owed: positive is owed money, negative owes.'),
});

const Transfer = z.object({
  from_member_id: z.string(), from: z.string().describe('Display name of who pays.'),
  to_member_id: z.string(), to: z.string(),
  amount: z.number(),
});

export const ExpenseSummaryView = z.object({
  trip_id: z.string(),
  currency: z.string(),
  expense_count: z.number().int(),
  total: z.number().describe('All expenses in the trip currency.'),
  by_currency: z.array(z.object({ currency: z.string(), amount: z.number(), trip_amount: z.number() })),
  members: z.array(MemberBalance),
  settle_up: z.array(Transfer).describe('The fewest transfers that bring every balance to zero.'),
  fx_rates: z.array(z.object({ from: z.string(), to: z.string(), rate: z.number() })).describe('Rates the expenses were converted at.'),
  fx_source: z.object({ as_of: z.string(), source: z.string() }),
});

const nameOf = (members: readonly MemberRecord[]) => {
  const names = new Map(members.map((m) => [m.id, m.displayName]));
  return (id: string) => names.get(id) ?? 'former member';
};

export function expenseView(e: ExpenseRecord, trip: TripRecord, members: readonly MemberRecord[]): z.input<typeof ExpenseView> {
  const name = nameOf(members);
  return {
    id: e.id, paid_by: e.paidByMemberId, paid_by_name: name(e.paidByMemberId), description: e.description, category: e.category,
    amount: major(e.amountMinor, e.currency), currency: e.currency, fx_rate: e.fxRate, trip_amount: major(e.tripAmountMinor, trip.currency), trip_currency: trip.currency,
    split_method: e.splitMethod, shares: e.shares.map((s) => ({ member_id: s.memberId, display_name: name(s.memberId), amount: major(s.minor, trip.currency) })),
    spent_on: e.spentOn, created_at: e.createdAt,
  };
}

export function expenseSummary(trip: TripRecord, members: readonly MemberRecord[], expenses: readonly ExpenseRecord[]): z.input<typeof ExpenseSummaryView> {
  const cur = trip.currency;
  const name = nameOf(members);
  const memberIds = members.map((m) => m.id);
  const paid = new Map<string, number>();
  const owed = new Map<string, number>();
  const byCurrency = new Map<string, { amount: number; trip: number }>();
  const rates = new Map<string, number>();
  let total = 0;
  for (const e of expenses) {
    total += e.tripAmountMinor;
    paid.set(e.paidByMemberId, (paid.get(e.paidByMemberId) ?? 0) + e.tripAmountMinor);
    for (const s of e.shares) owed.set(s.memberId, (owed.get(s.memberId) ?? 0) + s.minor);
    const c = byCurrency.get(e.currency) ?? { amount: 0, trip: 0 };
    byCurrency.set(e.currency, { amount: c.amount + e.amountMinor, trip: c.trip + e.tripAmountMinor });
    if (e.currency !== cur) rates.set(`${e.currency}|${e.fxRate}`, e.fxRate);
  }
  const balances = memberBalances(
    expenses.map((e) => ({ paidBy: e.paidByMemberId, tripAmountMinor: e.tripAmountMinor, shares: e.shares })),
    memberIds,
  );
  return {
    trip_id: trip.id,
    currency: cur,
    expense_count: expenses.length,
    total: major(total, cur),
    by_currency: [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, v]) => ({ currency, amount: major(v.amount, currency), trip_amount: major(v.trip, cur) })),
    members: members.map((m) => ({
      member_id: m.id, display_name: m.displayName,
      paid: major(paid.get(m.id) ?? 0, cur), owed: major(owed.get(m.id) ?? 0, cur), balance: major(balances.get(m.id) ?? 0, cur),
    })),
    settle_up: settleUp(balances).map((t) => ({ from_member_id: t.from, from: name(t.from), to_member_id: t.to, to: name(t.to), amount: major(t.minor, cur) })),
    fx_rates: [...rates.keys()].sort().map((k) => ({ from: k.split('|')[0] ?? '', to: cur, rate: rates.get(k) ?? 0 })),
    fx_source: { as_of: FX_RATES.asOf, source: FX_RATES.source },
  };
}
