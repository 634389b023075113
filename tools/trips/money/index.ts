// Trip money: pure functions for splitting expenses, balances, settle-up and budgets.
export { type SplitSpec, SplitError, splitAmount } from './split.js';
export { memberBalances } from './balances.js';
export { settleUp } from './settle-up.js';
export { type BudgetLine, type BudgetStatus, budgetStatus } from './budget.js';
