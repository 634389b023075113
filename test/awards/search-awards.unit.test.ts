import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { daysAhead } from '../flights/search-helpers.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpFailing, mcpOk } from '../helpers/mcp-in-process.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';

// Award space over a date range and several destinations, over REST and MCP (in
// process) on the seats.aero simulator: rows per date × destination × programme, sorted,
// paged with limit / more / next_cursor, validation as 422, upstream failure as
// a tool error.

interface Row { date: string; origin: string; destination: string; program: string; miles: number; taxes: number; taxes_currency: string; seats_remaining: number | null; direct: boolean; airlines: string[]; age_s: number }
interface Out { origin: string; destinations: string[]; awards: Row[]; more: boolean; next_cursor: string | null; sort: string }

// On today's date, as daysAhead counts from it.
const ctx = testContext({ principal: ANONYMOUS, now: new Date() });
const api = restClient(ctx);
const mcpCtx = ctx.as(testUser('awards-mcp', 'pro'));

async function search(query: string, status = 200): Promise<Out> {
  return bodyOf<Out>(await api.get(`/api/awards/search?${query}`), status);
}

async function everyPage(query: string): Promise<Out[]> {
  const pages: Out[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page);
    cursor = page.next_cursor;
    expect(page.more).toBe(cursor !== null);
  } while (cursor && pages.length < 40);
  return pages;
}

describe('GET /api/awards/search', () => {
  const range = `origin=JFK&destination=LHR,CDG&start_date=${daysAhead(30)}&end_date=${daysAhead(36)}&cabin_class=business`;

  it('lists business space per date × destination × programme over the range, fewest miles first, paged with no row lost or repeated', async () => {
    const pages = await everyPage(`${range}&limit=10`);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages.slice(0, -1)) expect(p.awards).toHaveLength(10);
    expect(pages.at(-1)!.more).toBe(false);
    const rows = pages.flatMap((p) => p.awards);
    const keys = rows.map((r) => `${r.date}|${r.destination}|${r.program}`);
    expect(new Set(keys).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.miles).toBeGreaterThanOrEqual(rows[i - 1]!.miles);
    expect(new Set(rows.map((r) => r.destination))).toEqual(new Set(['LHR', 'CDG']));
    expect(new Set(rows.map((r) => r.date)).size).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.origin).toBe('JFK');
      expect(r.date >= daysAhead(30) && r.date <= daysAhead(36)).toBe(true);
      expect(r.miles).toBeGreaterThan(0);
      expect(r.taxes).toBeGreaterThanOrEqual(0);
      expect(r.taxes_currency).toMatch(/^[A-Z]{3}$/);
      expect(r.age_s).toBeGreaterThanOrEqual(0);
    }
    // Sorted by date, the same rows come back in date order.
    const byDate = (await everyPage(`${range}&limit=50&sort=date`)).flatMap((p) => p.awards);
    expect(byDate.map((r) => `${r.date}|${r.destination}|${r.program}`).sort()).toEqual([...keys].sort());
    for (let i = 1; i < byDate.length; i++) expect(byDate[i]!.date >= byDate[i - 1]!.date).toBe(true);
  });

  it('agrees with the flight search\'s award options for the same route and day', async () => {
    const date = daysAhead(33);
    const rows = (await everyPage(`origin=JFK&destination=LHR&start_date=${date}&end_date=${date}&cabin_class=business&limit=50`)).flatMap((p) => p.awards);
    expect(rows.length).toBeGreaterThan(0);
    const offers = await ctx.services.providers.awards.searchAwards({ origin: 'JFK', destination: 'LHR', departureDate: date, adults: 1, children: 0, infants: 0, cabin: 'business', currency: 'USD' }, new AbortController().signal);
    for (const r of rows) expect(r.miles).toBe(Math.min(...offers.filter((o) => o.program === r.program).map((o) => o.miles)));
  });

  it('keeps only days with a nonstop when only_direct is set', async () => {
    const rows = (await everyPage(`${range}&only_direct=true&limit=50`)).flatMap((p) => p.awards);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.direct).toBe(true);
  });

  it('rejects bad input with 422 naming the field', async () => {
    const base = `origin=JFK&start_date=${daysAhead(30)}&end_date=${daysAhead(36)}`;
    const cases: [string, string][] = [
      [`${base}&destination=LHR,XQX`, 'destination'],
      [`${base}&destination=LHR,CDG,AMS,FRA,MAD,FCO,ZRH`, 'destination'],
      [`${base}&destination=JFK`, 'destination'],
      [`origin=JFK&destination=LHR&start_date=${daysAhead(36)}&end_date=${daysAhead(30)}`, 'end_date'],
      [`origin=JFK&destination=LHR&start_date=${daysAhead(30)}&end_date=${daysAhead(100)}`, 'end_date'],
      [`origin=JFK&destination=LHR&start_date=${daysAhead(-10)}&end_date=${daysAhead(-5)}`, 'end_date'],
      [`${base}&destination=LHR&limit=0`, 'limit'],
      [`${base}&destination=LHR&cursor=abc`, 'cursor'],
      [`${base}&destination=LHR&cabin_class=steerage`, 'cabin_class'],
      [`${base}&destination=LHR&sort=price`, 'sort'],
      [`origin=JFK&destination=LHR&start_date=2026-02-30&end_date=${daysAhead(36)}`, 'start_date'],
    ];
    for (const [q, field] of cases) {
      const res = await api.get(`/api/awards/search?${q}`);
      expect(res.status, q).toBe(422);
      const body = res.body as { detail: { loc: (string | number)[] }[] };
      expect(body.detail.some((d) => d.loc.includes(field)), `${q}: ${JSON.stringify(body)}`).toBe(true);
    }
  });

  it('answers an upstream failure as a tool error, never a 500', async () => {
    const { awards } = ctx.services.providers;
    const original = awards.searchAwardRange;
    const { ProviderError } = await import('../../tools/_kit/provider-error.js');
    awards.searchAwardRange = async () => {
      throw new ProviderError('seats_aero', 'unavailable', 'seats.aero answered 503');
    };
    try {
      const res = await api.get(`/api/awards/search?${range}`);
      expect(res.status).toBe(502);
    } finally {
      awards.searchAwardRange = original;
    }
  });
});

describe('MCP search_awards', () => {
  it('answers the same rows as REST, fewest miles first, with nextCursor paging', async () => {
    const args = { origin: 'JFK', destinations: ['LHR', 'CDG'], startDate: daysAhead(30), endDate: daysAhead(36), cabin: 'business', limit: 10 };
    type McpOut = { awards: { date: string; destination: string; program: string; miles: number }[]; more: boolean; nextCursor: string | null };
    const first = await mcpOk<McpOut>(mcpCtx, 'search_awards', args);
    const rest = await search(`origin=JFK&destination=LHR,CDG&start_date=${daysAhead(30)}&end_date=${daysAhead(36)}&cabin_class=business&limit=10`);
    expect(first.awards.map((r) => r.miles)).toEqual(rest.awards.map((r) => r.miles));
    expect(first.more).toBe(true);
    expect(first.nextCursor).toMatch(/^\d+\.10$/);
    // The same cursor pins the same upstream snapshot over both surfaces.
    const second = await mcpOk<McpOut>(mcpCtx, 'search_awards', { ...args, cursor: rest.next_cursor });
    const restSecond = await search(`origin=JFK&destination=LHR,CDG&start_date=${daysAhead(30)}&end_date=${daysAhead(36)}&cabin_class=business&limit=10&cursor=${rest.next_cursor}`);
    expect(second.awards.map((r) => `${r.date}|${r.destination}|${r.program}`)).toEqual(restSecond.awards.map((r) => `${r.date}|${r.destination}|${r.program}`));
    expect(await mcpFailing(mcpCtx, 'search_awards', { ...args, destinations: ['XQX'] })).toMatch(/destination/);
  });
});
