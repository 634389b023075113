import { expect, it } from 'vitest';
import { addDays } from '../../tools/_kit/calendar-dates.js';
import { localDate } from '../../tools/flights/search-input.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from '../kit/test-context.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';

// Issue 23: observations are dated in the origin's local time, as the prediction's
// "today" is. At 22:00 in New York it is already tomorrow in UTC; dated by UTC day,
// that evening's JFK searches were "future" history and the model dropped them
// (0 samples after 29 searches), for 5-10 hours of every day.

it('counts the same-day observations of an origin west of UTC', async () => {
  // 03:00 UTC: the previous evening in New York.
  const at = new Date('2027-03-05T03:00:00Z');
  const ctx = testContext({ principal: ANONYMOUS, now: at });
  const today = localDate('JFK', at);
  expect(today < at.toISOString().slice(0, 10)).toBe(true);

  const observedAt = new Date(at.getTime() - 60_000).toISOString();
  const rows: PriceObservationInput[] = Array.from({ length: 25 }, (_, i) => ({
    searchId: `local-day-${i}`, origin: 'JFK', destination: 'LHR', departureDate: addDays(today, 30 + i), returnDate: null,
    cabin: 'economy', source: 'duffel', priceMinor: 50_000 + i * 100, currency: 'USD', observedAt,
  }));
  await ctx.services.fares.record(rows);

  const res = await restClient(ctx).post('/api/flights/prediction', { origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 45), current_price: 480 });
  const out = bodyOf<{ samples: number; percentile: number | null }>(res);
  expect(out.samples).toBe(25);
  expect(out.percentile).not.toBeNull();
});
