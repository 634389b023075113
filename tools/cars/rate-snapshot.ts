import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import type { CarRate } from '../_kit/stays-cars-cruises.js';
import type { RentalPeriod } from './rental-period.js';

// What a search learned about each rate, kept in the shared cache under its
// offer token: the rate, and the period it was searched for (the provider's rate
// does not repeat the times). Fees are priced from it, so the amount a card
// payment was made for can be worked out again at booking without a new search.

export interface RateSnapshot {
  rate: CarRate;
  period: RentalPeriod;
  searchId: string;
}

/** Longer than any checkout: the provider's own rate expiry decides whether it can still be booked. */
const SNAPSHOT_TTL_S = 6 * 3600;
const PREFIX = 'car:';

export function offerTokenOf(rateId: string): string {
  return `${PREFIX}${rateId}`;
}

/** The provider rate id of an offer token (the bare rate id is accepted too). */
export function rateIdOf(offerToken: string): string {
  return offerToken.startsWith(PREFIX) ? offerToken.slice(PREFIX.length) : offerToken;
}

const key = (rateId: string) => `car-rate:${rateId}`;

export async function saveRates(ctx: ToolContext, snapshots: readonly RateSnapshot[]): Promise<void> {
  await Promise.all(snapshots.map((s) => ctx.services.cache.set(key(s.rate.id), s, SNAPSHOT_TTL_S)));
}

export async function loadRate(ctx: ToolContext, offerToken: string): Promise<RateSnapshot> {
  const snapshot = await ctx.services.cache.get<RateSnapshot>(key(rateIdOf(offerToken)));
  if (!snapshot) {
    throw new ToolError('GONE', 'This car offer is unknown or has expired', { details: { offer_token: offerToken }, hint: 'Search cars again and use a fresh offer_token.' });
  }
  return snapshot;
}

/** Which of our flows sells the rate: partner-rate deals are prepaid by us; the rest is paid at the counter. */
export function flowOf(rate: CarRate): 'legacy' | 'partner' {
  return rate.paymentType === 'prepaid' ? 'partner' : 'legacy';
}
