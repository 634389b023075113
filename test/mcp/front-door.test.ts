import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// /mcp is answered by the front door straight into the MCP router, skipping the
// express app's layers (adapters/rest/dispatch-table.ts, withMountedRouter); other
// spellings still reach the same router through the app. Both must answer alike.

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.services.identity.createKey({ userId: 'front-door-mcp', tier: 'pro' })).secret;
});
afterAll(() => server.close());

const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'lisbon', limit: 1 } } };

async function post(path: string, method = 'POST'): Promise<{ status: number; body: string; requestId: string | null; allow: string | null }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}`, 'mcp-protocol-version': '2025-11-25' },
    ...(method === 'POST' || method === 'PUT' ? { body: JSON.stringify(call) } : {}),
  });
  return { status: res.status, body: await res.text(), requestId: res.headers.get('x-request-id'), allow: res.headers.get('allow') };
}

describe('/mcp through the front door', () => {
  it('answers /mcp, /mcp with a query, /MCP and /mcp/ with the same tool result, each with its request id', async () => {
    const answers = await Promise.all(['/mcp', '/mcp?trace=1', '/MCP', '/mcp/'].map((p) => post(p)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ id: 7, result: { structuredContent: { places: [{ iata: 'LIS' }] } } });
      expect(a.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('leaves paths below /mcp and look-alikes to the app, and answers other methods as the router does', async () => {
    expect((await post('/mcp/other')).status).toBe(404);
    expect((await post('/mcpx')).status).toBe(404);
    const put = await post('/mcp', 'PUT');
    expect(put.status).toBe(405);
    expect(put.allow).toBe('GET, POST, DELETE');
  });
});
