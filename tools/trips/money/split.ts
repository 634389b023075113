// Splitting one expense among trip members, in integer minor units.
// Every split is reduced to integer weights and shared out by the largest-remainder
// method, so the parts always sum to the total exactly and the leftover units go to
// the largest fractional parts, ties broken by member order (deterministic).

export type SplitSpec =
  | { method: 'equal' }
  | { method: 'exact'; amounts: Readonly<Record<string, number>> }
  | { method: 'shares'; shares: Readonly<Record<string, number>> }
  | { method: 'percent'; percents: Readonly<Record<string, number>> };

/** A split that cannot be applied; `field` names the offending input ('amounts', 'shares', 'percents', 'among', 'amount'). */
export class SplitError extends Error {
  constructor(message: string, readonly field: string) {
    super(message);
    this.name = 'SplitError';
  }
}

export interface SplitPart {
  memberId: string;
  minor: number;
}

/** Shares and percents are quantised to 1e-6 so the arithmetic below can be exact integers. */
const WEIGHT_SCALE = 1_000_000;
/** Percents may sum to 100 within this tolerance (clients send 33.33333333333333 × 3). */
const PERCENT_TOLERANCE = 1e-6;

export function splitAmount(totalMinor: number, split: SplitSpec, memberIds: readonly string[]): SplitPart[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor <= 0) {
    throw new SplitError('the amount must be a positive whole number of minor units', 'amount');
  }
  checkMembers(memberIds);
  switch (split.method) {
    case 'equal':
      return largestRemainder(totalMinor, memberIds, memberIds.map(() => 1n));
    case 'exact':
      return exactSplit(totalMinor, split.amounts, memberIds);
    case 'shares':
      return weightedSplit(totalMinor, split.shares, memberIds, 'shares');
    case 'percent':
      return percentSplit(totalMinor, split.percents, memberIds);
  }
}

function checkMembers(memberIds: readonly string[]): void {
  if (memberIds.length === 0) throw new SplitError('split among at least one member', 'among');
  const seen = new Set<string>();
  for (const id of memberIds) {
    if (seen.has(id)) throw new SplitError(`member ${id} is listed twice`, 'among');
    seen.add(id);
  }
}

/** Keys of a per-member record must all be among the split's members. */
function checkKeys(record: Readonly<Record<string, number>>, memberIds: readonly string[], field: string): void {
  const members = new Set(memberIds);
  for (const key of Object.keys(record)) {
    if (!members.has(key)) throw new SplitError(`${key} is not among the members this expense is split between`, field);
  }
}

function exactSplit(totalMinor: number, amounts: Readonly<Record<string, number>>, memberIds: readonly string[]): SplitPart[] {
  checkKeys(amounts, memberIds, 'amounts');
  let sum = 0;
  const parts = memberIds.map((memberId) => {
    const minor = amounts[memberId] ?? 0;
    if (!Number.isSafeInteger(minor) || minor < 0) {
      throw new SplitError(`the amount for ${memberId} must be a non-negative whole number of minor units`, 'amounts');
    }
    sum += minor;
    return { memberId, minor };
  });
  if (sum !== totalMinor) throw new SplitError(`exact amounts sum to ${sum}, not the total ${totalMinor}`, 'amounts');
  return parts;
}

/** Members missing from the record get weight 0; given weights must be positive (shares) or non-negative (percents). */
function toWeights(record: Readonly<Record<string, number>>, memberIds: readonly string[], field: string, allowZero: boolean): bigint[] {
  checkKeys(record, memberIds, field);
  const weights = memberIds.map((id) => {
    const value = record[id];
    if (value === undefined) return 0n;
    if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
      throw new SplitError(`the ${field} value for ${id} must be ${allowZero ? 'zero or more' : 'positive'}`, field);
    }
    const scaled = Math.round(value * WEIGHT_SCALE);
    if (!allowZero && scaled === 0) throw new SplitError(`the ${field} value for ${id} is too small`, field);
    return BigInt(scaled);
  });
  if (weights.every((w) => w === 0n)) throw new SplitError(`give at least one member a positive ${field} value`, field);
  return weights;
}

function weightedSplit(totalMinor: number, shares: Readonly<Record<string, number>>, memberIds: readonly string[], field: string): SplitPart[] {
  return largestRemainder(totalMinor, memberIds, toWeights(shares, memberIds, field, false));
}

function percentSplit(totalMinor: number, percents: Readonly<Record<string, number>>, memberIds: readonly string[]): SplitPart[] {
  const weights = toWeights(percents, memberIds, 'percents', true);
  const sum = Object.values(percents).reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 100) > PERCENT_TOLERANCE) throw new SplitError(`percents sum to ${sum}, not 100`, 'percents');
  // Dividing by the actual weight sum (not exactly 100) absorbs the tolerated float error.
  return largestRemainder(totalMinor, memberIds, weights);
}

/** Hamilton / largest-remainder apportionment with exact BigInt arithmetic. */
function largestRemainder(totalMinor: number, memberIds: readonly string[], weights: readonly bigint[]): SplitPart[] {
  const total = BigInt(totalMinor);
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  const floors = weights.map((w) => (total * w) / weightSum);
  const remainders = weights.map((w) => (total * w) % weightSum);
  let leftover = Number(total - floors.reduce((a, b) => a + b, 0n));
  // Stable order: biggest remainder first, then member order.
  const order = memberIds.map((_, i) => i).sort((i, j) => (remainders[j]! > remainders[i]! ? 1 : remainders[j]! < remainders[i]! ? -1 : i - j));
  const minor = floors.map(Number);
  for (const i of order) {
    if (leftover === 0) break;
    minor[i]! += 1;
    leftover -= 1;
  }
  return memberIds.map((memberId, i) => ({ memberId, minor: minor[i]! }));
}
