import type { TransferBonus, TransferEdge } from './data/types.js';
import { programName } from './catalog-datasets.js';
import { daysLeft, ratioText, round } from './catalog-format.js';
import type { BonusView, StepView } from './catalog-schemas.js';
import { effectiveRatioOf } from './graph/graph-index.js';
import type { TransferStep } from './graph/transfer-graph.js';

// Data records → the shapes the catalog routes answer with.

export function stepView(step: TransferStep): StepView {
  return {
    from: step.from,
    to: step.to,
    ratio: ratioText(step.ratio),
    ratio_value: round(step.ratio, 6),
    bonus_percent: step.bonusPercent,
    effective_ratio: round(step.effectiveRatio, 4),
    minimum: step.minimum,
    increment: step.increment,
    transfer_time: step.transferTime,
    typical_hours: step.typicalHours,
    block_bonus: step.blockBonus ? { ...step.blockBonus } : null,
  };
}

/** A bonus with its days left; `edge` is the partnership it boosts, when the dataset has it. */
export function bonusView(bonus: TransferBonus, today: string, edge: TransferEdge | undefined): BonusView {
  return {
    from: bonus.from,
    from_name: programName(bonus.from),
    to: bonus.to,
    to_name: programName(bonus.to),
    percent: bonus.percent,
    start: bonus.start,
    end: bonus.end,
    days_left: daysLeft(today, bonus.end),
    note: bonus.note ?? null,
    ratio: edge ? ratioText(edge.ratio) : null,
    effective_ratio: edge ? round(effectiveRatioOf(edge, bonus.percent), 4) : null,
    verified: bonus.source !== undefined,
    source: bonus.source ? { ...bonus.source } : null,
  };
}

/** Ending soonest first, then the biggest, then by programme ids. */
export function compareBonuses(a: TransferBonus, b: TransferBonus): number {
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  if (a.percent !== b.percent) return b.percent - a.percent;
  const ka = `${a.from}>${a.to}`;
  const kb = `${b.from}>${b.to}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
