import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// An MCP session id belongs to whoever initialized it: another key presenting it
// gets the 404 of an unknown session, whatever it tries (POST, GET stream, DELETE).

let server: TestServer;
let alice: string;
let aliceSecondKey: string;
let mallory: string;
beforeAll(async () => {
  server = await startTestServer();
  const key = async (userId: string) => `Bearer ${(await server.services.identity.createKey({ userId, tier: 'pro' })).secret}`;
  alice = await key('session_alice');
  aliceSecondKey = await key('session_alice');
  mallory = await key('session_mallory');
});
afterAll(() => server.close());

const VERSION = '2025-11-25';

function post(authorization: string, body: unknown, session?: string) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': VERSION,
      authorization,
      ...(session ? { 'mcp-session-id': session } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function openSession(authorization: string): Promise<string> {
  const res = await post(authorization, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'owner-test', version: '1' } } });
  expect(res.status).toBe(200);
  const id = res.headers.get('mcp-session-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id ?? '';
}

const listTools = (authorization: string, session: string) => post(authorization, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);

async function openStream(authorization: string, session: string): Promise<number> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, authorization }, signal: controller.signal });
  controller.abort();
  return res.status;
}

const end = (authorization: string, session: string) =>
  fetch(`${server.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': VERSION, authorization } });

describe('MCP sessions are bound to the principal that opened them', () => {
  it('answers another key 404 on POST, GET and DELETE, exactly like an unknown id, and leaves the session alive', async () => {
    const session = await openSession(alice);
    const unknown = await listTools(mallory, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();

    const foreignPost = await listTools(mallory, session);
    expect(foreignPost.status).toBe(404);
    expect(await foreignPost.json()).toEqual(unknownBody);
    expect(await openStream(mallory, session)).toBe(404);
    expect((await end(mallory, session)).status).toBe(404);

    // The owner was not disturbed: the session still serves her, on either of her keys.
    expect((await listTools(alice, session)).status).toBe(200);
    expect((await listTools(aliceSecondKey, session)).status).toBe(200);
    expect(await openStream(alice, session)).toBe(200);
  });

  it('lets only the owner end it', async () => {
    const session = await openSession(alice);
    expect((await end(mallory, session)).status).toBe(404);
    expect((await end(alice, session)).status).toBe(200);
    expect((await listTools(alice, session)).status).toBe(404);
  });

  it('gives each principal its own sessions', async () => {
    const mine = await openSession(mallory);
    expect((await listTools(mallory, mine)).status).toBe(200);
    expect((await listTools(alice, mine)).status).toBe(404);
  });
});
