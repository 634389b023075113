import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead, latestResults, ofType, searchEvents } from './search-helpers.js';

// POST /api/search with the new trip shapes (issue 23), against the simulators:
// multi-city / open-jaw slices, a ±N days window in one stream, and totals with bags.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Result {
  id: string;
  price: number | null;
  currency: string | null;
  bookable: boolean;
  offer_id: string | null;
  sources: string[];
  route: string;
  dates: string[];
  bags: { per_passenger: number; total: number | null; basis: string } | null;
  prices: { source: string; offer_id: string | null; bookable: boolean; checked_bags: number | null }[];
  slices: { origin: string; destination: string; departing_at: string; segments: { origin: string; destination: string }[] }[];
}

interface DateLine {
  departure_date: string;
  return_date: string | null;
  status: string;
  count: number;
  cheapest: { id: string; price: number; currency: string; bookable: boolean } | null;
}

interface Summary {
  count: number;
  cached: boolean;
  providers: { provider: string; status: string }[];
  dates: DateLine[] | null;
}

const completeOf = (events: Awaited<ReturnType<typeof searchEvents>>) => {
  expect(ofType(events, 'error')).toEqual([]);
  return ofType(events, 'complete')[0]!.data as unknown as Summary;
};

describe('multi-city and open-jaw search', () => {
  it('searches every slice through Duffel and Google Flights, and each result carries every slice with its segments', async () => {
    const slices = [
      { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40) },
      { origin: 'CDG', destination: 'FCO', departure_date: daysAhead(44) },
      { origin: 'FCO', destination: 'JFK', departure_date: daysAhead(50) },
    ];
    const events = await searchEvents(server, { slices, search_type: 'both' });
    const summary = completeOf(events);
    // Award seats are per route and day: a multi-city trip asks only the cash providers.
    expect(summary.providers.map((p) => [p.provider, p.status]).sort()).toEqual([['duffel', 'ok'], ['serpapi', 'ok']]);
    const results = latestResults<Result>(events);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.slices.map((s) => [s.origin, s.destination])).toEqual(slices.map((s) => [s.origin, s.destination]));
      expect(r.dates).toEqual(slices.map((s) => s.departure_date));
      // Segments chain from the slice's origin to its destination.
      for (const s of r.slices) {
        expect(s.segments[0]!.origin).toBe(s.origin);
        expect(s.segments.at(-1)!.destination).toBe(s.destination);
      }
      expect(r.route).toBe('JFK-LHR-CDG-FCO-JFK');
    }
    expect(results.some((r) => r.bookable && r.sources.includes('duffel'))).toBe(true);
    expect(results.some((r) => r.sources.includes('serpapi'))).toBe(true);
  });

  it('answers a multi-city search from its own cache entry, never a one-way one of its first and last place', async () => {
    const date = daysAhead(60);
    const oneWay = completeOf(await searchEvents(server, { origin: 'LHR', destination: 'JFK', departure_date: date, search_type: 'cash' }));
    expect(oneWay.cached).toBe(false);
    const slices = [
      { origin: 'LHR', destination: 'CDG', departure_date: date },
      { origin: 'CDG', destination: 'JFK', departure_date: daysAhead(63) },
    ];
    const first = await searchEvents(server, { slices, search_type: 'cash' });
    expect(completeOf(first).cached).toBe(false);
    expect(latestResults<Result>(first).every((r) => r.slices.length === 2)).toBe(true);
    const again = await searchEvents(server, { slices, search_type: 'cash' });
    expect(completeOf(again).cached).toBe(true);
    expect(latestResults<Result>(again).map((r) => r.id).sort()).toEqual(latestResults<Result>(first).map((r) => r.id).sort());
  });

  it('rejects malformed slices with 422 naming the field', async () => {
    const leg = (origin: string, destination: string, days: number) => ({ origin, destination, departure_date: daysAhead(days) });
    const cases: [Record<string, unknown>, string][] = [
      [{ slices: [leg('JFK', 'LHR', 10)] }, 'slices'],
      [{ slices: Array.from({ length: 7 }, (_, i) => leg(i % 2 ? 'LHR' : 'JFK', i % 2 ? 'JFK' : 'LHR', 10 + i)) }, 'slices'],
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 15)] }, 'slices.1.departure_date'],
      [{ slices: [leg('JFK', 'QQQ', 20), leg('LHR', 'CDG', 25)] }, 'slices.0.destination'],
      [{ slices: [leg('JFK', 'LHR', -2), leg('LHR', 'CDG', 25)] }, 'slices.0.departure_date'],
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'LHR', 25)] }, 'slices.1.destination'],
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25)], origin: 'JFK' }, 'origin'],
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25)], search_type: 'points' }, 'search_type'],
      // A flexible multi-city search is a search of every slice per shift: 3 slices go to ±1, 5 take none.
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25), leg('CDG', 'JFK', 30)], flexible_days: 2 }, 'flexible_days'],
      [{ slices: [leg('JFK', 'LHR', 20), leg('LHR', 'CDG', 25), leg('CDG', 'FRA', 27), leg('FRA', 'MAD', 29), leg('MAD', 'JFK', 30)], flexible_days: 1 }, 'flexible_days'],
      [{ destination: 'LHR', departure_date: daysAhead(20) }, 'origin'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(20), flexible_days: 4 }, 'flexible_days'],
      [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(20), bags: -1 }, 'bags'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post('/api/search', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const detail = ((await res.json()) as { detail: { loc: (string | number)[] }[] }).detail;
      expect(detail.map((d) => d.loc.join('.')), JSON.stringify(body)).toContain(`body.${field}`);
    }
  });
});

describe('flexible dates', () => {
  it('searches the date ±N in one stream, says which dates each result is for, and gives the cheapest per date', async () => {
    const centre = daysAhead(30);
    const events = await searchEvents(server, { origin: 'LHR', destination: 'JFK', departure_date: centre, return_date: daysAhead(37), flexible_days: 2, search_type: 'cash' });
    const perDate = ofType(events, 'dates').map((e) => e.data as unknown as DateLine);
    expect(perDate).toHaveLength(5);
    const summary = completeOf(events);
    const window = [-2, -1, 0, 1, 2].map((k) => ({ departure_date: daysAhead(30 + k), return_date: daysAhead(37 + k) }));
    expect(summary.dates?.map((d) => ({ departure_date: d.departure_date, return_date: d.return_date }))).toEqual(window);
    expect(summary.dates?.every((d) => d.status === 'searched')).toBe(true);
    const results = latestResults<Result>(events);
    expect(summary.count).toBe(results.length);
    for (const line of summary.dates!) {
      const mine = results.filter((r) => r.dates[0] === line.departure_date);
      expect(mine.length).toBe(line.count);
      expect(mine.length).toBeGreaterThan(0);
      // Both slices of a round trip move together.
      for (const r of mine) expect(r.dates).toEqual([line.departure_date, line.return_date]);
      const cheapest = Math.min(...mine.flatMap((r) => (r.price === null ? [] : [r.price])));
      expect(line.cheapest?.price).toBe(cheapest);
      expect(mine.find((r) => r.id === line.cheapest?.id)?.price).toBe(cheapest);
    }
    // Each date is an ordinary search: one answer per provider per date.
    expect(summary.providers).toHaveLength(10);
  });

  it('shifts a multi-city trip as a whole: every slice moves by the same days, one search per shift', async () => {
    const slices = [
      { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(33) },
      { origin: 'CDG', destination: 'JFK', departure_date: daysAhead(40) },
    ];
    const events = await searchEvents(server, { slices, flexible_days: 1, search_type: 'cash' });
    const summary = completeOf(events);
    const lines = summary.dates as (DateLine & { slice_dates: string[] })[];
    expect(lines.map((d) => d.slice_dates)).toEqual([-1, 0, 1].map((k) => [daysAhead(33 + k), daysAhead(40 + k)]));
    expect(lines.every((d) => d.status === 'searched' && d.return_date === null && d.departure_date === d.slice_dates[0])).toBe(true);
    expect(ofType(events, 'dates')).toHaveLength(3);
    const results = latestResults<Result>(events);
    for (const line of lines) {
      const mine = results.filter((r) => r.dates[0] === line.departure_date);
      expect(mine.length, line.departure_date).toBeGreaterThan(0);
      for (const r of mine) {
        expect(r.dates).toEqual(line.slice_dates);
        expect(r.slices.map((x) => `${x.origin}-${x.destination}`)).toEqual(['JFK-LHR', 'CDG-JFK']);
      }
      expect(line.cheapest?.price).toBe(Math.min(...mine.flatMap((r) => (r.price === null ? [] : [r.price]))));
    }
  });

  it('skips dates already past instead of failing when the asked date is valid', async () => {
    const events = await searchEvents(server, { origin: 'LHR', destination: 'CDG', departure_date: daysAhead(1), flexible_days: 3, search_type: 'cash' });
    const lines = completeOf(events).dates!;
    expect(lines.map((d) => d.departure_date)).toEqual([-2, -1, 0, 1, 2, 3, 4].map(daysAhead));
    expect(lines[0]).toMatchObject({ status: 'past', count: 0, cheapest: null });
    expect(lines.at(-1)).toMatchObject({ status: 'searched' });
    expect(lines.find((d) => d.departure_date === daysAhead(1))?.status).toBe('searched');
    // Only searched dates get a dates event, and nothing was searched for a skipped one.
    const searched = lines.filter((d) => d.status === 'searched').map((d) => d.departure_date);
    expect(ofType(events, 'dates').map((e) => (e.data as unknown as DateLine).departure_date).sort()).toEqual(searched);
    expect(latestResults<Result>(events).every((r) => searched.includes(r.dates[0]!))).toBe(true);
  });
});

describe('bags-included totals', () => {
  it('gives each result a total with the asked bags where the fare includes them or Duffel prices them, and says when unknown', async () => {
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(35), passengers: 2, bags: 1, search_type: 'cash' });
    expect(completeOf(events).count).toBeGreaterThan(0);
    const results = latestResults<Result>(events);
    expect(results.length).toBeGreaterThan(0);
    const bases = new Set<string>();
    for (const r of results) {
      expect(r.bags?.per_passenger).toBe(1);
      bases.add(r.bags!.basis);
      const shown = r.bookable ? r.prices.find((p) => p.offer_id === r.offer_id) : r.prices[0];
      if (r.bags!.basis === 'included') {
        expect(shown?.checked_bags).toBeGreaterThanOrEqual(1);
        expect(r.bags!.total).toBe(r.price);
      } else if (r.bags!.basis === 'priced') {
        // The simulator sells a checked bag at 35 USD per slice and passenger: 2 passengers, 1 slice.
        expect(r.bookable).toBe(true);
        expect(r.bags!.total).toBeCloseTo(r.price! + 70, 2);
      } else {
        expect(r.bags!.total).toBeNull();
      }
      // Google Flights states no allowance or bag price: never a guessed total.
      if (!r.bookable) expect(r.bags!.basis).toBe('unknown');
    }
    expect(bases.has('priced')).toBe(true);
    expect(bases.has('unknown')).toBe(true);
  });

  it('leaves bags null when the request gives none', async () => {
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(36), search_type: 'cash' });
    expect(latestResults<Result>(events).every((r) => r.bags === null)).toBe(true);
  });
});
