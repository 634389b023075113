import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../adapters/mcp/call-tool.js';
import { ToolCatalog } from '../adapters/mcp/tool-catalog.js';
import { ANONYMOUS } from '../tools/_kit/principal.js';
import { defineTool } from '../tools/_kit/define-tool.js';
import { TOOLS } from '../tools/index.js';
import { period } from './cars/car-helpers.js';
import { call, connectMcp, failing } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';
import { testContext } from './kit/test-context.js';

// List-shaped MCP results (McpExposure.list) take `limit` and say how many more
// exist; REST answers stay whole.

/** Numbers 1..count, listed over MCP with a limit the adapter owns. */
const numbersTool = defineTool({
  name: 'test.numbers',
  title: 'Numbers',
  description: 'Returns the numbers 1..count.',
  area: 'Test',
  input: z.object({ count: z.number().int().min(0).max(100) }).strict(),
  output: z.object({ numbers: z.array(z.number()), count: z.number() }),
  errors: [],
  auth: 'none',
  rest: { method: 'POST', path: '/api/test/numbers' },
  mcp: { name: 'test_numbers', list: { field: 'numbers', defaultLimit: 5, maxLimit: 20 } },
  handler: async (_ctx, input) => {
    const numbers = Array.from({ length: input.count }, (_, i) => i + 1);
    return { numbers, count: numbers.length };
  },
});

/** A tool with its own `limit` (REST keeps it): over MCP it is given the most, and the adapter cuts. */
const pagedTool = defineTool({
  name: 'test.paged',
  title: 'Paged numbers',
  description: 'Returns up to limit of the numbers 1..30.',
  area: 'Test',
  input: z.object({ limit: z.number().int().min(1).max(30).default(3) }).strict(),
  output: z.object({ numbers: z.array(z.number()) }),
  errors: [],
  auth: 'none',
  rest: false,
  mcp: { name: 'test_paged', list: { field: 'numbers', defaultLimit: 4, maxLimit: 25 } },
  handler: async (_ctx, input) => ({ numbers: Array.from({ length: 30 }, (_, i) => i + 1).slice(0, input.limit) }),
});

const LIST_TOOLS = ['search_flights', 'search_cars', 'search_hotels', 'search_hotel_awards', 'get_hotel_rates', 'list_trips', 'list_travelers'];

describe('the listing of a list-shaped tool', () => {
  const catalog = new ToolCatalog(TOOLS);

  it.each(LIST_TOOLS)('%s takes limit and answers more', (name) => {
    const entry = catalog.get(name);
    const list = entry?.tool.mcp ? entry.tool.mcp.list : undefined;
    if (!entry || !list) throw new Error(`${name} has no list exposure`);
    const limit = (entry.listing.inputSchema.properties as Record<string, Record<string, unknown>>).limit;
    expect(limit).toMatchObject({ type: ['integer', 'null'], minimum: 1, maximum: list.maxLimit });
    expect(list.defaultLimit).toBeLessThanOrEqual(list.maxLimit);
    // No output schema is listed: the limit argument itself says the answer counts what was left out.
    expect(limit?.description).toMatch(/more counts the rest/);
  });
});

describe('a list tool with its own limit', () => {
  const entry = new ToolCatalog([pagedTool]).get('test_paged');
  if (!entry) throw new Error('test_paged is not listed');

  it('lists the adapter\'s limit in place of the tool\'s, with the adapter\'s bounds and default', () => {
    expect((entry.listing.inputSchema.properties as Record<string, unknown>).limit).toMatchObject({ maximum: 25, description: expect.stringMatching(/^Default 4;/) });
  });

  const anonymous = testContext({ principal: ANONYMOUS });

  it('asks the tool for the most it may list and answers limit of them', async () => {
    const result = await callTool(pagedTool, entry.fromArgs({ limit: 6 }), anonymous);
    expect(result.structuredContent).toEqual({ numbers: [1, 2, 3, 4, 5, 6], total: 25, more: 19 });
    const byDefault = await callTool(pagedTool, entry.fromArgs({ limit: null }), anonymous);
    expect(byDefault.structuredContent).toMatchObject({ numbers: [1, 2, 3, 4], more: 21 });
  });
});

describe('limit over /mcp', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer({ tools: [...TOOLS, numbersTool] });
    client = await connectMcp(server.url, (await server.services.identity.createKey({ userId: 'mcp-limit', tier: 'pro' })).secret);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('answers the default number of items, the total and how many more', async () => {
    const out = await call<{ numbers: number[]; count: number; total: number; more: number }>(client, 'test_numbers', { count: 12 });
    expect(out).toEqual({ numbers: [1, 2, 3, 4, 5], count: 5, total: 12, more: 7 });
  });

  it('answers limit items, null meaning the default, and more 0 when all are shown', async () => {
    expect(await call(client, 'test_numbers', { count: 12, limit: 2 })).toEqual({ numbers: [1, 2], count: 2, total: 12, more: 10 });
    expect(await call(client, 'test_numbers', { count: 12, limit: null })).toMatchObject({ numbers: [1, 2, 3, 4, 5], more: 7 });
    expect(await call(client, 'test_numbers', { count: 3, limit: 20 })).toEqual({ numbers: [1, 2, 3], count: 3, total: 3, more: 0 });
  });

  it('refuses a limit out of range like any invalid argument', async () => {
    expect(await failing(client, 'test_numbers', { count: 3, limit: 21 })).toMatch(/VALIDATION_FAILED[\s\S]*limit: Input should be less than or equal to 20/);
    expect(await failing(client, 'test_numbers', { count: 3, limit: 0 })).toMatch(/limit: Input should be greater than or equal to 1/);
  });

  it('leaves the REST answer whole', async () => {
    const res = await fetch(`${server.url}/api/test/numbers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 12 }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { numbers: number[] }).numbers).toHaveLength(12);
  });

  it('search_cars answers 10 rates by default and limit on request, with how many more were found', async () => {
    const p = period(30, 4);
    const args = { pickUp: { place: 'MIA', at: p.pick_up_at }, dropOff: { place: null, at: p.drop_off_at }, driverAge: 40, residenceCountry: null };
    const all = await call<{ rates: unknown[]; total_found: number; more: number }>(client, 'search_cars', { ...args, limit: 25 });
    expect(all.total_found).toBeGreaterThan(10);
    const first = await call<{ rates: unknown[]; total_found: number; more: number }>(client, 'search_cars', { ...args, limit: null });
    expect(first.rates).toEqual(all.rates.slice(0, 10));
    expect(first.more).toBe(first.total_found - 10);
    const two = await call<{ rates: unknown[]; more: number }>(client, 'search_cars', { ...args, limit: 2 });
    expect(two.rates).toEqual(all.rates.slice(0, 2));
    expect(two.more).toBe(all.total_found - 2);
  });
});
