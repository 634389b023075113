// Settle-up: the fewest transfers that bring every balance to zero.
//
// Any settlement is a forest over the members; a connected group of k members needs
// at least k−1 transfers and its balances must sum to zero. So the minimum is
// n − (the largest number of disjoint zero-sum groups the n non-zero members split
// into). Finding that partition is NP-hard in general; we solve it exactly by dynamic
// programming over subsets (2^n states) for up to EXACT_LIMIT members, and above that
// fall back to the greedy largest-debtor → largest-creditor match, which is never
// worse than n−1 transfers but can miss the optimum.

export interface Transfer {
  from: string;
  to: string;
  minor: number;
}

/** 2^15 = 32,768 states × 15 — a millisecond; 20 would be ~20M steps per request. */
export const EXACT_LIMIT = 15;

interface Entry {
  id: string;
  minor: number;
}

/**
 * `balances`: positive = owed, negative = owes; integers summing to zero (throws
 * RangeError otherwise). Output: debtors pay creditors, sorted by (from, to);
 * the same balances always give the same transfers, whatever the Map's order.
 */
export function settleUp(balances: ReadonlyMap<string, number>): Transfer[] {
  const entries = nonZeroSorted(balances);
  const transfers: Transfer[] = [];
  // A debtor and a creditor with exactly opposite balances are always one group in
  // some optimal partition, so pairing them first loses nothing and shrinks the DP.
  const rest = pairExactOpposites(entries, transfers);
  const groups = rest.length <= EXACT_LIMIT ? zeroSumGroups(rest) : [rest];
  for (const group of groups) transfers.push(...greedySettle(group));
  return transfers.sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to) || a.minor - b.minor);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function nonZeroSorted(balances: ReadonlyMap<string, number>): Entry[] {
  let sum = 0;
  const entries: Entry[] = [];
  for (const [id, minor] of balances) {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`balance of ${id} is not a whole number of minor units`);
    sum += minor;
    if (minor !== 0) entries.push({ id, minor });
  }
  if (sum !== 0) throw new RangeError(`balances sum to ${sum}, not zero`);
  return entries.sort((a, b) => compare(a.id, b.id));
}

function pairExactOpposites(entries: readonly Entry[], transfers: Transfer[]): Entry[] {
  const paired = new Set<number>();
  for (let i = 0; i < entries.length; i++) {
    const debtor = entries[i]!;
    if (debtor.minor >= 0 || paired.has(i)) continue;
    const j = entries.findIndex((c, k) => !paired.has(k) && c.minor === -debtor.minor);
    if (j < 0) continue;
    paired.add(i).add(j);
    transfers.push({ from: debtor.id, to: entries[j]!.id, minor: -debtor.minor });
  }
  return entries.filter((_, k) => !paired.has(k));
}

/**
 * Partition into the maximum number of zero-sum groups. best[mask] = the most
 * zero-sum "prefixes" along some ordering of mask's members, i.e.
 * max over i in mask of best[mask − i] + (sum(mask) = 0). Walking an optimal
 * ordering back and cutting at each zero prefix sum yields the groups.
 */
export function zeroSumGroups(entries: readonly Entry[]): Entry[][] {
  const n = entries.length;
  if (n === 0) return [];
  const size = 1 << n;
  const sums = new Float64Array(size); // exact: |sums| stays far below 2^53
  const best = new Int32Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + entries[low]!.minor;
    let top = 0;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) top = Math.max(top, best[mask ^ (1 << i)]!);
    }
    best[mask] = top + (sums[mask] === 0 ? 1 : 0);
  }
  // Reconstruct: peel members off the full set, always to a state that keeps the optimum.
  const removalOrder: number[] = [];
  for (let mask = size - 1; mask !== 0; ) {
    const target = best[mask]! - (sums[mask] === 0 ? 1 : 0);
    let pick = -1;
    for (let i = 0; i < n && pick < 0; i++) {
      if (mask & (1 << i) && best[mask ^ (1 << i)] === target) pick = i;
    }
    removalOrder.push(pick);
    mask ^= 1 << pick;
  }
  const groups: Entry[][] = [];
  let current: Entry[] = [];
  let running = 0;
  for (const i of removalOrder.reverse()) {
    current.push(entries[i]!);
    running += entries[i]!.minor;
    if (running === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/**
 * Largest debtor pays largest creditor (ties by id) until all are zero. Each transfer
 * zeroes at least one side and the last zeroes both, so a zero-sum group of k
 * members takes at most k−1 transfers.
 */
export function greedySettle(group: readonly Entry[]): Transfer[] {
  const debtors = group.filter((e) => e.minor < 0).map((e) => ({ id: e.id, minor: -e.minor }));
  const creditors = group.filter((e) => e.minor > 0).map((e) => ({ ...e }));
  const byLargest = (a: Entry, b: Entry): number => b.minor - a.minor || compare(a.id, b.id);
  const transfers: Transfer[] = [];
  for (;;) {
    const debtor = debtors.filter((d) => d.minor > 0).sort(byLargest)[0];
    const creditor = creditors.filter((c) => c.minor > 0).sort(byLargest)[0];
    if (!debtor || !creditor) break;
    const minor = Math.min(debtor.minor, creditor.minor);
    transfers.push({ from: debtor.id, to: creditor.id, minor });
    debtor.minor -= minor;
    creditor.minor -= minor;
  }
  return transfers;
}
