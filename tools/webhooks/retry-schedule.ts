// When to try a failed delivery again: 30 s doubling to a 2 h cap, with ±20 %
// jitter so a receiver's outage does not bring every retry back at once; after
// about a day from the first try the delivery is given up.

export const FIRST_RETRY_S = 30;
export const MAX_RETRY_S = 2 * 3600;
export const GIVE_UP_AFTER_S = 24 * 3600;

/** The next attempt after `attempts` failed ones, or null to give up. `random` in [0, 1). */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date, random: number = Math.random()): Date | null {
  const base = Math.min(FIRST_RETRY_S * 2 ** Math.max(0, attempts - 1), MAX_RETRY_S);
  const next = new Date(now.getTime() + base * (0.8 + 0.4 * random) * 1000);
  return next.getTime() - firstAttemptAt.getTime() > GIVE_UP_AFTER_S * 1000 ? null : next;
}
