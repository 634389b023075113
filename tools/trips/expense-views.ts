import { z } from 'zod';
import { FX_RATES } from '../_kit/fx-rates.js';
import { memberBalances, settleUp } from './money/index.js';
import { isSettlement } from './settlement-kind.js';
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
  removed: z.boolean().describe('True for a member who has left but still has a balance to settle.'),
  paid: z.number().describe('Expenses this member paid.'),
  owed: z.number().describe('Sum of this member\'s shares.'),
  payments_sent: z.number().describe('Settle-up payments this member made.'),
  payments_received: z.number().describe('Settle-up payments this member received.'),
  balance: z.number().describe('paid − owed + payments_sent − payments_received: positive is owed money, negative owes.'),
});

export const PaymentView = z.object({
  id: z.string().describe('Payment id (tx_...); DELETE .../settlements/{id} undoes it.'),
  from_member_id: z.string(), from: z.string().describe('Display name of who paid.'),
  to_member_id: z.string(), to: z.string(),
  amount: z.number().describe('In the trip currency.'),
  paid_amount: z.number().describe('As paid, in `paid_currency`.'),
  paid_currency: z.string(),
  note: z.string(),
  paid_on: z.string().nullable(),
  created_at: z.string(),
});

const Transfer = z.object({
  from_member_id: z.string(), from: z.string().describe('Display name of who pays.'),
  to_member_id: z.string(), to: z.string(),
  amount: z.number(),
});

export const ExpenseSummaryView = z.object({
  trip_id: z.string(),
  currency: z.string(),
  expense_count: z.number().int().describe('Expenses recorded (settle-up payments not included).'),
  total: z.number().describe('All expenses in the trip currency.'),
  by_currency: z.array(z.object({ currency: z.string(), amount: z.number(), trip_amount: z.number() })),
  members: z.array(MemberBalance),
  settle_up: z.array(Transfer).describe('The fewest transfers that bring every balance to zero.'),
  payments: z.array(PaymentView).describe('Settle-up payments recorded so far; they count in balances, never in totals or budgets.'),
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

export function paymentView(e: ExpenseRecord, trip: TripRecord, members: readonly MemberRecord[]): z.input<typeof PaymentView> {
  const name = nameOf(members);
  const to = e.shares[0]?.memberId ?? '';
  return {
    id: e.id, from_member_id: e.paidByMemberId, from: name(e.paidByMemberId), to_member_id: to, to: name(to),
    amount: major(e.tripAmountMinor, trip.currency), paid_amount: major(e.amountMinor, e.currency), paid_currency: e.currency,
    note: e.description, paid_on: e.spentOn, created_at: e.createdAt,
  };
}

const addTo = (map: Map<string, number>, id: string, minor: number) => map.set(id, (map.get(id) ?? 0) + minor);

/** `members`: everyone the trip ever had (removed ones are shown only while they still have a balance). */
export function expenseSummary(trip: TripRecord, members: readonly MemberRecord[], records: readonly ExpenseRecord[]): z.input<typeof ExpenseSummaryView> {
  const cur = trip.currency;
  const name = nameOf(members);
  const expenses = records.filter((e) => !isSettlement(e));
  const payments = records.filter(isSettlement);
  const paid = new Map<string, number>();
  const owed = new Map<string, number>();
  const sent = new Map<string, number>();
  const received = new Map<string, number>();
  const byCurrency = new Map<string, { amount: number; trip: number }>();
  const rates = new Map<string, number>();
  let total = 0;
  for (const e of expenses) {
    total += e.tripAmountMinor;
    addTo(paid, e.paidByMemberId, e.tripAmountMinor);
    for (const s of e.shares) addTo(owed, s.memberId, s.minor);
    const c = byCurrency.get(e.currency) ?? { amount: 0, trip: 0 };
    byCurrency.set(e.currency, { amount: c.amount + e.amountMinor, trip: c.trip + e.tripAmountMinor });
  }
  for (const p of payments) {
    addTo(sent, p.paidByMemberId, p.tripAmountMinor);
    for (const s of p.shares) addTo(received, s.memberId, s.minor);
  }
  for (const e of records) if (e.currency !== cur) rates.set(`${e.currency}|${e.fxRate}`, e.fxRate);
  const current = members.filter((m) => m.removedAt === null);
  // A settlement row is an expense paid by the payer with the payee's whole share, so one balance covers both.
  const balances = memberBalances(
    records.map((e) => ({ paidBy: e.paidByMemberId, tripAmountMinor: e.tripAmountMinor, shares: e.shares })),
    current.map((m) => m.id),
  );
  const shown = members.filter((m) => m.removedAt === null || (balances.get(m.id) ?? 0) !== 0);
  return {
    trip_id: trip.id,
    currency: cur,
    expense_count: expenses.length,
    total: major(total, cur),
    by_currency: [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, v]) => ({ currency, amount: major(v.amount, currency), trip_amount: major(v.trip, cur) })),
    members: shown.map((m) => ({
      member_id: m.id, display_name: m.displayName, removed: m.removedAt !== null,
      paid: major(paid.get(m.id) ?? 0, cur), owed: major(owed.get(m.id) ?? 0, cur),
      payments_sent: major(sent.get(m.id) ?? 0, cur), payments_received: major(received.get(m.id) ?? 0, cur),
      balance: major(balances.get(m.id) ?? 0, cur),
    })),
    settle_up: settleUp(balances).map((t) => ({ from_member_id: t.from, from: name(t.from), to_member_id: t.to, to: name(t.to), amount: major(t.minor, cur) })),
    payments: payments.map((p) => paymentView(p, trip, members)),
    fx_rates: [...rates.keys()].sort().map((k) => ({ from: k.split('|')[0] ?? '', to: cur, rate: rates.get(k) ?? 0 })),
    fx_source: { as_of: FX_RATES.asOf, source: FX_RATES.source },
  };
}
