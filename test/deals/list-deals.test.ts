import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OFFERS } from '../../tools/deals/data/card-offers.js';
import { HOTEL_PROMOTIONS } from '../../tools/deals/data/hotel-promotions.js';
import { mistakeFareEvent } from '../../tools/deals/detect-mistake-fares.js';
import type { MistakeFare } from '../../tools/deals/mistake-store.js';
import { TRANSFER_BONUSES } from '../../tools/points/data/bonuses.js';
import { daysAhead } from '../flights/search-helpers.js';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { json } from './deals-helpers.js';

// list_deals over MCP (exactly {deals: [{title, program, value, url}]}) and its
// REST twin GET /api/deals, per category and limit, with expectations worked out
// from the committed datasets and today's date.

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'deals-mcp', tier: 'pro' });
  client = await connectMcp(server.url, secret);
  const fare: MistakeFare = {
    id: 'deal_test_1', origin: 'BOS', destination: 'DUB', departureDate: daysAhead(30), returnDate: null, cabin: 'economy', source: 'duffel',
    priceMinor: 18_900, typicalMinor: 61_000, currency: 'USD', sigmas: 4.4, pctOff: 69.02, samples: 31, detectedAt: new Date(),
  };
  await server.services.mistakeFares.record(fare, 'test|BOS|DUB', mistakeFareEvent(fare, 'test|BOS|DUB'));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const live = <T extends { validFrom: string; validUntil: string }>(items: readonly T[]) => items.filter((i) => i.validFrom <= today() && today() <= i.validUntil);
const activeBonuses = () => TRANSFER_BONUSES.items.filter((b) => b.start <= today() && today() <= b.end);

interface McpDeal { title: string; program: string; value: string; url: string }
interface RestDeal extends McpDeal { category: string; valid_until: string | null }
interface RestOut { categories: string[]; as_of: Record<string, string>; count: number; deals: RestDeal[] }

describe('MCP list_deals', () => {
  it('is listed with limit and category', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'list_deals');
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(['category', 'limit']);
    // Strict-mode form (adapters/mcp/strict-input.ts): every property required, the optional ones nullable.
    expect(tool?.inputSchema.required ?? []).toEqual(['limit', 'category']);
    expect(tool?.annotations?.readOnlyHint).toBe(true);
  });

  it('answers exactly {deals: [{title, program, value, url}]}, 12 by default, mixing categories', async () => {
    const out = await call<{ deals: McpDeal[] }>(client, 'list_deals', {});
    expect(Object.keys(out)).toEqual(['deals']);
    const available = 1 + activeBonuses().length + live(CARD_OFFERS.items).length + live(HOTEL_PROMOTIONS.items).length;
    expect(out.deals).toHaveLength(Math.min(12, available));
    for (const d of out.deals) {
      expect(Object.keys(d).sort()).toEqual(['program', 'title', 'url', 'value']);
      expect(d.url).toMatch(/^https:\/\//);
    }
    expect(out.deals[0]!.program).toBe('cash');
  });

  it('category card: the live sign-up bonuses, most valuable first, never an expired one', async () => {
    const out = await call<{ deals: McpDeal[] }>(client, 'list_deals', { category: 'card', limit: 50 });
    const expected = live(CARD_OFFERS.items);
    expect(out.deals).toHaveLength(expected.length);
    expect(new Set(out.deals.map((d) => d.url))).toEqual(new Set(expected.map((c) => c.url)));
    const expired = CARD_OFFERS.items.filter((c) => c.validUntil < today());
    expect(expired.length).toBeGreaterThan(0);
    for (const c of expired) expect(out.deals.some((d) => d.title.startsWith(c.card))).toBe(false);
    expect(out.deals.every((d) => /points \(about \$[\d,]+\) after \$[\d,]+ spend/.test(d.value))).toBe(true);
  });

  it('category hotel: the live promotions only', async () => {
    const out = await call<{ deals: McpDeal[] }>(client, 'list_deals', { category: 'hotel', limit: 50 });
    const expected = live(HOTEL_PROMOTIONS.items);
    expect(out.deals.map((d) => d.title).sort()).toEqual(expected.map((h) => h.title).sort());
    expect(out.deals.map((d) => d.program).sort()).toEqual(expected.map((h) => h.program).sort());
  });

  it('category points: today’s transfer bonuses', async () => {
    const out = await call<{ deals: McpDeal[] }>(client, 'list_deals', { category: 'points', limit: 50 });
    expect(out.deals.map((d) => d.program).sort()).toEqual(activeBonuses().map((b) => b.to).sort());
    // A bonus without a dated source is listed, saying so (issue 23).
    const unverified = activeBonuses().filter((b) => b.source === undefined).length;
    expect(out.deals.filter((d) => d.title.includes('(unverified: check with the bank)'))).toHaveLength(unverified);
  });

  it('category flight: the mistake-fare feed, as a cash deal', async () => {
    const out = await call<{ deals: McpDeal[] }>(client, 'list_deals', { category: 'flight' });
    expect(out.deals).toHaveLength(1);
    expect(out.deals[0]).toMatchObject({ program: 'cash' });
    expect(out.deals[0]!.title).toContain('BOS → DUB');
    expect(out.deals[0]!.value).toBe('$189.00 one way vs typical $610.00 (69% off, 4.4σ below the mean)');
    expect(out.deals[0]!.url).toMatch(/^https:\/\/www\.google\.com\/travel\/flights\?q=/);
  });

  it('honours limit', async () => {
    expect((await call<{ deals: McpDeal[] }>(client, 'list_deals', { category: 'card', limit: 3 })).deals).toHaveLength(3);
    expect((await call<{ deals: McpDeal[] }>(client, 'list_deals', { limit: 1 })).deals).toHaveLength(1);
  });

  it('rejects an unknown category, naming the valid ones, and a bad limit', async () => {
    const text = await failing(client, 'list_deals', { category: 'cruise' });
    for (const c of ['flight', 'points', 'card', 'hotel']) expect(text).toContain(c);
    expect(await failing(client, 'list_deals', { limit: 0 })).toMatch(/limit/);
  });
});

describe('GET /api/deals', () => {
  it('gives the categories, dataset dates and each deal’s category and end date; cacheable', async () => {
    const res = await server.get('/api/deals?category=card&limit=2');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const out = await json<RestOut>(res);
    expect(out.categories).toEqual(['card']);
    expect(out.as_of).toEqual({ card: CARD_OFFERS.asOf, hotel: HOTEL_PROMOTIONS.asOf, points: TRANSFER_BONUSES.asOf });
    expect(out.count).toBe(2);
    for (const d of out.deals) {
      expect(d.category).toBe('card');
      expect(d.valid_until! >= today()).toBe(true);
    }
  });

  it('mixes the categories in turn without one', async () => {
    const out = await json<RestOut>(await server.get('/api/deals?limit=4'));
    expect(out.deals.map((d) => d.category)).toEqual(['flight', 'points', 'card', 'hotel']);
  });

  it('answers 422 for an unknown category or an out-of-range limit', async () => {
    await json(await server.get('/api/deals?category=cruise'), 422);
    await json(await server.get('/api/deals?limit=51'), 422);
    await json(await server.get('/api/deals?limit=abc'), 422);
  });
});
