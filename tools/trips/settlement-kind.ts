import type { ExpenseRecord } from './trip-store.js';

// A settle-up payment (member A paid member B back) is stored as an expense row paid
// by A with B's whole share, so balances need no second table; it is never spending,
// so totals, categories and budgets leave it out.

export const SETTLEMENT_METHOD = 'settlement';
export const SETTLEMENT_CATEGORY = 'settlement';

export const isSettlement = (e: ExpenseRecord): boolean => e.splitMethod === SETTLEMENT_METHOD;

/** The trip's spending: its expenses without settle-up payments. */
export const spendingOnly = (expenses: readonly ExpenseRecord[]): ExpenseRecord[] => expenses.filter((e) => !isSettlement(e));
