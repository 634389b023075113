import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from './search-helpers.js';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'mcp-search', tier: 'pro' });
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

interface Compact {
  id: string;
  price: number | null;
  currency: string | null;
  bookable: boolean;
  checkoutTotal: { amount: number; currency: string } | null;
  flights: string;
  itinerary: { legs: string[] }[];
  awards: unknown[];
  sources: string[];
}

describe('MCP search_flights', () => {
  it('is listed with the documented camelCase arguments', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'search_flights');
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(['bags', 'cabinClass', 'date', 'destination', 'flexibleDays', 'limit', 'origin', 'returnDate', 'searchType', 'slices']);
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(['origin', 'destination', 'date']));
    expect(tool?.annotations?.readOnlyHint).toBe(true);
  });

  it('returns {results, source, count}, compact, with progress notifications per provider', async () => {
    const messages: string[] = [];
    const result = await client.callTool(
      { name: 'search_flights', arguments: { origin: 'LHR', destination: 'JFK', date: daysAhead(40), cabinClass: 'economy', searchType: 'all' } },
      undefined,
      { onprogress: (p) => messages.push(p.message ?? '') },
    );
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { results: Compact[]; source: string; count: number; totalFound: number };
    expect(out.count).toBe(out.results.length);
    expect(out.count).toBeGreaterThan(0);
    expect(out.count).toBeLessThanOrEqual(20);
    expect(out.source.split(',')).toEqual(expect.arrayContaining(['duffel', 'serpapi']));
    expect(out.results[0]?.flights).toMatch(/^[A-Z0-9]{2}\d{1,4}/);
    // A bookable price is what the card is charged (USD offers, no markup here); any other price is marked as a reference.
    expect(out.results.some((r) => r.bookable)).toBe(true);
    for (const r of out.results) expect(r.checkoutTotal).toEqual(r.bookable ? { amount: r.price, currency: r.currency } : null);
    // Cheapest first.
    const prices = out.results.flatMap((r) => (r.price === null ? [] : [r.price]));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Compact: 20 results in well under 8k tokens (about 4 characters a token). A result's size
    // follows its legs and award options (up to 3), which change with the date searched, so each
    // is held to its own allowance rather than one figure that holds only on some days.
    for (const r of out.results) {
      const legs = r.itinerary.reduce((n, x) => n + x.legs.length, 0);
      const awards = r.awards.length;
      expect(JSON.stringify(r).length, JSON.stringify(r)).toBeLessThan(600 + 80 * legs + 140 * awards);
    }
    const text = JSON.stringify(result.content);
    expect(text.length / 4).toBeLessThan((8_000 * out.count) / 20);
    expect(messages.some((m) => m.startsWith('duffel:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('seats_aero:'))).toBe(true);
  });

  it('turns bad arguments into a tool error that names the field', async () => {
    const result = await client.callTool({ name: 'search_flights', arguments: { origin: 'JFK', destination: 'LHR', date: daysAhead(-2) } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect(text).toContain('date');
    expect(text).toContain('past');
  });
});
