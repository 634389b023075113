import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { daysAhead } from '../flights/search-helpers.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpFailing, mcpOk } from '../helpers/mcp-in-process.js';
import { restClient } from '../helpers/rest-in-process.js';

// The flexible-date calendar over REST and MCP (in process) on the simulators:
// every date present in order, nulls where nothing can be searched, validation,
// and a repeated calendar answered from the search cache without provider calls.
// Provider calls and recorded observations are counted by wrapping the services.

interface Day { date: string; min_price: number | null; currency: string; status: string }
interface CalendarOut { calendar: Day[]; cheapest: { date: string; min_price: number } | null; currency: string }

// On today's date, as daysAhead counts from it.
const ctx = testContext({ principal: ANONYMOUS, now: new Date() });
const api = restClient(ctx);
const mcpCtx = ctx.as(testUser('calendar-mcp', 'pro'));
let providerCalls = 0;
const recorded: PriceObservationInput[] = [];

beforeAll(() => {
  const { flights } = ctx.services.providers;
  const { fares } = ctx.services;
  const searchOffers = flights.searchOffers.bind(flights);
  flights.searchOffers = (q, s) => {
    providerCalls++;
    return searchOffers(q, s);
  };
  const record = fares.record.bind(fares);
  fares.record = async (obs) => {
    recorded.push(...obs);
    return record(obs);
  };
});

async function calendar(query: string, status = 200): Promise<CalendarOut> {
  const res = await api.get(`/api/flights/calendar?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const out = res.body as CalendarOut;
  // The searches' observations are written in background batches: write them before counting.
  await ctx.services.searchRecords.flush();
  return out;
}

describe('GET /api/flights/calendar', () => {
  const target = daysAhead(40);
  const window = `origin=JFK&destination=LHR&target_date=${target}&days_before=2&days_after=2`;

  it('prices every day of the window, in order, and records what each search saw', async () => {
    const before = providerCalls;
    const out = await calendar(window);
    expect(out.calendar.map((d) => d.date)).toEqual([-2, -1, 0, 1, 2].map((n) => daysAhead(40 + n)));
    for (const day of out.calendar) {
      expect(day.status).toBe('priced');
      expect(day.min_price).toBeGreaterThan(50);
      expect(day.currency).toBe('USD');
    }
    expect(providerCalls - before).toBe(5);
    const min = Math.min(...out.calendar.map((d) => d.min_price!));
    expect(out.cheapest?.min_price).toBe(min);
    // Each day's search recorded its providers' cheapest fares for that route, date and cabin.
    for (const day of out.calendar) {
      const rows = recorded.filter((r) => r.departureDate === day.date);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect([r.origin, r.destination, r.cabin, r.currency, r.returnDate]).toEqual(['JFK', 'LHR', 'economy', 'USD', null]);
      expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['duffel', 'serpapi']));
      // The day's price is the cheapest bookable fare (no markup here); Google's may be lower, recorded as a reference.
      expect(Math.min(...rows.filter((r) => r.source === 'duffel').map((r) => r.priceMinor))).toBe(Math.round(day.min_price! * 100));
    }
    const lows = await ctx.services.fares.dailyLows({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', sinceDay: daysAhead(-1), timeZone: 'America/New_York' });
    expect(lows.map((l) => l.departureDate).sort()).toEqual(out.calendar.map((d) => d.date));
    for (const l of lows) {
      expect(l.priceMinor).toBe(Math.min(...recorded.filter((r) => r.departureDate === l.departureDate).map((r) => r.priceMinor)));
      expect(l.priceMinor).toBeLessThanOrEqual(Math.round(out.calendar.find((d) => d.date === l.departureDate)!.min_price! * 100));
    }
  });

  it('answers a repeated calendar from the search cache: no provider call, same prices, nothing new recorded', async () => {
    const first = await calendar(window);
    const calls = providerCalls;
    const rows = recorded.length;
    // No provider call and nothing recorded is what "from the cache" means; no wall-clock bound.
    const again = await calendar(window);
    expect(providerCalls).toBe(calls);
    expect(recorded.length).toBe(rows);
    expect(again.calendar).toEqual(first.calendar);
  });

  it('lists past days and days beyond the sale horizon with a null price, without searching them', async () => {
    const before = providerCalls;
    const past = await calendar(`origin=JFK&destination=LHR&target_date=${daysAhead(1)}&days_before=4&days_after=0`);
    expect(past.calendar.map((d) => d.date)).toEqual([-3, -2, -1, 0, 1].map(daysAhead));
    for (const day of past.calendar.slice(0, 2)) expect(day).toEqual({ date: day.date, min_price: null, currency: 'USD', status: 'not_searchable' });
    expect(past.calendar[4]!.status).toBe('priced');
    const far = await calendar(`origin=JFK&destination=LHR&target_date=${daysAhead(364)}&days_before=0&days_after=3&currency=eur`);
    expect(far.calendar).toEqual([364, 365, 366, 367].map((n) => ({ date: daysAhead(n), min_price: null, currency: 'EUR', status: 'not_searchable' })));
    expect(far.cheapest).toBeNull();
    expect(providerCalls - before).toBeLessThanOrEqual(3); // only the searchable days of the first window
  });

  it('rejects bad input with 422 naming the field', async () => {
    const cases: [string, string][] = [
      [`origin=JFK&destination=LHR&target_date=${target}&days_before=31`, 'days_before'],
      [`origin=JFK&destination=LHR&target_date=${target}&days_after=-1`, 'days_after'],
      [`origin=JFK&destination=LHR&target_date=2026-02-30`, 'target_date'],
      [`origin=JFK&destination=JFK&target_date=${target}`, 'destination'],
      [`origin=XQX&destination=LHR&target_date=${target}`, 'origin'],
      [`origin=JFK&destination=LHR`, 'target_date'],
      [`origin=JFK&destination=LHR&target_date=${target}&cabin_class=steerage`, 'cabin_class'],
    ];
    for (const [query, field] of cases) {
      const res = await api.get(`/api/flights/calendar?${query}`);
      expect(res.status, query).toBe(422);
      const body = res.body as { detail: { loc: (string | number)[] }[] };
      expect(body.detail.some((d) => d.loc.includes(field)), JSON.stringify(body)).toBe(true);
    }
  });
});

describe('MCP search_calendar', () => {
  it('answers {calendar: [{date, minPrice, currency}]} with the default 7 days each side, from the cache for days already searched', async () => {
    const target = daysAhead(40);
    const rest = await calendar(`origin=JFK&destination=LHR&target_date=${target}&days_before=2&days_after=2`);
    const calls = providerCalls;
    const out = await mcpOk<{ calendar: { date: string; minPrice: number | null; currency: string }[] }>(mcpCtx, 'search_calendar', { origin: 'JFK', destination: 'LHR', targetDate: target });
    expect(out.calendar.map((d) => d.date)).toEqual(Array.from({ length: 15 }, (_, i) => daysAhead(33 + i)));
    for (const day of out.calendar) expect(Object.keys(day).sort()).toEqual(['currency', 'date', 'minPrice']);
    // The five days the REST call searched come from the cache: only the ten others call the provider.
    expect(providerCalls - calls).toBe(10);
    for (const day of rest.calendar) expect(out.calendar.find((d) => d.date === day.date)?.minPrice).toBe(day.min_price);
  });

  it('rejects a window over 30 days and a bad date as tool errors', async () => {
    expect(await mcpFailing(mcpCtx, 'search_calendar', { origin: 'JFK', destination: 'LHR', targetDate: daysAhead(40), daysAfter: 31 })).toMatch(/daysAfter/);
    expect(await mcpFailing(mcpCtx, 'search_calendar', { origin: 'JFK', destination: 'LHR', targetDate: 'soon' })).toMatch(/targetDate/);
  });
});
