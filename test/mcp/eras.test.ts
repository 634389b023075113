// Both protocol eras on one /mcp (issue 20, items 1 and 4): the SDK v2 client in `auto`
// negotiation lands on 2026-07-28 (stateless, server/discover), the SDK v1 client on the
// 2025 era (initialize, session); both see the same tools and every tool answers both the
// same way. With REDIS_URL the calls alternate between two servers sharing the cache.
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { connectV2 } from './v2-client.js';

const shared = process.env.REDIS_URL ? { CACHE_PREFIX: `eras_${process.pid}_${Date.now()}:` } : undefined;
let servers: TestServer[] = [];
let keys: string[] = [];
let modern: Client;
let legacy: V1Client;

interface Answer {
  isError?: boolean;
  content: { type: string; text: string }[];
}

beforeAll(async () => {
  servers = [await startTestServer(shared ? { env: shared } : {})];
  if (shared) servers.push(await startTestServer({ env: shared }));
  // Each test server has its own database: the same user gets a key on each.
  keys = await Promise.all(servers.map(async (s) => (await s.services.identity.createKey({ userId: 'eras-user', tier: 'pro' })).secret));
  const urls = servers.map((s) => s.url);
  modern = await connectV2(urls, keys[0]!, { keys });
  legacy = new V1Client({ name: 'vitest-v1', version: '1.0.0' });
  let turn = 0;
  const spread: typeof fetch = (input, init) => {
    const i = turn++ % urls.length;
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${keys[i]!}`);
    return fetch(String(input).replace(urls[0]!, urls[i]!), { ...init, headers });
  };
  await legacy.connect(new V1Transport(new URL(`${urls[0]}/mcp`), { fetch: spread }));
}, 60_000);
afterAll(async () => {
  await Promise.all([modern?.close(), legacy?.close()]);
  await Promise.all(servers.map((s) => s.close()));
});

describe('one /mcp, two protocol eras', () => {
  it('the v2 client in auto lands on 2026-07-28, the v1 client on 2025-11-25', () => {
    expect(modern.getProtocolEra()).toBe('modern');
    expect(legacy.getServerVersion()?.name).toBe('deal-engine');
    expect(modern.getServerVersion()?.name).toBe('deal-engine');
  });

  it('both list the same tools, with the same schemas', async () => {
    const [a, b] = [await modern.listTools(), await legacy.listTools()];
    expect(a.tools.length).toBeGreaterThan(20);
    expect(a.tools.map((t) => t.name)).toEqual(b.tools.map((t) => t.name));
    for (const [i, tool] of a.tools.entries()) expect(tool, tool.name).toEqual(b.tools[i]);
  });

  it('a real call answers the same on both', async () => {
    const args = { query: 'heathrow', limit: 3 };
    const a = await modern.callTool({ name: 'suggest_places', arguments: args });
    const b = await legacy.callTool({ name: 'suggest_places', arguments: args });
    expect(a.isError).toBeFalsy();
    expect(a.structuredContent).toEqual(b.structuredContent);
    expect((a.structuredContent as { places: { iata: string }[] }).places[0]?.iata).toBe('LHR');
  });

  it('every tool answers a call on both eras, and the same way: the same error text, or both an answer', { timeout: 240_000 }, async () => {
    const { tools } = await modern.listTools();
    const differ: string[] = [];
    for (const tool of tools) {
      // Empty arguments: most tools explain what is missing; the few without required inputs answer.
      const a = (await modern.callTool({ name: tool.name, arguments: {} })) as Answer;
      const b = (await legacy.callTool({ name: tool.name, arguments: {} })) as Answer;
      expect(a.content.length, tool.name).toBeGreaterThan(0);
      if (Boolean(a.isError) !== Boolean(b.isError) || (a.isError && a.content[0]?.text !== b.content[0]?.text)) {
        differ.push(`${tool.name}: ${a.content[0]?.text.slice(0, 120)} | ${b.content[0]?.text.slice(0, 120)}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('the direct tools/call path answers exactly what the SDK path answers', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  /**
   * The answer as sent: status, headers and the body's exact bytes. Left out: the clock, the
   * request id and the rate-limit count (they differ per call), and the framing (the
   * 2026-07-28 SDK entry streams its body chunked; the direct path knows its length).
   */
  async function post(headers: Record<string, string>, params: Record<string, unknown>): Promise<{ status: number; type: string | null; headers: string[]; text: string }> {
    const res = await fetch(`${servers[0]!.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${keys[0]!}`, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params }),
    });
    const sent = [...res.headers].filter(([name]) => !PER_CALL.has(name)).map(([name, value]) => `${name}: ${value}`);
    return { status: res.status, type: res.headers.get('content-type'), headers: sent, text: await res.text() };
  }
  const call = { name: 'suggest_places', arguments: { query: 'lisbon', limit: 2 } };
  const PER_CALL = new Set(['date', 'x-request-id', 'ratelimit', 'content-length', 'transfer-encoding']);
  const modernHeaders = (name: string) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name });
  // A progress token sends the call through the SDK; none of these tools sends progress, so the answers must match.
  const cases: [string, Record<string, unknown>][] = [
    ['a result', call],
    // Names with accents and apostrophes: the output's JSON is reused inside the answer, so its escaping must match.
    ['a result with text to escape', { name: 'suggest_places', arguments: { query: "são paulo", limit: 3 } }],
    ['a result with an apostrophe', { name: 'suggest_places', arguments: { query: "chicago o'hare", limit: 1 } }],
    ['a validation error', { name: 'suggest_places', arguments: { limit: 2 } }],
    ['a tool error', { name: 'get_trip', arguments: { tripId: 'trp_does_not_exist' } }],
    ['arguments that are not an object', { name: 'suggest_places', arguments: 'lisbon' }],
    ['an unknown tool', { name: 'no_such_tool', arguments: {} }],
  ];

  it.each(cases)('on 2026-07-28, byte for byte: %s', async (_case, params) => {
    const headers = modernHeaders(String(params.name));
    const direct = await post(headers, { ...params, _meta: envelope });
    const viaSdk = await post(headers, { ...params, _meta: { ...envelope, progressToken: 'p1' } });
    expect(direct).toEqual(viaSdk);
    expect(direct.type).toMatch(/^application\/json/);
  });

  it('on 2026-07-28 a direct result says it is complete and who answered', async () => {
    const direct = JSON.parse((await post(modernHeaders('suggest_places'), { ...call, _meta: envelope })).text) as Record<string, unknown>;
    expect(direct).toMatchObject({ result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'deal-engine' } } } });
  });

  it('on 2026-07-28 what the SDK ladder refuses is still refused, after an accepted call with the same envelope', async () => {
    await post(modernHeaders('suggest_places'), { ...call, _meta: envelope });
    const badEnvelope = await post(modernHeaders('suggest_places'), { ...call, _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 7 } } });
    expect(badEnvelope.status).toBe(400);
    const wrongMethod = await post({ ...modernHeaders('suggest_places'), 'mcp-method': 'tools/list' }, { ...call, _meta: envelope });
    expect(wrongMethod.status).toBe(400);
    const wrongVersion = await post({ ...modernHeaders('suggest_places'), 'mcp-protocol-version': '2025-11-25' }, { ...call, _meta: envelope });
    expect(wrongVersion.status).toBe(400);
  });

  it.each(cases)('on the 2025 era, without a session, byte for byte: %s', async (_case, params) => {
    const direct = await post({ 'mcp-protocol-version': '2025-11-25' }, params);
    const viaSdk = await post({ 'mcp-protocol-version': '2025-11-25' }, { ...params, _meta: { progressToken: 'p1' } });
    expect(direct).toEqual(viaSdk);
  });

  it('on the 2025 era a direct result carries the tool output', async () => {
    const direct = JSON.parse((await post({ 'mcp-protocol-version': '2025-11-25' }, call)).text) as { result: { structuredContent: { places: { iata: string }[] } } };
    expect(direct.result.structuredContent.places[0]?.iata).toBe('LIS');
  });
});

describe('anonymous discovery on 2026-07-28', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'anon', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const post = (method: string, params: Record<string, unknown>, name?: string) =>
    fetch(`${servers[0]!.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
    });

  it('lists tools and calls an anonymous tool without credentials; a user tool answers 401 with the resource-metadata challenge', async () => {
    const list = await post('tools/list', {});
    expect(list.status).toBe(200);
    expect(((await list.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(20);
    const places = await post('tools/call', { name: 'suggest_places', arguments: { query: 'paris' } }, 'suggest_places');
    expect(places.status).toBe(200);
    const trips = await post('tools/call', { name: 'list_trips', arguments: {} }, 'list_trips');
    expect(trips.status).toBe(401);
    expect(trips.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="read"/);
  });
});
