// The shapes the transfer graph answers with. They live apart from the search code
// so the amount calculator and the search can share them without importing each other.

export type TransferTime = 'instant' | 'hours' | 'days';

/** One transfer from one programme to the next, with the bonus active on the graph's day. */
export interface TransferStep {
  from: string;
  to: string;
  /** Points received per point sent, before bonuses (0.5 for 2:1, 2 for 1:2). */
  ratio: number;
  /** The best transfer bonus active on this edge, in percent (0 when none). */
  bonusPercent: number;
  /**
   * Points received per point sent after the bonus and, when the edge pays a block
   * bonus, at whole blocks: ratio × (1 + bonus %) + blockBonus.bonus / blockBonus.per.
   */
  effectiveRatio: number;
  /** Smallest transfer and step above it, in `from` points. */
  minimum: number;
  increment: number;
  transferTime: TransferTime;
  typicalHours: number;
  /** Extra points per whole block sent, e.g. Marriott's 5,000 per 60,000. */
  blockBonus?: { per: number; bonus: number };
}

export interface TransferPath {
  source: string;
  target: string;
  steps: TransferStep[];
  /** Product of the steps' effective ratios: target points per source point. */
  effectiveRatio: number;
  /** Sum of the steps' typical transfer times. */
  typicalHours: number;
  /** The active bonuses this path uses, one per step that has one. */
  bonuses: { from: string; to: string; percent: number; end: string }[];
}
