import { describe, expect, it } from 'vitest';
import { mistakeFareFactor } from '../../adapters/sandbox/simulators/world/fare-model.js';
import { cashPrice, itineraries } from '../../adapters/sandbox/simulators/world/index.js';
import { daysAhead } from '../flights/search-helpers.js';

// The simulators' rare mistake fares: deterministic per itinerary, cabin and UTC
// day, as frequent as the configured rate, 30–40 % of the normal fare, and
// absent at rate 0 (the default prices do not move).

const DAY = Math.floor(Date.now() / 86_400_000);

describe('mistakeFareFactor', () => {
  it('never glitches at rate 0 and always at rate 1, to 30–40 %', () => {
    for (let i = 0; i < 200; i++) {
      expect(mistakeFareFactor(`K${i}`, 'economy', DAY, 0)).toBe(1);
      const f = mistakeFareFactor(`K${i}`, 'economy', DAY, 1);
      expect(f).toBeGreaterThanOrEqual(0.3);
      expect(f).toBeLessThan(0.4);
    }
  });

  it('glitches about `rate` of itinerary-days, the same way all day', () => {
    let hits = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) if (mistakeFareFactor(`K${i}`, 'business', DAY, 0.05) < 1) hits++;
    expect(hits / n).toBeGreaterThan(0.045);
    expect(hits / n).toBeLessThan(0.055);
    const glitched = Array.from({ length: 2_000 }, (_, i) => `K${i}`).filter((k) => mistakeFareFactor(k, 'business', DAY, 0.05) < 1);
    for (const k of glitched) expect(mistakeFareFactor(k, 'business', DAY, 0.05)).toBe(mistakeFareFactor(k, 'business', DAY, 0.05));
    // The next day is a fresh draw.
    const stillNextDay = glitched.filter((k) => mistakeFareFactor(k, 'business', DAY + 1, 0.05) < 1).length;
    expect(stillNextDay).toBeLessThan(glitched.length / 2);
  });
});

describe('cashPrice with a mistake-fare rate', () => {
  const date = daysAhead(50);
  const itin = itineraries('JFK', 'LAX', date)[0]!;
  const at = new Date();

  it('is unchanged at rate 0 and scaled as a whole at rate 1, on both channels', () => {
    for (const channel of ['duffel', 'serpapi'] as const) {
      const normal = cashPrice(itin, 'economy', { searchedAt: at, channel })!;
      expect(cashPrice(itin, 'economy', { searchedAt: at, channel, mistakeFareRate: 0 })).toEqual(normal);
      const glitch = cashPrice(itin, 'economy', { searchedAt: at, channel, mistakeFareRate: 1 })!;
      const ratio = glitch.total / normal.total;
      expect(ratio, channel).toBeGreaterThan(0.29);
      expect(ratio, channel).toBeLessThan(0.41);
      expect(glitch.tax).toBeLessThan(normal.tax);
    }
  });
});
