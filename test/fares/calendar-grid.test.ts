import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../tools/flights/search-input.js';
import { daysAhead, ofType, searchEvents } from '../flights/search-helpers.js';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The calendar's round-trip grid over REST and MCP on the simulators: one
// round-trip search per cell (through the search cache), the cheapest cell
// marked, the calendar rows as each departure's cheapest round trip, the
// stay-length form, the bounds (422) and the one-way calendar left as it was.

interface Cell { departure_date: string; return_date: string; nights: number; min_price: number | null; currency: string; status: string; cheapest: boolean }
interface Grid { departure_dates: string[]; return_dates: string[]; cells: Cell[]; cheapest: { departure_date: string; return_date: string; min_price: number } | null }
interface CalendarOut { calendar: { date: string; min_price: number | null; status: string }[]; cheapest: { date: string; min_price: number } | null; grid?: Grid }

let server: TestServer;
let mcp: Client;
let providerCalls = 0;
const returnDates: (string | undefined)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { flights } = server.services.providers;
  const searchOffers = flights.searchOffers.bind(flights);
  flights.searchOffers = (q, s) => {
    providerCalls++;
    returnDates.push(q.returnDate);
    return searchOffers(q, s);
  };
  const { secret } = await server.services.identity.createKey({ userId: 'calendar-grid-mcp', tier: 'pro' });
  mcp = await connectMcp(server.url, secret);
}, 30_000);
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

async function calendar(query: string): Promise<CalendarOut> {
  const res = await server.get(`/api/flights/calendar?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CalendarOut;
}

describe('GET /api/flights/calendar with a return date', () => {
  const target = daysAhead(50);
  const query = `origin=JFK&destination=LHR&target_date=${target}&days_before=1&days_after=1&return_date=${daysAhead(57)}&return_days_before=1&return_days_after=1`;

  it('prices each departure × return cell with one round-trip search, marks the cheapest and fills the calendar with row minima', async () => {
    const before = providerCalls;
    const out = await calendar(query);
    const grid = out.grid!;
    expect(grid.departure_dates).toEqual([49, 50, 51].map(daysAhead));
    expect(grid.return_dates).toEqual([56, 57, 58].map(daysAhead));
    expect(grid.cells.map((c) => [c.departure_date, c.return_date])).toEqual([49, 50, 51].flatMap((d) => [56, 57, 58].map((r) => [daysAhead(d), daysAhead(r)])));
    for (const c of grid.cells) {
      expect(c.status).toBe('priced');
      expect(c.min_price).toBeGreaterThan(50);
      expect(c.nights).toBe(Math.round((Date.parse(c.return_date) - Date.parse(c.departure_date)) / 86_400_000));
    }
    // Nine cells, nine round-trip searches: every provider call carried a return date.
    expect(providerCalls - before).toBe(9);
    expect(returnDates.slice(before).every((r) => r !== undefined)).toBe(true);

    const prices = grid.cells.map((c) => c.min_price!);
    const min = Math.min(...prices);
    const marked = grid.cells.filter((c) => c.cheapest);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.min_price).toBe(min);
    expect(grid.cheapest).toEqual({ departure_date: marked[0]!.departure_date, return_date: marked[0]!.return_date, min_price: min });
    expect(out.cheapest).toEqual({ date: marked[0]!.departure_date, min_price: min });
    for (const day of out.calendar) {
      expect(day.min_price).toBe(Math.min(...grid.cells.filter((c) => c.departure_date === day.date).map((c) => c.min_price!)));
    }
  });

  it('answers a repeated grid from the search cache, and a cell is the price a round-trip search shows', async () => {
    const first = await calendar(query);
    const before = providerCalls;
    const again = await calendar(query);
    expect(providerCalls).toBe(before);
    expect(again.grid).toEqual(first.grid);
    const cell = first.grid!.cells[4]!;
    const events = await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: cell.departure_date, return_date: cell.return_date, search_type: 'cash' });
    const summary = ofType(events, 'complete')[0]!.data as { cheapest: { price: number } | null };
    expect(summary.cheapest?.price).toBe(cell.min_price);
    // A cell read the cheapest offer alone and is cached apart, so the full search asks the provider once.
    expect(providerCalls).toBe(before + 1);
  });

  it('builds the grid from a stay range: each departure with min..max nights', async () => {
    const out = await calendar(`origin=JFK&destination=CDG&target_date=${target}&days_before=0&days_after=1&min_nights=3&max_nights=5`);
    expect(out.grid!.cells.map((c) => [c.departure_date, c.return_date, c.nights])).toEqual(
      [50, 51].flatMap((d) => [3, 4, 5].map((n) => [daysAhead(d), daysAhead(d + n), n])),
    );
    expect(out.grid!.return_dates).toEqual([53, 54, 55, 56].map(daysAhead));
    expect(out.grid!.cells.filter((c) => c.cheapest)).toHaveLength(1);
  });

  it('leaves out pairs returning before departing, and cells it cannot search are null and not searched', async () => {
    const out = await calendar(`origin=JFK&destination=LHR&target_date=${daysAhead(20)}&days_before=1&days_after=1&return_date=${daysAhead(20)}&return_days_before=0&return_days_after=1`);
    expect(out.grid!.cells.map((c) => [c.departure_date, c.return_date])).toEqual([
      [daysAhead(19), daysAhead(20)], [daysAhead(19), daysAhead(21)], [daysAhead(20), daysAhead(20)], [daysAhead(20), daysAhead(21)], [daysAhead(21), daysAhead(21)],
    ]);
    const before = providerCalls;
    // Departures from 2 days ago to tomorrow. "Past" is judged at the origin: JFK's date lags UTC's for
    // five hours of every day, so yesterday (UTC) is still today there then, and searchable.
    const departures = [-2, -1, 0, 1].map(daysAhead);
    const jfkToday = localDate('JFK', new Date());
    const past = await calendar(`origin=JFK&destination=LHR&target_date=${daysAhead(1)}&days_before=3&days_after=0&return_date=${daysAhead(2)}&return_days_before=0&return_days_after=0`);
    expect(past.grid!.cells.map((c) => c.departure_date)).toEqual(departures);
    const gone = departures.filter((d) => d < jfkToday).length;
    expect(gone).toBeGreaterThanOrEqual(1);
    expect(past.grid!.cells.slice(0, gone).map((c) => [c.status, c.min_price])).toEqual(Array(gone).fill(['not_searchable', null]));
    expect(past.grid!.cells.slice(gone).map((c) => c.status)).not.toContain('not_searchable');
    expect(past.grid!.cells[3]!.status).toBe('priced');
    expect(providerCalls - before).toBeLessThanOrEqual(departures.length - gone);
  });

  it('keeps the one-way calendar as it was: no grid, 15 days by default', async () => {
    const out = await calendar(`origin=JFK&destination=LHR&target_date=${target}&days_before=1&days_after=0`);
    expect(out).not.toHaveProperty('grid');
    expect(out.calendar).toHaveLength(2);
    const res = await server.get(`/api/flights/calendar?origin=JFK&destination=LHR&target_date=${daysAhead(200)}&days_before=0`);
    expect(((await res.json()) as CalendarOut).calendar).toHaveLength(8);
  });

  it('rejects grids over 7 × 7 and inconsistent round-trip fields with 422 naming the field', async () => {
    const base = `origin=JFK&destination=LHR&target_date=${target}`;
    const cases: [string, string][] = [
      [`${base}&return_date=${daysAhead(57)}&days_before=4`, 'days_after'],
      [`${base}&return_date=${daysAhead(57)}&return_days_after=4`, 'return_days_after'],
      [`${base}&return_date=${daysAhead(57)}&min_nights=3&max_nights=5`, 'return_date'],
      [`${base}&min_nights=3`, 'max_nights'],
      [`${base}&min_nights=5&max_nights=3`, 'max_nights'],
      [`${base}&min_nights=1&max_nights=9`, 'max_nights'],
      [`${base}&return_date=${daysAhead(40)}`, 'return_date'],
      [`${base}&return_days_before=1`, 'return_date'],
      [`${base}&return_date=someday`, 'return_date'],
    ];
    for (const [q, field] of cases) {
      const res = await server.get(`/api/flights/calendar?${q}`);
      expect(res.status, q).toBe(422);
      const body = (await res.json()) as { detail: { loc: (string | number)[] }[] };
      expect(body.detail.some((d) => d.loc.includes(field)), `${q}: ${JSON.stringify(body)}`).toBe(true);
    }
  });
});

describe('MCP search_calendar with a return date', () => {
  it('answers the grid in camelCase, with the same prices as REST', async () => {
    const target = daysAhead(50);
    // MCP's return window is the default: returnDate ± 3 days.
    const rest = await calendar(`origin=JFK&destination=LHR&target_date=${target}&days_before=1&days_after=1&return_date=${daysAhead(57)}`);
    expect(rest.grid!.cells).toHaveLength(21);
    const out = await call<{ grid: { cells: { departureDate: string; returnDate: string; minPrice: number | null; cheapest: boolean }[]; cheapest: { minPrice: number } | null } }>(
      mcp, 'search_calendar', { origin: 'JFK', destination: 'LHR', targetDate: target, daysBefore: 1, daysAfter: 1, returnDate: daysAhead(57) },
    );
    expect(out.grid.cells.map((c) => c.minPrice)).toEqual(rest.grid!.cells.map((c) => c.min_price));
    expect(out.grid.cheapest?.minPrice).toBe(rest.grid!.cheapest!.min_price);
    expect(await failing(mcp, 'search_calendar', { origin: 'JFK', destination: 'LHR', targetDate: target, minNights: 2, maxNights: 10 })).toMatch(/maxNights|max_nights/);
  });
});
