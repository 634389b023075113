import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// cruises.search end to end: over REST on the real server (anonymous callers are
// welcome), and as the MCP tool search_cruises.

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'mcp-cruises', tier: 'pro' });
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

type Cabin = 'interior' | 'oceanview' | 'balcony' | 'suite';
const CABINS: readonly Cabin[] = ['interior', 'oceanview', 'balcony', 'suite'];

interface Sailing {
  id: string;
  line: string;
  ship: string;
  region: string;
  departure_port: { code: string; locode: string | null; airport: string | null; name: string; country: string };
  departure_date: string;
  return_date: string;
  nights: number;
  round_trip: boolean;
  itinerary: { day: number; port: string | null; country: string | null; sea_day: boolean }[];
  currency: string;
  price_per_person: Partial<Record<Cabin, number>>;
  cheapest_cabin: Cabin;
  taxes_and_fees_per_person: number;
  total_for_party: number;
}
interface SearchOut {
  sailings: Sailing[];
  count: number;
  total_found: number;
  next_offset: number | null;
}

function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First and last day of the next `month` (1–12) that starts after today. */
function nextMonth(month: number): { from: string; to: string } {
  const now = new Date();
  const year = now.getUTCMonth() + 1 >= month ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${last}` };
}

const monthWindow = (month: number) => ({ depart_from: nextMonth(month).from, depart_to: nextMonth(month).to });

async function search(body: Record<string, unknown>): Promise<SearchOut> {
  const res = await server.post('/api/cruises/search', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchOut;
}

async function problems(body: Record<string, unknown>): Promise<{ loc: (string | number)[]; msg: string; type: string }[]> {
  const res = await server.post('/api/cruises/search', body);
  expect(res.status).toBe(422);
  return ((await res.json()) as { detail: { loc: (string | number)[]; msg: string; type: string }[] }).detail;
}

const span = { depart_from: daysAhead(30), depart_to: daysAhead(75) };
const cheapest = (s: Sailing) => Math.min(...CABINS.flatMap((c) => (s.price_per_person[c] === undefined ? [] : [s.price_per_person[c]])));

describe('POST /api/cruises/search', () => {
  it('finds Caribbean sailings in the span, cheapest total first, for an anonymous caller', async () => {
    const out = await search({ region: 'caribbean', ...span });
    expect(out.count).toBe(20);
    expect(out.sailings).toHaveLength(20);
    expect(out.total_found).toBeGreaterThan(20);
    for (const s of out.sailings) {
      expect(s.region).toBe('caribbean');
      expect(s.departure_date >= span.depart_from && s.departure_date <= span.depart_to).toBe(true);
      expect(s.nights).toBeGreaterThanOrEqual(3);
      expect(s.nights).toBeLessThanOrEqual(14);
      expect(s.itinerary).toHaveLength(s.nights + 1);
      expect(s.itinerary[0]?.port).toBe(s.departure_port.name);
      expect(s.currency).toBe('USD');
      // Two guests: the cheapest cabin for each, plus taxes and fees for each.
      expect(s.total_for_party).toBeCloseTo(2 * cheapest(s) + 2 * s.taxes_and_fees_per_person, 2);
      expect(s.price_per_person[s.cheapest_cabin]).toBe(cheapest(s));
    }
    const totals = out.sailings.map((s) => s.total_for_party);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(out.sailings.map((s) => s.departure_port.code)).toEqual(expect.arrayContaining(['MIA']));
  });

  it('prices interior < oceanview < balcony < suite, and only the cabin asked for when one is', async () => {
    const all = await search({ ...span, limit: 50 });
    for (const s of all.sailings) {
      const prices = CABINS.flatMap((c) => (s.price_per_person[c] === undefined ? [] : [s.price_per_person[c]]));
      expect(prices, s.id).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
    }
    const balcony = await search({ ...span, cabin: 'balcony', limit: 50 });
    expect(balcony.count).toBeGreaterThan(0);
    for (const s of balcony.sailings) {
      expect(Object.keys(s.price_per_person)).toEqual(['balcony']);
      expect(s.cheapest_cabin).toBe('balcony');
    }
    // The same sailing costs more in a balcony than at its cheapest.
    const same = balcony.sailings.find((b) => all.sailings.some((a) => a.id === b.id && a.cheapest_cabin !== 'balcony'));
    const base = all.sailings.find((a) => a.id === same?.id);
    expect(same && base && same.total_for_party > base.total_for_party).toBe(true);
  });

  it('follows the seasons: no Alaska in January, Alaska in July', async () => {
    const january = await search({ region: 'alaska', ...monthWindow(1) });
    expect(january).toEqual({ sailings: [], count: 0, total_found: 0, next_offset: null });
    const july = await search({ region: 'alaska', ...monthWindow(7) });
    expect(july.count).toBeGreaterThan(5);
    for (const s of july.sailings) {
      expect(s.itinerary.map((d) => d.port)).toContain('Juneau');
      expect(s.itinerary.every((d) => d.sea_day || d.country === 'US' || d.country === 'CA')).toBe(true);
    }
  });

  it('keeps durations within the range asked for', async () => {
    const short = await search({ ...span, min_nights: 3, max_nights: 4, limit: 50 });
    expect(short.count).toBeGreaterThan(0);
    for (const s of short.sailings) expect([3, 4]).toContain(s.nights);
    expect(new Set(short.sailings.map((s) => s.region))).toContain('bahamas');
    const week = await search({ ...span, min_nights: 7, max_nights: 7, limit: 50 });
    for (const s of week.sailings) expect(s.nights).toBe(7);
    const long = await search({ depart_from: daysAhead(1), depart_to: daysAhead(400), min_nights: 14, max_nights: 30, limit: 50 });
    expect(long.count).toBeGreaterThan(0);
    for (const s of long.sailings) expect(s.nights).toBeGreaterThanOrEqual(14);
  });

  it('prices the party: a solo traveller pays the double-occupancy fare twice, three guests pay three fares', async () => {
    const body = { region: 'bahamas', ...span, cabin: 'interior', limit: 1 };
    const [solo] = (await search({ ...body, guests: 1 })).sailings;
    expect(solo).toBeDefined();
    if (!solo) return;
    const fare = solo.price_per_person.interior ?? NaN;
    expect(solo.total_for_party).toBeCloseTo(2 * fare + solo.taxes_and_fees_per_person, 2);
    const trio = (await search({ ...body, guests: 3, limit: 50 })).sailings.find((s) => s.id === solo.id);
    expect(trio?.total_for_party).toBeCloseTo(3 * fare + 3 * solo.taxes_and_fees_per_person, 2);
  });

  it('filters by cruise line, by name or slug, and honours the limit', async () => {
    const carnival = await search({ ...span, line: 'carnival', limit: 50 });
    expect(carnival.count).toBeGreaterThan(0);
    expect(new Set(carnival.sailings.map((s) => s.line))).toEqual(new Set(['Carnival Cruise Line']));
    const royal = await search({ ...span, line: 'royal_caribbean', limit: 3 });
    expect(royal.count).toBe(3);
    expect(royal.total_found).toBeGreaterThan(3);
    expect(royal.sailings.every((s) => s.line === 'Royal Caribbean International')).toBe(true);
    expect((await search({ ...span, line: 'Hurtigruten' })).count).toBe(0);
  });

  it('answers 422 naming the field: min > max, unknown region (listing the allowed ones), past or reversed or too wide windows, extra or missing fields', async () => {
    expect(await problems({ ...span, min_nights: 10, max_nights: 5 })).toContainEqual(expect.objectContaining({ loc: ['body', 'min_nights'], msg: expect.stringContaining('must not exceed') }));
    const region = await problems({ ...span, region: 'antarctica' });
    expect(region[0]?.loc).toEqual(['body', 'region']);
    expect(region[0]?.type).toBe('enum');
    for (const allowed of ['caribbean', 'bahamas', 'mediterranean', 'northern_europe', 'alaska', 'mexican_riviera', 'hawaii', 'asia', 'australia', 'transatlantic']) expect(region[0]?.msg).toContain(`'${allowed}'`);
    expect(await problems({ depart_from: daysAhead(-3), depart_to: daysAhead(30) })).toContainEqual(expect.objectContaining({ loc: ['body', 'depart_from'], msg: expect.stringContaining('past') }));
    expect(await problems({ depart_from: daysAhead(60), depart_to: daysAhead(30) })).toContainEqual(expect.objectContaining({ loc: ['body', 'depart_to'] }));
    expect(await problems({ depart_from: daysAhead(10), depart_to: daysAhead(420) })).toContainEqual(expect.objectContaining({ loc: ['body', 'depart_to'], msg: expect.stringContaining('400 days') }));
    expect(await problems({ ...span, cabin: 'penthouse' })).toContainEqual(expect.objectContaining({ loc: ['body', 'cabin'], type: 'enum' }));
    expect(await problems({ ...span, guests: 0 })).toContainEqual(expect.objectContaining({ loc: ['body', 'guests'] }));
    expect(await problems({ ...span, ship: 'Icon of the Seas' })).toContainEqual(expect.objectContaining({ loc: ['body', 'ship'], type: 'extra_forbidden' }));
    expect(await problems({ depart_to: daysAhead(30) })).toContainEqual({ loc: ['body', 'depart_from'], msg: 'Field required', type: 'missing' });
  });
});

describe('paging and port codes', () => {
  it('pages through every sailing past 50 with offset and next_offset, each once, cheapest first across pages', async () => {
    const window = { depart_from: daysAhead(30), depart_to: daysAhead(120) };
    const all: Sailing[] = [];
    let offset: number | null = 0;
    let total = 0;
    while (offset !== null) {
      const page = await search({ ...window, limit: 50, offset });
      total = page.total_found;
      all.push(...page.sailings);
      offset = page.next_offset;
      expect(all.length).toBeLessThanOrEqual(total);
    }
    expect(total).toBeGreaterThan(50);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((s) => s.id)).size).toBe(total);
    const totals = all.map((s) => s.total_for_party);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const past = await search({ ...window, limit: 50, offset: total });
    expect(past).toMatchObject({ sailings: [], count: 0, next_offset: null });
  });

  it('gives each port its own UN/LOCODE and its fly-in airport apart: Southampton is SOU, flown to via LHR', async () => {
    const out = await search({ region: 'northern_europe', ...monthWindow(6), limit: 50 });
    const southampton = out.sailings.find((s) => s.departure_port.name === 'Southampton');
    expect(southampton?.departure_port).toMatchObject({ code: 'SOU', locode: 'GBSOU', airport: 'LHR', country: 'GB' });
    for (const s of out.sailings) {
      expect(s.departure_port.locode).toMatch(new RegExp(`^${s.departure_port.country}[A-Z2-9]{3}$`));
      expect(s.departure_port.code).toBe(s.departure_port.locode!.slice(2));
      expect(s.departure_port.airport).toMatch(/^[A-Z]{3}$/);
    }
    const florida = await search({ region: 'caribbean', ...span, limit: 50 });
    const canaveral = florida.sailings.find((s) => s.departure_port.name.startsWith('Port Canaveral'));
    expect(canaveral?.departure_port).toMatchObject({ code: 'PCV', airport: 'MCO' });
  });

  it('refuses a negative or too deep offset with a 422 naming it', async () => {
    expect((await problems({ ...span, offset: -1 })).map((p) => p.loc)).toContainEqual(['body', 'offset']);
    expect((await problems({ ...span, offset: 5_001 })).map((p) => p.loc)).toContainEqual(['body', 'offset']);
  });
});

describe('MCP search_cruises', () => {
  it('is listed as read-only with camelCase arguments', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'search_cruises');
    expect(tool).toBeDefined();
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(['cabin', 'departFrom', 'departTo', 'guests', 'limit', 'line', 'maxNights', 'minNights', 'offset', 'region']);
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(['departFrom', 'departTo']));
  });

  it('answers compact sailings, cheapest first', async () => {
    const result = await client.callTool({ name: 'search_cruises', arguments: { region: 'mediterranean', departFrom: nextMonth(6).from, departTo: nextMonth(6).to, cabin: 'balcony', limit: 10 } });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { sailings: { ship: string; itinerary: string[]; nights: number; pricePerPerson: Record<string, number>; totalForParty: number; departurePort: string }[]; count: number; totalFound: number };
    expect(out.count).toBe(10);
    expect(out.totalFound).toBeGreaterThanOrEqual(10);
    const totals = out.sailings.map((s) => s.totalForParty);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const s of out.sailings) {
      expect(Object.keys(s.pricePerPerson)).toEqual(['balcony']);
      expect(s.itinerary).toHaveLength(s.nights + 1);
      expect(s.itinerary.some((d) => /, (ES|FR|IT|GR|MT|ME|TR|MC)$/.test(d))).toBe(true);
    }
    expect(out.sailings.some((s) => s.departurePort.startsWith('Barcelona, ES (BCN; fly to BCN)'))).toBe(true);
  });

  it('pages past 50 with offset and nextOffset', async () => {
    const args = { departFrom: daysAhead(30), departTo: daysAhead(120) };
    type Page = { sailings: { id: string }[]; totalFound: number; nextOffset: number | null };
    const first = (await client.callTool({ name: 'search_cruises', arguments: { ...args, limit: 50 } })).structuredContent as Page;
    expect(first.totalFound).toBeGreaterThan(50);
    expect(first.nextOffset).toBe(50);
    const second = (await client.callTool({ name: 'search_cruises', arguments: { ...args, limit: 50, offset: first.nextOffset } })).structuredContent as Page;
    expect(second.sailings.length).toBeGreaterThan(0);
    const seen = new Set(first.sailings.map((s) => s.id));
    expect(second.sailings.some((s) => seen.has(s.id))).toBe(false);
  });

  it('turns bad arguments into a tool error that names the camelCase field', async () => {
    const result = await client.callTool({ name: 'search_cruises', arguments: { departFrom: daysAhead(30), departTo: daysAhead(60), minNights: 9, maxNights: 4 } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect(text).toContain('minNights');
  });
});
