import { fromMinor, toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/provider-basics.js';
import type { StayRate } from '../_kit/stays-cars-cruises.js';

/**
 * What cancelling at `now` refunds under a cancellation timeline: the largest
 * refund among the entries whose deadline has not passed; nothing once all have
 * (or when the timeline is empty: a non-refundable rate).
 */
export function refundUnderTimeline(timeline: StayRate['cancellationTimeline'], now: Date, currency: string): Money {
  let best = 0;
  for (const t of timeline) {
    if (Date.parse(t.before) > now.getTime()) best = Math.max(best, toMinor(t.refund));
  }
  return fromMinor(best, currency);
}
