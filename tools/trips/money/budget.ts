// Budget versus spending, overall and per category (all trip-currency minor units).

export interface BudgetLine {
  category: string;
  /** null: money was spent in a category the budget has no line for. */
  budget_minor: number | null;
  spent_minor: number;
  remaining_minor: number | null;
  pct_used: number | null;
}

export interface BudgetStatus {
  total: { budget_minor: number; spent_minor: number; remaining_minor: number; pct_used: number };
  categories: BudgetLine[];
}

/**
 * Budgeted categories come first in the budget's own order, then unbudgeted
 * spending categories alphabetically. Remaining goes negative when over budget.
 * Percentages are rounded to one decimal; a zero budget reads 0 % with nothing
 * spent and 100 % once anything is (a ratio over zero has no useful value).
 */
export function budgetStatus(
  budget: { totalMinor: number; categories: Readonly<Record<string, number>> },
  spent: readonly { category: string; minor: number }[],
): BudgetStatus {
  const spentBy = new Map<string, number>();
  let totalSpent = 0;
  for (const s of spent) {
    spentBy.set(s.category, (spentBy.get(s.category) ?? 0) + s.minor);
    totalSpent += s.minor;
  }
  const budgeted = Object.entries(budget.categories).map(([category, budgetMinor]): BudgetLine => {
    const spentMinor = spentBy.get(category) ?? 0;
    return { category, budget_minor: budgetMinor, spent_minor: spentMinor, remaining_minor: budgetMinor - spentMinor, pct_used: pctUsed(spentMinor, budgetMinor) };
  });
  const unbudgeted = [...spentBy.keys()]
    .filter((category) => !Object.hasOwn(budget.categories, category))
    .sort()
    .map((category): BudgetLine => ({ category, budget_minor: null, spent_minor: spentBy.get(category) ?? 0, remaining_minor: null, pct_used: null }));
  return {
    total: { budget_minor: budget.totalMinor, spent_minor: totalSpent, remaining_minor: budget.totalMinor - totalSpent, pct_used: pctUsed(totalSpent, budget.totalMinor) },
    categories: [...budgeted, ...unbudgeted],
  };
}

function pctUsed(spentMinor: number, budgetMinor: number): number {
  if (budgetMinor <= 0) return spentMinor > 0 ? 100 : 0;
  // Integer numerator first so 1/8 → 12.5 exactly, not 12.499999.
  return Math.round((spentMinor * 1000) / budgetMinor) / 10;
}
