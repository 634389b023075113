import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DETOUR, MAX_FARE_DETOUR } from '../../tools/flights/self-connect/find.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, searchEvents } from './search-helpers.js';

// Self-connect hubs chosen by the fares on the route, not only the detour (issue 23):
// for Manchester–Tel Aviv, Dublin is only the 9th smallest detour (1.14×), so the finder
// never tried it. Once searches have seen its legs' fares, it is tried and its
// saving found.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Answer {
  through_fare: { price: number } | null;
  hubs_considered: { iata: string; detour_ratio: number; chosen_by: string; estimated_legs: number | null }[];
  self_connect: { hub: string; total: number; savings: number | null }[];
}

async function selfConnect(body: Record<string, unknown>): Promise<Answer> {
  const res = await server.post('/api/flights/self-connect', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Answer;
}

describe('self-connect hubs by fare', () => {
  it('tries a farther hub whose legs were seen cheap, and finds the saving the detour rule missed', async () => {
    let checked = 0;
    for (const day of [40, 45, 50, 55, 60]) {
      const trip = { origin: 'MAN', destination: 'TLV', departure_date: daysAhead(day) };
      const before = await selfConnect(trip);
      // Without fares seen on its legs, Dublin is too far out of the way to be tried.
      expect(before.hubs_considered.map((h) => h.iata)).not.toContain('DUB');
      const viaDublin = await selfConnect({ ...trip, hubs: ['DUB'] });
      if (viaDublin.self_connect.length === 0) continue;
      // Travellers' searches record the legs' fares (this one and the ones above).
      await searchEvents(server, { origin: 'MAN', destination: 'DUB', departure_date: trip.departure_date, search_type: 'cash' });
      await server.services.searchRecords.flush();
      const after = await selfConnect(trip);
      const dub = after.hubs_considered.find((h) => h.iata === 'DUB');
      expect(dub, JSON.stringify(after.hubs_considered)).toMatchObject({ chosen_by: 'fare' });
      // Every hub the detour rule tried alone is closer to the straight line.
      expect(Math.max(...before.hubs_considered.map((h) => h.detour_ratio))).toBeLessThan(dub!.detour_ratio);
      expect(dub!.detour_ratio).toBeLessThanOrEqual(MAX_FARE_DETOUR);
      expect(dub!.estimated_legs).toBeGreaterThan(0);
      expect(after.hubs_considered.length).toBeLessThanOrEqual(6);
      const best = after.self_connect.find((i) => i.hub === 'DUB');
      expect(best?.total).toBe(viaDublin.self_connect[0]!.total);
      expect(best!.savings).toBeGreaterThan(0);
      for (const h of after.hubs_considered.filter((x) => x.chosen_by === 'detour')) expect(h.detour_ratio).toBeLessThanOrEqual(MAX_DETOUR);
      checked++;
      break;
    }
    expect(checked, 'no date with a Dublin self-connect').toBe(1);
  });
});
