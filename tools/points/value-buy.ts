import { centsPerPoint, round2, toCents } from './value-cpp.js';

// Buying points for one award versus paying cash: the points are bought in blocks
// of PURCHASE_INCREMENT before the promotion's bonus, so the purchase is rounded up
// and can cost a little more than the points strictly needed.

/** Programmes sell points in blocks of 1,000 (before any bonus). */
export const PURCHASE_INCREMENT = 1000;

export interface BuyInputs {
  pointsNeeded: number;
  cashPrice: number;
  /** Taxes and fees of the award, paid in cash on top of the points. */
  taxes: number;
  /** The purchase promotion, e.g. 50 for "buy points, get 50 % more". */
  bonusPercent: number;
  /** Price of one point before the bonus, in US cents. */
  priceCentsPerPoint: number;
  /** The programme's yearly purchase cap in points bought, when it has one. */
  maxPerYear: number | null;
}

export interface BuyResult {
  points_to_buy: number;
  points_received: number;
  cost_of_buying: number;
  award_cost: number;
  savings: number;
  verdict: 'buy' | 'pay_cash';
  effective_cpp: number;
  redemption_cpp: number;
  exceeds_yearly_cap: boolean;
  reason: string;
}

const EPSILON = 1e-9;

/** Points to buy (before the bonus) so that with the bonus at least `needed` arrive, in whole blocks. */
export function pointsToBuy(needed: number, bonusPercent: number): number {
  const base = (needed * 100) / (100 + bonusPercent);
  return Math.ceil(base / PURCHASE_INCREMENT - EPSILON) * PURCHASE_INCREMENT;
}

/** Points credited for `bought` points under the bonus. */
export function pointsReceived(bought: number, bonusPercent: number): number {
  return Math.floor((bought * (100 + bonusPercent)) / 100 + EPSILON);
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function reasonFor(savingsCents: number, exceedsCap: boolean, bought: number, cap: number | null): string {
  if (exceedsCap) return `Buying ${bought.toLocaleString('en-US')} points exceeds the programme's yearly limit of ${(cap ?? 0).toLocaleString('en-US')}; pay cash (or buy across several accounts and pool them where allowed).`;
  if (savingsCents > 0) return `Buying the points and paying the taxes saves ${usd(savingsCents)} against the cash fare.`;
  if (savingsCents === 0) return 'Buying the points costs exactly the cash fare; pay cash and keep the flexibility (and the miles earned on a paid ticket).';
  return `Buying the points costs ${usd(-savingsCents)} more than the cash fare; pay cash.`;
}

export function buyOrPayCash(i: BuyInputs): BuyResult {
  const bought = pointsToBuy(i.pointsNeeded, i.bonusPercent);
  const received = pointsReceived(bought, i.bonusPercent);
  const buyCents = Math.round(bought * i.priceCentsPerPoint);
  const awardCents = buyCents + toCents(i.taxes);
  const savingsCents = toCents(i.cashPrice) - awardCents;
  const exceedsCap = i.maxPerYear !== null && bought > i.maxPerYear;
  return {
    points_to_buy: bought,
    points_received: received,
    cost_of_buying: buyCents / 100,
    award_cost: awardCents / 100,
    savings: savingsCents / 100,
    verdict: savingsCents > 0 && !exceedsCap ? 'buy' : 'pay_cash',
    effective_cpp: round2(buyCents / received),
    redemption_cpp: centsPerPoint(i.cashPrice, i.taxes, i.pointsNeeded),
    exceeds_yearly_cap: exceedsCap,
    reason: reasonFor(savingsCents, exceedsCap, bought, i.maxPerYear),
  };
}
