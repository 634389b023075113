import type { TransferBonus } from '../data/types.js';

// Which transfer bonuses run on a given day. Bonus dates are inclusive calendar
// dates; the day is taken in UTC so every process agrees on it.

/** The UTC calendar date of `on`, YYYY-MM-DD. */
export function utcDay(on: Date): string {
  return on.toISOString().slice(0, 10);
}

export function isActive(bonus: TransferBonus, day: string): boolean {
  return bonus.start <= day && day <= bonus.end;
}

/** A bonus with a dated source: the only kind that may change a path, a ratio or a recommendation. */
export function isVerified(bonus: TransferBonus): boolean {
  return bonus.source !== undefined;
}

export const verifiedOnly = (bonuses: readonly TransferBonus[]): TransferBonus[] => bonuses.filter(isVerified);

export function activeBonuses(bonuses: readonly TransferBonus[], on: Date): TransferBonus[] {
  const day = utcDay(on);
  return bonuses.filter((b) => isActive(b, day));
}

/** The best active bonus per `from→to` edge: promotions on one edge do not stack. */
export function bestBonusByEdge(bonuses: readonly TransferBonus[], on: Date): Map<string, TransferBonus> {
  const best = new Map<string, TransferBonus>();
  for (const b of activeBonuses(bonuses, on)) {
    const key = edgeKey(b.from, b.to);
    const held = best.get(key);
    if (!held || b.percent > held.percent || (b.percent === held.percent && b.end > held.end)) best.set(key, b);
  }
  return best;
}

export function edgeKey(from: string, to: string): string {
  return `${from}>${to}`;
}
