import { z } from 'zod';
import { budgetStatus } from './money/index.js';
import { spendingOnly } from './settlement-kind.js';
import { major } from './trip-views.js';
import type { BudgetRecord, ExpenseRecord } from './trip-store.js';

// Budget against spending, in the trip currency, from the recorded expenses.

const Line = z.object({
  budget: z.number().nullable().describe('Null when no budget is set for it.'),
  spent: z.number(),
  remaining: z.number().nullable(),
  pct_used: z.number().nullable().describe('Percent of the budget spent; null without a budget.'),
});

export const BudgetView = z.object({
  trip_id: z.string(),
  currency: z.string(),
  budget_set: z.boolean(),
  total: Line,
  categories: z.array(Line.extend({ category: z.string() })),
  updated_at: z.string().nullable(),
});

const pct = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);

export function budgetView(tripId: string, currency: string, budget: BudgetRecord | null, expenses: readonly ExpenseRecord[]): z.input<typeof BudgetView> {
  const spent = spendingOnly(expenses).map((e) => ({ category: e.category, minor: e.tripAmountMinor }));
  const status = budgetStatus(budget ?? { totalMinor: 0, categories: {} }, spent);
  const money = (minor: number | null) => (minor === null ? null : major(minor, currency));
  const set = budget !== null;
  return {
    trip_id: tripId,
    currency,
    budget_set: set,
    total: {
      budget: set ? money(status.total.budget_minor) : null,
      spent: major(status.total.spent_minor, currency),
      remaining: set ? money(status.total.remaining_minor) : null,
      pct_used: set ? pct(status.total.pct_used) : null,
    },
    categories: status.categories.map((c) => ({
      category: c.category,
      budget: money(c.budget_minor),
      spent: major(c.spent_minor, currency),
      remaining: money(c.remaining_minor),
      pct_used: pct(c.pct_used),
    })),
    updated_at: budget?.updatedAt ?? null,
  };
}
