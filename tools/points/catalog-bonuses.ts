import { z } from 'zod';
import { TRANSFER_BONUSES } from './data/bonuses.js';
import { DATASETS_AS_OF, edgesFrom } from './catalog-datasets.js';
import { BonusView, DatasetDates } from './catalog-schemas.js';
import { bonusView, compareBonuses } from './catalog-views.js';
import { activeBonuses, isVerified, utcDay } from './graph/active-bonuses.js';

// The transfer bonuses running today, as both bonus routes answer them: verified
// ones (a dated source) in `bonuses`, the rest apart in `unverified`, so nothing
// unconfirmed reads like a promotion to act on.

export const BonusesOutput = z.object({
  today: z.string().describe('The day checked (UTC), YYYY-MM-DD.'),
  as_of: DatasetDates,
  count: z.number().int().describe('Verified bonuses running today.'),
  bonuses: z.array(BonusView).describe('Verified bonuses running today, ending soonest first, then the biggest. Only these count in paths and recommendations.'),
  unverified: z.array(BonusView).describe('Bonuses the dataset lists for today without a dated source: check with the bank before transferring; never used in paths or recommendations.'),
});
export type BonusesOutput = z.input<typeof BonusesOutput>;

/** Today's bonuses, optionally only those leaving one of `from`. */
export function activeBonusesAnswer(now: Date, from?: ReadonlySet<string>): BonusesOutput {
  const today = utcDay(now);
  const all = activeBonuses(TRANSFER_BONUSES.items, now)
    .filter((b) => !from || from.has(b.from))
    .sort(compareBonuses)
    .map((b) => ({ verified: isVerified(b), view: bonusView(b, today, edgesFrom.get(b.from)?.find((e) => e.to === b.to)) }));
  const bonuses = all.filter((b) => b.verified).map((b) => b.view);
  return { today, as_of: DATASETS_AS_OF, count: bonuses.length, bonuses, unverified: all.filter((b) => !b.verified).map((b) => b.view) };
}
