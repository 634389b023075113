import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';

// The simulator works out an offer request's offers once for all of its pages
// (a search reads three pages of one request at once). A page must not depend on
// which pages were asked before it: each answer equals the one a fresh simulator
// gives when that page is the only one asked.

const SEED = 'offer-list-memo';
const NOW = new Date('2026-06-01T10:02:00Z');
const headers = { 'duffel-version': 'v2' };
const signal = new AbortController().signal;
const PAGES: Record<string, string | number>[] = [
  { sort: 'total_amount', limit: 20 },
  { limit: 50 },
  { sort: 'total_duration', limit: 3 },
  { sort: 'total_amount', limit: 100, max_connections: 0 },
  { sort: '-total_amount', limit: 5, max_connections: 1 },
  { limit: 50 },
];

async function offerRequest(sim: ReturnType<typeof createDuffelSimulator>, roundTrip: boolean): Promise<string> {
  const slices = [
    { origin: 'JFK', destination: 'LHR', departure_date: '2026-07-15' },
    ...(roundTrip ? [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-07-22' }] : []),
  ];
  const req: HttpRequest = { method: 'POST', path: '/air/offer_requests', query: { return_offers: 'false' }, headers, body: JSON.stringify({ data: { slices, passengers: [{ type: 'adult' }], cabin_class: 'economy' } }), signal };
  const res = await sim.handle(req, NOW);
  expect(res.status).toBe(201);
  return (res.body as { data: { id: string } }).data.id;
}

const page = async (sim: ReturnType<typeof createDuffelSimulator>, id: string, q: Record<string, string | number>) =>
  JSON.stringify((await sim.handle({ method: 'GET', path: '/air/offers', query: { offer_request_id: id, ...q }, headers, signal }, NOW)).body);

describe('Duffel simulator: offer pages of one request', () => {
  for (const roundTrip of [false, true]) {
    it(`answers each page as if it were the only one asked (${roundTrip ? 'round trip' : 'one way'})`, async () => {
      const shared = createDuffelSimulator({ seed: SEED });
      const id = await offerRequest(shared, roundTrip);
      const inTurn = [];
      for (const q of [...PAGES, ...[...PAGES].reverse()]) inTurn.push(await page(shared, id, q));
      const together = await Promise.all(PAGES.map((q) => page(shared, id, q)));
      const alone = [];
      for (const q of PAGES) {
        const fresh = createDuffelSimulator({ seed: SEED });
        alone.push(await page(fresh, await offerRequest(fresh, roundTrip), q));
      }
      expect(inTurn).toEqual([...alone, ...[...alone].reverse()]);
      expect(together).toEqual(alone);
      // The pages differ, so the comparison could fail.
      expect(new Set(alone).size).toBeGreaterThan(3);
      expect(alone[0]).not.toEqual('{"data":[]}');
    });
  }
});
