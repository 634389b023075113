import type { TransferPath, TransferStep } from './graph-types.js';

// How many points to send at the source so that enough arrive at the target.
// Works backwards from the target: each hop must deliver what the next hop sends.
// A transfer is `minimum + j × increment` points (j ≥ 0); what arrives is
// floor(sent × ratio), plus the bonus on that, plus the block bonus per whole
// block sent, each rounded down as programmes credit whole points.

export interface HopAmount {
  from: string;
  to: string;
  send: number;
  receive: number;
}

export interface TransferAmounts {
  send: number;
  receive: number;
  hops: HopAmount[];
}

// Guards floor() against 3000 × (1/3) = 999.9999…
const FLOOR_EPS = 1e-7;
const floorPoints = (x: number): number => Math.floor(x + FLOOR_EPS);

/** Points that arrive when `send` points go through one step. */
export function receivedFor(step: TransferStep, send: number): number {
  if (send <= 0) return 0;
  const base = floorPoints(send * step.ratio);
  const bonus = floorPoints((base * step.bonusPercent) / 100);
  const block = step.blockBonus && step.blockBonus.per > 0 ? Math.floor(send / step.blockBonus.per) * step.blockBonus.bonus : 0;
  return base + bonus + block;
}

/** Allowed transfers are minimum + j × increment; the number of increments to reach `points`. */
const stepsFor = (points: number, minimum: number, increment: number): number => Math.max(0, Math.ceil((points - minimum) / increment));

/** The smallest allowed transfer on this step that delivers at least `need` points. */
export function sendFor(step: TransferStep, need: number): number {
  if (need <= 0) return 0;
  // Plain arithmetic, no closures: the router asks this for every award, balance and path of a ranking.
  const minimum = Math.max(1, Math.ceil(step.minimum));
  const increment = Math.max(1, Math.ceil(step.increment));
  // The search runs between two bounds a few steps apart, not from zero.
  // Floors only take points away, so no transfer under need / (most a point can earn) is enough.
  const perPointAtMost = step.ratio * (1 + step.bonusPercent / 100) + (step.blockBonus && step.blockBonus.per > 0 ? step.blockBonus.bonus / step.blockBonus.per : 0);
  let lo = Math.max(0, Math.floor((need / perPointAtMost - minimum) / increment));
  // A few points over need at ratio and bonus cover both floors; if rounding surprises us, widen from need / ratio.
  let hi = stepsFor((need + 3) / (step.ratio * (1 + step.bonusPercent / 100)), minimum, increment);
  if (receivedFor(step, minimum + hi * increment) < need) {
    hi = stepsFor(need / step.ratio, minimum, increment);
    while (receivedFor(step, minimum + hi * increment) < need) hi = hi * 2 + 1;
  }
  if (lo > hi) lo = 0;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (receivedFor(step, minimum + mid * increment) >= need) hi = mid;
    else lo = mid + 1;
  }
  return minimum + lo * increment;
}

const wantedPoints = (targetPoints: number): number => (Number.isFinite(targetPoints) ? Math.max(0, Math.ceil(targetPoints)) : 0);

/**
 * What the source must send for `targetPoints` to arrive: pointsToSend's `send`,
 * without the per-hop detail. The router asks this for every path, award and
 * balance of a ranking and describes only the few it keeps.
 */
export function sourceSend(path: TransferPath, targetPoints: number): number {
  let need = wantedPoints(targetPoints);
  for (let i = path.steps.length - 1; i >= 0; i--) need = sendFor(path.steps[i] as TransferStep, need);
  return need;
}

export function pointsToSend(path: TransferPath, targetPoints: number): TransferAmounts {
  const wanted = wantedPoints(targetPoints);
  if (path.steps.length === 0) return { send: wanted, receive: wanted, hops: [] };

  const sends = new Array<number>(path.steps.length);
  let need = wanted;
  for (let i = path.steps.length - 1; i >= 0; i--) {
    need = sendFor(path.steps[i] as TransferStep, need);
    sends[i] = need;
  }
  const hops = path.steps.map((step, i) => {
    const send = sends[i] ?? 0;
    return { from: step.from, to: step.to, send, receive: receivedFor(step, send) };
  });
  return { send: hops[0]?.send ?? 0, receive: hops[hops.length - 1]?.receive ?? 0, hops };
}
