import type { Program } from '../points/data/types.js';
import type { TransferPath, pointsToSend } from '../points/graph/transfer-graph.js';
import { centsPerPoint, verdictFor } from '../points/value-cpp.js';
import type { AwardCandidate } from './award-candidates.js';
import { fromUsd } from './fx-usd.js';
import { pathSummary, pathWarning } from './path-text.js';
import type { TRANSFER_TIMES, RedemptionPathOut } from './router-answer.js';

// One way to pay for one award: miles already held in the booking programme
// (always used first), plus what a transfer from one source brings in.

export type Sent = ReturnType<typeof pointsToSend>;

export interface PathPlan {
  candidate: AwardCandidate;
  /** The programme whose points are spent: the booking programme itself when no transfer. */
  source: Program;
  heldUsed: number;
  transfer: { path: TransferPath; sent: Sent } | null;
}

export interface PricingContext {
  /** Cash price for the whole party, in the request currency and in US dollars. */
  cashPrice: number;
  cashUsd: number;
  currency: string;
  passengers: number;
  nowMs: number;
  nameOf: (id: string) => string;
}

type Speed = (typeof TRANSFER_TIMES)[number];
const SPEED_ORDER: Readonly<Record<Speed, number>> = { none: 0, instant: 1, hours: 2, days: 3 };

function slowest(path: TransferPath | undefined): Speed {
  let speed: Speed = 'none';
  for (const step of path?.steps ?? []) if (SPEED_ORDER[step.transferTime] > SPEED_ORDER[speed]) speed = step.transferTime;
  return speed;
}

function hops(plan: PathPlan): RedemptionPathOut['transfers'] {
  if (!plan.transfer) return [];
  const { path, sent } = plan.transfer;
  return sent.hops.map((h, i) => {
    const step = path.steps[i];
    const bonus = path.bonuses.find((b) => b.from === h.from && b.to === h.to);
    return { from: h.from, to: h.to, send: h.send, receive: h.receive, ratio: step?.ratio ?? 0, bonus_percent: step?.bonusPercent ?? 0, bonus_ends: bonus?.end ?? null };
  });
}

export function ageSeconds(observedMs: number | null, nowMs: number): number | null {
  return observedMs === null ? null : Math.max(0, Math.floor((nowMs - observedMs) / 1000));
}

export function describePath(plan: PathPlan, ctx: PricingContext): RedemptionPathOut {
  const c = plan.candidate;
  const miles = c.milesPerPassenger * ctx.passengers;
  const taxesUsd = c.taxesUsdPerPassenger * ctx.passengers;
  const pointsSpent = plan.heldUsed + (plan.transfer?.sent.send ?? 0);
  const effectiveCpp = centsPerPoint(ctx.cashUsd, taxesUsd, pointsSpent);
  const referenceCpp = plan.source.referenceCpp;
  const out: RedemptionPathOut = {
    program: c.program.id,
    program_name: c.program.name,
    availability: c.availability,
    miles,
    miles_per_passenger: c.milesPerPassenger,
    miles_high: c.milesHigh,
    taxes: fromUsd(taxesUsd, ctx.currency),
    seats: c.seats,
    airlines: c.airlines,
    direct: c.direct,
    flights: c.flights,
    award_data_age_seconds: ageSeconds(c.observedMs, ctx.nowMs),
    source: plan.source.id,
    source_name: plan.source.name,
    uses_existing_balance: plan.heldUsed > 0,
    existing_balance_used: plan.heldUsed,
    transfers: hops(plan),
    points_spent: pointsSpent,
    transfer_time: slowest(plan.transfer?.path),
    transfer_hours: plan.transfer?.path.typicalHours ?? 0,
    can_hold: c.hold?.possible ?? false,
    hold_hours: c.hold?.possible ? c.hold.hours : null,
    effective_cpp: effectiveCpp,
    reference_cpp: referenceCpp,
    verdict: verdictFor(effectiveCpp, referenceCpp),
    summary: '',
  };
  // Filled in place: an answer describes dozens of paths, within a 2 ms budget.
  const warning = pathWarning(c, out);
  if (warning) out.warning = warning;
  out.summary = pathSummary(c, out, ctx.cashPrice, ctx.currency, ctx.nameOf);
  return out;
}
