import { describe, expect, it } from 'vitest';
import { AWARD_PRICES } from '../../tools/points/data/award-prices.js';
import { chartCandidates, type RouteFacts } from '../../tools/points-router/award-candidates.js';
import { pathWarning } from '../../tools/points-router/path-text.js';
import { routerCatalog } from '../../tools/points-router/router-graph.js';

// Issue 23: ANA Mileage Club sells round trips only on its own chart; our chart rows
// hold half the round trip. Priced as a one-way award, ANA looked half as expensive as
// it is. For a one-way fare the router now counts the whole round trip and says why.

const JFK_NRT: RouteFacts = { origin: 'JFK', destination: 'NRT', cabin: 'business', fromRegion: 'north_america', toRegion: 'north_asia', distanceMiles: 6_740 };

describe('round-trip-only award charts', () => {
  it('price a one-way trip at the whole round trip, with a warning that says so', () => {
    const row = AWARD_PRICES.items.find((p) => p.program === 'ana_mileage_club' && p.fromRegion === 'north_america' && p.toRegion === 'north_asia');
    expect(row?.roundTripOnly).toBe(true);
    const ana = chartCandidates(routerCatalog(), JFK_NRT, new Set(), false).find((c) => c.program.id === 'ana_mileage_club');
    expect(ana).toBeDefined();
    expect(ana!.milesPerPassenger).toBe(2 * row!.miles.business!);
    expect(ana!.taxesUsdPerPassenger).toBe(2 * row!.typicalTaxesUsd.business!);
    expect(ana!.roundTripOnly).toBe(true);
    const warning = pathWarning(ana!, {
      program: 'ana_mileage_club', program_name: 'ANA Mileage Club', transfers: [], can_hold: true, hold_hours: 72, transfer_time: 'instant', transfer_hours: 0, effective_cpp: 3,
    } as unknown as Parameters<typeof pathWarning>[1]);
    expect(warning).toContain('sells round trips only');
  });

  it('leave one-way charts alone', () => {
    const others = chartCandidates(routerCatalog(), JFK_NRT, new Set(), false).filter((c) => c.program.id !== 'ana_mileage_club');
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) {
      const row = AWARD_PRICES.items.find((p) => p.program === c.program.id && p.fromRegion === 'north_america' && p.toRegion === 'north_asia' && !p.distanceBand);
      expect(c.roundTripOnly).toBe(false);
      if (row?.miles.business) expect(c.milesPerPassenger).toBe(row.miles.business);
    }
  });
});
