import { describe, expect, it } from 'vitest';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { statsTrendingTool } from '../../tools/stats/trending.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext, type TestContext } from '../kit/test-context.js';

// stats.trending's price drops on the in-memory statistics (test/kit/memory/price-drops.ts):
// per search its cheapest fare, per route, cabin, currency and trip kind the latest search
// against the median of the earlier ones in the 7-day window. stats.test.ts runs the SQL.

const DEPART = '2027-04-23';

function observer(ctx: TestContext) {
  return (route: string, search: string, priceMinor: number, hoursAgo: number, extra: Partial<PriceObservationInput> = {}): PriceObservationInput => ({
    searchId: `s_${route}_${search}`, origin: route.slice(0, 3), destination: route.slice(4), departureDate: DEPART, returnDate: null, cabin: 'economy',
    source: 'duffel', priceMinor, currency: 'USD', observedAt: new Date(ctx.clock().getTime() - hoursAgo * 3_600_000).toISOString(), ...extra,
  });
}

const trending = async (ctx: TestContext, limit = 10) => (await invokeUnary(statsTrendingTool, ctx, { limit })).price_drops;

describe('price drops in memory', () => {
  it('ranks routes whose latest fare is below the earlier median, biggest drop first', async () => {
    const ctx = testContext({ principal: ANONYMOUS });
    const obs = observer(ctx);
    await ctx.services.fares.record([
      // DEN-SFO: earlier 300, 310, 320, 330 (median 315), then 220: −30.2 %.
      ...[30_000, 31_000, 32_000, 33_000].map((p, i) => obs('DEN-SFO', `${i}`, p, 48 - i)),
      obs('DEN-SFO', 'last', 22_000, 1),
      // Older than the window, however cheap: not counted.
      obs('DEN-SFO', 'ancient', 5_000, 8 * 24),
      // MSP-DTW: earlier 100, 100, 100, then 90: −10 %.
      ...[10_000, 10_000, 10_000].map((p, i) => obs('MSP-DTW', `${i}`, p, 30 - i)),
      obs('MSP-DTW', 'last', 9_000, 2),
      // PHX-LAS rises: not a drop.
      ...[10_000, 10_000, 10_000].map((p, i) => obs('PHX-LAS', `${i}`, p, 30 - i)),
      obs('PHX-LAS', 'last', 12_000, 2),
      // IAH-AUS: two earlier searches are too few to call a drop.
      ...[10_000, 10_000].map((p, i) => obs('IAH-AUS', `${i}`, p, 30 - i)),
      obs('IAH-AUS', 'last', 5_000, 2),
    ]);
    const drops = await trending(ctx);
    expect(drops.map((d) => d.route)).toEqual(['DEN-SFO', 'MSP-DTW']);
    expect(drops[0]).toMatchObject({
      cabin: 'economy', trip: 'one_way', departure_date: DEPART, latest_price: { amount: 220, currency: 'USD' }, earlier_median: { amount: 315, currency: 'USD' },
      pct_drop: 30.2, earlier_searches: 4, observed_at: new Date(ctx.clock().getTime() - 3_600_000).toISOString(),
    });
    expect(drops[1]).toMatchObject({ latest_price: { amount: 90 }, earlier_median: { amount: 100 }, pct_drop: 10, earlier_searches: 3 });
    expect((await trending(ctx, 1)).map((d) => d.route)).toEqual(['DEN-SFO']);
  });

  it('takes each search\'s cheapest fare, its last observation and earliest departure, and keeps cabins, currencies and trip kinds apart', async () => {
    const ctx = testContext({ principal: ANONYMOUS });
    const obs = observer(ctx);
    await ctx.services.fares.record([
      ...[20_000, 20_000, 20_000].map((p, i) => obs('SEA-SFO', `${i}`, p, 30 - i)),
      // The latest search saw three fares over two hours; its cheapest, 150, counts, at its last sighting.
      obs('SEA-SFO', 'last', 25_000, 3, { departureDate: '2027-04-25' }),
      obs('SEA-SFO', 'last', 15_000, 2, { departureDate: '2027-04-24' }),
      obs('SEA-SFO', 'last', 30_000, 1, { departureDate: '2027-04-26' }),
      // The same route in business, in EUR and round trip: each its own group, none with enough earlier searches.
      ...[1, 2, 3].map((h) => obs('SEA-SFO', `biz${h}`, 10_000, h / 10, { cabin: 'business' })),
      ...[1, 2, 3].map((h) => obs('SEA-SFO', `eur${h}`, 10_000, h / 10, { currency: 'EUR' })),
      ...[1, 2, 3].map((h) => obs('SEA-SFO', `rt${h}`, 10_000, h / 10, { returnDate: '2027-04-30' })),
    ]);
    const drops = await trending(ctx);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({
      route: 'SEA-SFO', cabin: 'economy', trip: 'one_way', departure_date: '2027-04-24', latest_price: { amount: 150, currency: 'USD' },
      earlier_median: { amount: 200 }, pct_drop: 25, earlier_searches: 3, observed_at: new Date(ctx.clock().getTime() - 3_600_000).toISOString(),
    });
  });

  it('compares a round trip with round trips, and the median of an even count is the mean of the middle two', async () => {
    const ctx = testContext({ principal: ANONYMOUS });
    const obs = observer(ctx);
    const rt = { returnDate: '2027-04-30' };
    await ctx.services.fares.record([
      ...[10_000, 10_100, 10_300, 90_000].map((p, i) => obs('BOS-MIA', `${i}`, p, 30 - i, rt)),
      obs('BOS-MIA', 'last', 10_000, 1, rt),
    ]);
    expect(await trending(ctx)).toMatchObject([{ route: 'BOS-MIA', trip: 'round_trip', earlier_median: { amount: 102 }, latest_price: { amount: 100 }, earlier_searches: 4 }]);
  });
});
