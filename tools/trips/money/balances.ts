// Each member's net position over a trip's expenses, in trip-currency minor units.

export interface ExpenseForBalance {
  paidBy: string;
  /** The amount converted to the trip currency; `shares` must split exactly this. */
  tripAmountMinor: number;
  shares: readonly { memberId: string; minor: number }[];
}

/**
 * Positive = the member is owed money, negative = the member owes. The payer is
 * credited the whole amount and every sharer debited their share, so the balances
 * always sum to zero. Members of `memberIds` come first, in that order (zero if
 * untouched); anyone else named by an expense (e.g. a removed member) is appended so
 * the books still balance. Throws if an expense's shares do not add up to its
 * amount: that is corrupt data, not user input.
 */
export function memberBalances(expenses: readonly ExpenseForBalance[], memberIds: readonly string[]): Map<string, number> {
  const balances = new Map<string, number>(memberIds.map((id) => [id, 0]));
  const add = (id: string, minor: number): void => {
    balances.set(id, (balances.get(id) ?? 0) + minor);
  };
  for (const expense of expenses) {
    const shared = expense.shares.reduce((sum, s) => sum + s.minor, 0);
    if (shared !== expense.tripAmountMinor || !Number.isSafeInteger(shared)) {
      throw new RangeError(`expense shares sum to ${shared}, not its amount ${expense.tripAmountMinor}`);
    }
    add(expense.paidBy, expense.tripAmountMinor);
    for (const share of expense.shares) add(share.memberId, -share.minor);
  }
  return balances;
}
