import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../tools/fares/dates.js';
import { localDate } from '../../tools/flights/search-input.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Issue 23: observations are dated in the origin's local time, as the prediction's
// "today" is. At 22:00 in New York it is already tomorrow in UTC; dated by UTC day,
// that evening's JFK searches were "future" history and the model dropped them
// (0 samples after 29 searches), for 5-10 hours of every day.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('counts the same-day observations of an origin west of UTC', async () => {
  // The next 03:00 UTC: the previous evening in New York.
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  const today = localDate('JFK', at);
  expect(today < at.toISOString().slice(0, 10)).toBe(true);

  const observedAt = new Date(at.getTime() - 60_000).toISOString();
  const rows: PriceObservationInput[] = Array.from({ length: 25 }, (_, i) => ({
    searchId: `local-day-${i}`, origin: 'JFK', destination: 'LHR', departureDate: addDays(today, 30 + i), returnDate: null,
    cabin: 'economy', source: 'duffel', priceMinor: 50_000 + i * 100, currency: 'USD', observedAt,
  }));
  await server.services.fares.record(rows);

  const clock = server.services.clock;
  server.services.clock = () => at;
  try {
    const res = await server.post('/api/flights/prediction', { origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 45), current_price: 480 });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { samples: number; percentile: number | null };
    expect(out.samples).toBe(25);
    expect(out.percentile).not.toBeNull();
  } finally {
    server.services.clock = clock;
  }
});
