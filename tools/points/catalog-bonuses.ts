import { z } from 'zod';
import { TRANSFER_BONUSES } from './data/bonuses.js';
import { DATASETS_AS_OF, edgesFrom } from './catalog-datasets.js';
import { BonusView, DatasetDates } from './catalog-schemas.js';
import { bonusView, compareBonuses } from './catalog-views.js';
import { activeBonuses, utcDay } from './graph/active-bonuses.js';

// The transfer bonuses running today, as both bonus routes answer them.

export const BonusesOutput = z.object({
  today: z.string().describe('The day checked (UTC), YYYY-MM-DD.'),
  as_of: DatasetDates,
  count: z.number().int(),
  bonuses: z.array(BonusView).describe('Active bonuses only, ending soonest first, then the biggest.'),
});
export type BonusesOutput = z.input<typeof BonusesOutput>;

/** Today's bonuses, optionally only those leaving one of `from`. */
export function activeBonusesAnswer(now: Date, from?: ReadonlySet<string>): BonusesOutput {
  const today = utcDay(now);
  const bonuses = activeBonuses(TRANSFER_BONUSES.items, now)
    .filter((b) => !from || from.has(b.from))
    .sort(compareBonuses)
    .map((b) => bonusView(b, today, edgesFrom.get(b.from)?.find((e) => e.to === b.to)));
  return { today, as_of: DATASETS_AS_OF, count: bonuses.length, bonuses };
}
