import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport } from '../../adapters/providers/http/transport.js';
import { createSeatsAeroProvider } from '../../adapters/providers/seats-aero/seats-aero-provider.js';
import { isProviderError } from '../../tools/_kit/provider-error.js';
import type { AwardProvider, AwardRangeQuery, AwardRangeRow } from '../../tools/_kit/providers.js';
import { startSeatsAeroFake, type SeatsAeroFake } from '../fakes/seats-aero-fake.js';

// The cached search over a date range and several destinations, against the local
// seats.aero fake: the wire query (comma-separated destinations, start/end dates,
// one cabin, take, order_by), paging with the first page's cursor and skip, rows
// that agree with the route-and-day search, and failures as ProviderErrors.

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const signal = () => new AbortController().signal;

const RANGE: AwardRangeQuery = {
  origin: 'JFK', destinations: ['LHR', 'CDG'], startDate: day(30), endDate: day(36), cabin: 'business', order: 'miles', onlyDirect: false, limit: 15,
};

let fake: SeatsAeroFake;
let awards: AwardProvider;
beforeAll(async () => {
  fake = await startSeatsAeroFake({ apiKey: 'pro_test_key' });
  awards = createSeatsAeroProvider({ transport: httpTransport(fake.url), apiKey: 'pro_test_key', policy: new ProviderPolicy('seats_aero', { timeoutMs: 2_000, retries: 0 }), mode: 'live' });
});
afterAll(() => fake.close());

async function allPages(q: AwardRangeQuery): Promise<AwardRangeRow[][]> {
  const pages: AwardRangeRow[][] = [];
  let after: AwardRangeQuery['after'];
  for (let i = 0; i < 50; i++) {
    const page = await awards.searchAwardRange({ ...q, ...(after ? { after } : {}) }, signal());
    pages.push(page.rows);
    if (!page.next) return pages;
    after = page.next;
  }
  throw new Error('paging did not end');
}

describe('seats.aero cached search over a date range', () => {
  it('sends the documented parameters: destinations comma-separated, the date range, one cabin, take and order_by', async () => {
    fake.requests.length = 0;
    const page = await awards.searchAwardRange(RANGE, signal());
    expect(page.rows.length).toBeGreaterThan(0);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/search');
    expect(req.headers['partner-authorization']).toBe('pro_test_key');
    expect(req.query).toMatchObject({
      origin_airport: 'JFK', destination_airport: 'LHR,CDG', start_date: day(30), end_date: day(36), cabins: 'business', take: '15', order_by: 'lowest_mileage', include_trips: 'false',
    });
    expect(req.query).not.toHaveProperty('cursor');
    expect(req.query).not.toHaveProperty('only_direct_flights');
  });

  it('pages with the first cursor and skip = rows handed out, with no row lost or repeated, fewest miles first', async () => {
    fake.requests.length = 0;
    const pages = await allPages(RANGE);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages.slice(0, -1)) expect(p).toHaveLength(15);
    const cursors = fake.requests.slice(1).map((r) => r.query.cursor);
    expect(new Set(cursors).size).toBe(1);
    expect(fake.requests.slice(1).map((r) => Number(r.query.skip))).toEqual(pages.slice(0, -1).map((_, i) => 15 * (i + 1)));
    const rows = pages.flat();
    expect(new Set(rows.map((r) => r.availabilityId)).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.miles).toBeGreaterThanOrEqual(rows[i - 1]!.miles);
    expect(new Set(rows.map((r) => r.destination))).toEqual(new Set(['LHR', 'CDG']));
    for (const r of rows) {
      expect(r.origin).toBe('JFK');
      expect(r.date >= day(30) && r.date <= day(36)).toBe(true);
    }
    // One request in date order covers the same rows.
    const byDate = (await allPages({ ...RANGE, order: 'date', limit: 50 })).flat();
    expect(byDate.map((r) => r.availabilityId).sort()).toEqual(rows.map((r) => r.availabilityId).sort());
    for (let i = 1; i < byDate.length; i++) expect(byDate[i]!.date >= byDate[i - 1]!.date).toBe(true);
  });

  it('asks seats.aero for at least 10 rows but hands out the limit, and resumes after the last one handed out', async () => {
    fake.requests.length = 0;
    const first = await awards.searchAwardRange({ ...RANGE, limit: 3 }, signal());
    expect(fake.requests[0]!.query.take).toBe('10');
    expect(first.rows).toHaveLength(3);
    expect(first.next?.skip).toBe(3);
    const second = await awards.searchAwardRange({ ...RANGE, limit: 3, after: first.next! }, signal());
    const reference = (await awards.searchAwardRange({ ...RANGE, limit: 6 }, signal())).rows;
    expect([...first.rows, ...second.rows].map((r) => r.availabilityId)).toEqual(reference.map((r) => r.availabilityId));
  });

  it('agrees with the route-and-day award search: each row is that day\'s cheapest business space of its programme', async () => {
    const rows = (await allPages({ ...RANGE, destinations: ['LHR'], startDate: day(31), endDate: day(31), limit: 50 })).flat();
    expect(rows.length).toBeGreaterThan(0);
    const offers = await awards.searchAwards({ origin: 'JFK', destination: 'LHR', departureDate: day(31), adults: 1, children: 0, infants: 0, cabin: 'business', currency: 'USD' }, signal());
    const programs = new Set(offers.map((o) => o.program));
    expect(new Set(rows.map((r) => r.program))).toEqual(programs);
    for (const r of rows) {
      const mine = offers.filter((o) => o.program === r.program);
      expect(r.miles).toBe(Math.min(...mine.map((o) => o.miles)));
      expect(r.direct).toBe(mine.some((o) => o.direct));
    }
  });

  it('sends only_direct_flights when asked, and every row has a nonstop', async () => {
    fake.requests.length = 0;
    const rows = (await allPages({ ...RANGE, onlyDirect: true, limit: 50 })).flat();
    expect(fake.requests[0]!.query.only_direct_flights).toBe('true');
    for (const r of rows) expect(r.direct).toBe(true);
  });

  it('turns upstream failures into ProviderErrors', async () => {
    fake.failNext('rate_limited');
    const limited = await awards.searchAwardRange(RANGE, signal()).catch((e: unknown) => e);
    expect(isProviderError(limited) && limited.kind).toBe('rate_limited');
    fake.failNext('malformed');
    const malformed = await awards.searchAwardRange(RANGE, signal()).catch((e: unknown) => e);
    expect(isProviderError(malformed) && malformed.kind).toBe('bad_response');
  });
});
