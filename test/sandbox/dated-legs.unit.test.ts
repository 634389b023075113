import { describe, expect, it } from 'vitest';
import { ALL_HUBS } from '../../adapters/sandbox/simulators/world/airlines.js';
import { MAX_DETOUR, legsOn, pairLegs, viaHubs } from '../../adapters/sandbox/simulators/world/dated-legs.js';
import { dayIndex, distanceKm, weekdayOfDay } from '../../adapters/sandbox/simulators/world/geo.js';
import { routeFlights } from '../../adapters/sandbox/simulators/world/network.js';

// The schedule's dated legs, kept per airport pair and day, and the hubs a
// one-stop search walks (issue 19): the same legs as the timetable gives, and no
// hub left out that could carry a connection.

const PAIRS = [['JFK', 'LHR'], ['LHR', 'NCE'], ['BOS', 'SFO'], ['DXB', 'SYD'], ['GVA', 'BKK'], ['BOD', 'CPH']] as const;

describe('viaHubs', () => {
  it('lists, in ALL_HUBS order, every hub on the detour ellipse with flights into and out of it', () => {
    for (const [o, d] of PAIRS) {
      const limit = MAX_DETOUR * distanceKm(o, d);
      const want = ALL_HUBS.filter((h) => h !== o && h !== d && distanceKm(o, h) + distanceKm(h, d) <= limit && routeFlights(o, h).length > 0 && routeFlights(h, d).length > 0);
      const via = viaHubs(pairLegs(o, d));
      expect(via.map((v) => v.hub)).toEqual(want);
      for (const v of via) expect([v.first.flights, v.second.flights]).toEqual([routeFlights(o, v.hub), routeFlights(v.hub, d)]);
    }
  });
});

describe('legsOn', () => {
  it('gives the flights operating that weekday, by departure, the same when asked again', () => {
    const first = dayIndex('2026-12-01');
    for (const [o, d] of PAIRS) {
      for (let day = first; day < first + 9; day++) {
        const legs = legsOn(o, d, day);
        const bit = 1 << weekdayOfDay(day);
        expect(legs.map((l) => l.route)).toEqual(routeFlights(o, d).filter((r) => r.days & bit));
        for (const l of legs) expect(l.departWall).toBe(day * 86_400_000 + l.route.departMinutes * 60_000);
        expect(legsOn(o, d, day)).toBe(legs);
      }
    }
    expect(legsOn('JFK', 'JFK', first)).toEqual([]);
  });
});
