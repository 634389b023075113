import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { countTool, echoTool } from './fixtures/demo-tools.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
let auth: { authorization: string };
beforeAll(async () => {
  server = await startTestServer({ tools: [...TOOLS, echoTool, countTool] });
  auth = { authorization: `Bearer ${(await server.services.identity.createKey({ userId: 'mcp-tester', tier: 'business' })).secret}` };
});
afterAll(() => server.close());

async function connect(url = server.url, headers: Record<string, string> = auth) {
  const client = new Client({ name: 'vitest', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

const rpc = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth, ...headers },
    body: JSON.stringify(body),
  });

const initialize = (protocolVersion: string) =>
  rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });

describe('MCP over streamable HTTP', () => {
  it('lists suggest_places with schemas and annotations', async () => {
    const { client } = await connect();
    expect(client.getServerVersion()?.name).toBe('deal-engine');
    const { tools } = await client.listTools();
    const suggest = tools.find((t) => t.name === 'suggest_places');
    expect(suggest?.inputSchema.properties).toHaveProperty('query');
    // No output schemas are listed (adapters/mcp/compact-schema.ts); answers still carry structuredContent.
    expect(suggest?.outputSchema).toBeUndefined();
    expect(suggest?.annotations?.readOnlyHint).toBe(true);
    expect(tools.some((t) => t.name === 'health.check' || t.name === 'health_check')).toBe(false);
    await client.close();
  });

  it('calls suggest_places and returns structuredContent plus text', async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: 'suggest_places', arguments: { query: 'lisbon', limit: 3 } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { places: { iata: string }[] };
    expect(structured.places[0]?.iata).toBe('LIS');
    const text = (result.content as { type: string; text: string }[])[0];
    expect(JSON.parse(text?.text ?? '{}')).toEqual(structured);
    await client.close();
  });

  it('turns invalid arguments and tool errors into isError results a model can act on', async () => {
    const { client } = await connect();
    const bad = await client.callTool({ name: 'suggest_places', arguments: { limit: 500 } });
    expect(bad.isError).toBe(true);
    const msg = (bad.content as { text: string }[])[0]?.text ?? '';
    expect(msg).toMatch(/VALIDATION_FAILED/);
    expect(msg).toMatch(/query: Field required/);
    expect(msg).toMatch(/limit: Input should be less than or equal to 50/);
    const gone = await client.callTool({ name: 'test_echo', arguments: { item_id: 'expired', origin: 'LIS', passengers: 1 } });
    expect(gone.isError).toBe(true);
    expect((gone.content as { text: string }[])[0]?.text).toMatch(/GONE: That item expired.*search again/i);
    const crash = await client.callTool({ name: 'test_echo', arguments: { item_id: 'crash', origin: 'LIS', passengers: 1 } });
    expect((crash.content as { text: string }[])[0]?.text).not.toContain('secret internal detail');
    const unknown = await client.callTool({ name: 'nope', arguments: {} });
    expect(unknown.isError).toBe(true);
    await client.close();
  });

  it('streams progress notifications for a streaming tool and answers with the folded result', async () => {
    const { client } = await connect();
    const progress: number[] = [];
    const result = await client.callTool({ name: 'test_count', arguments: { count: 3, delay_ms: 5 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(result.structuredContent).toEqual({ numbers: [1, 2, 3], count: 3 });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    await client.close();
  });

  it('answers protocol versions 2025-11-25 and 2025-06-18 and offers its newest otherwise', async () => {
    for (const [asked, answered] of [['2025-11-25', '2025-11-25'], ['2025-06-18', '2025-06-18'], ['2024-11-05', '2025-11-25']]) {
      const res = await initialize(asked as string);
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
      const body = (await res.json()) as { result: { protocolVersion: string } };
      expect(body.result.protocolVersion).toBe(answered);
    }
    const bad = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '1999-01-01' });
    expect(bad.status).toBe(400);
  });

  it('ends a session on DELETE; the old id then gets 404', async () => {
    const init = await initialize('2025-11-25');
    const session = init.headers.get('mcp-session-id') ?? '';
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    expect((await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).status).toBe(200);
    const del = await fetch(`${server.url}/mcp`, { method: 'DELETE', headers: { ...headers, ...auth } });
    expect(del.status).toBe(200);
    expect((await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers)).status).toBe(404);
  });

  it('opens the GET event stream for a live session', async () => {
    const init = await initialize('2025-11-25');
    const session = init.headers.get('mcp-session-id') ?? '';
    const controller = new AbortController();
    const res = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, ...auth }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    controller.abort();
    const noSession = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream', ...auth } });
    expect(noSession.status).toBe(400);
  });

  it('sends log messages at or above the level the session set, none before', async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const logs: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const search = (destination: string) => client.callTool({ name: 'search_flights', arguments: { origin: 'JFK', destination, date } });

    await search('LHR');
    expect(logs).toEqual([]);
    expect(await client.setLoggingLevel('warning')).toEqual({});
    await search('CDG');
    expect(logs.filter((l) => l.level === 'info')).toEqual([]);
    await client.setLoggingLevel('info');
    await search('FRA');
    const providers = logs.filter((l) => l.level === 'info').map((l) => String(l.data).split(':')[0]).sort();
    expect(providers).toEqual(['duffel', 'seats_aero', 'serpapi']);
    expect(logs.every((l) => l.logger === 'search_flights')).toBe(true);
    await client.close();
  });

  it('refuses logging/setLevel without a session or with a bad level', async () => {
    const noSession = await rpc({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'info' } });
    expect(await noSession.json()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/Mcp-Session-Id/) } });
    const init = await initialize('2025-11-25');
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': '2025-11-25' };
    const bad = await rpc({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'loud' } }, session);
    expect(await bad.json()).toMatchObject({ error: { code: -32602 } });
  });

  it('rejects a foreign Origin, accepts its own', async () => {
    const evil = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const own = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: server.url });
    expect(own.status).toBe(200);
    // A rebound page names itself in Host and Origin alike: matching each other proves nothing.
    const rebound = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'http://evil.example.com', host: 'evil.example.com' });
    expect(rebound.status).toBe(403);
  });

  it('answers notifications with 202 and bad JSON with a JSON-RPC parse error', async () => {
    expect((await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...auth }, body: '{oops' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: -32700 } });
    const batch = await rpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).toBe(400);
  });
});

// Only with REDIS_URL (the PostgreSQL + Redis pass): the embedded cache is per process by design.
if (process.env.REDIS_URL) describe('MCP sessions across processes', () => {
  it('a session opened on one instance is served by another sharing the cache', async () => {
    // Two servers stand in for two processes and share state only through Redis.
    const prefix = `share_${process.pid}_${Date.now()}:`;
    const a = await startTestServer({ env: { CACHE_PREFIX: prefix } });
    const b = await startTestServer({ env: { CACHE_PREFIX: prefix } });
    // Each test server has its own database, so each gets the key it knows; the session is what is shared.
    const keyFor = async (s: TestServer) => `Bearer ${(await s.services.identity.createKey({ userId: 'x', tier: 'pro' })).secret}`;
    try {
      const init = await fetch(`${a.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: await keyFor(a) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
      });
      const session = init.headers.get('mcp-session-id') ?? '';
      const other = b;
      const res = await fetch(`${other.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25', authorization: await keyFor(other) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'JFK' } } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { structuredContent: { places: { iata: string }[] } } };
      expect(body.result.structuredContent.places[0]?.iata).toBe('JFK');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('MCP authentication', () => {
  it('answers 401 with a resource-metadata challenge for a bad key, and for a user tool called without credentials', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) => fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    // Anonymous discovery (test/mcp-anonymous.test.ts): tools/list needs no credentials, a tool that needs a user does.
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    for (const res of [
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: 'Bearer de_live_nope' }),
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_trips', arguments: {} } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="read"/);
    }
  });

  it('answers 403 insufficient_scope when a read-only key calls a tool that needs book', async () => {
    const readOnly = (await server.services.identity.createKey({ userId: 'reader', tier: 'pro', scopes: ['read'] })).secret;
    const ok = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'LIS' } } }, { authorization: `Bearer ${readOnly}` });
    expect(ok.status).toBe(200);
    const denied = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_count', arguments: { count: 1 } } }, { authorization: `Bearer ${readOnly}` });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(denied.headers.get('www-authenticate')).toContain('scope="read book"');
  });

  it('meters keyed calls with RateLimit headers', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(res.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
    expect(res.headers.get('ratelimit-policy')).toBe('3000;w=60, 500000;w=86400');
  });
});
