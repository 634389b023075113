// Anonymous discovery on /mcp (issue 20, item 7): without credentials a client
// initializes, lists every tool and calls the ones REST serves anonymously (derived
// from each tool's auth declaration); a tool that needs a user answers HTTP 401 with
// the resource-metadata challenge, so an OAuth client signs in at that moment.
// Anonymous traffic is metered per client address on the free plan's limits, and
// sessions never cross between anonymous and signed-in callers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servesAnonymous } from '../adapters/mcp/anonymous-access.js';
import { TIER_LIMITS } from '../adapters/identity/tier-limits.js';
import { TOOLS } from '../tools/index.js';
import { daysAhead } from './flights/search-helpers.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';
import { MemoryOAuthProvider, openConsent, submitConsent } from './oauth/helpers.js';

const REDIRECT = 'http://127.0.0.1:33420/callback';

let server: TestServer;
let mcpUrl: URL;
beforeAll(async () => {
  // TRUST_PROXY lets the metering test use an address of its own (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  mcpUrl = new URL(`${server.url}/mcp`);
});
afterAll(async () => server?.close());

const anonymousClient = async (headers: Record<string, string> = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
  const client = new Client({ name: 'anonymous-vitest', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
};

const rpc = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });

const mcpName = (t: (typeof TOOLS)[number]) => (t.mcp ? t.mcp.name : '');
const anonymousTools = TOOLS.filter((t) => t.mcp && servesAnonymous(t)).map(mcpName);
const userTools = TOOLS.filter((t) => t.mcp && !servesAnonymous(t)).map(mcpName);

describe('/mcp without credentials', () => {
  it('derives the anonymous set from auth declarations: search, places, calendar, prediction, deals and points in; booking and trips out', () => {
    for (const name of ['suggest_places', 'search_flights', 'search_calendar', 'get_prediction', 'list_deals', 'optimize_points', 'search_hotels']) expect(anonymousTools).toContain(name);
    for (const name of ['quote_booking', 'book_flight', 'cancel_booking', 'book_hotel', 'book_car', 'list_trips', 'save_traveler']) expect(userTools).toContain(name);
  });

  it('initializes, lists every tool, searches, and gets 401 with the challenge for a tool that needs a user', { timeout: 30_000 }, async () => {
    const { client, transport } = await anonymousClient();
    try {
      expect(transport.sessionId).toBeTruthy();
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...anonymousTools, ...userTools].sort());

      const places = await client.callTool({ name: 'suggest_places', arguments: { query: 'lisbon', limit: 3 } });
      expect(places.isError).toBeFalsy();
      expect(JSON.stringify(places.structuredContent)).toContain('LIS');
      const search = await client.callTool({ name: 'search_flights', arguments: { origin: 'JFK', destination: 'LHR', date: daysAhead(40) } });
      expect(search.isError, JSON.stringify(search.content)).toBeFalsy();

      const refused = await client.callTool({ name: 'list_trips', arguments: {} }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(401);
    } finally {
      await client.close();
    }
  });

  it('the 401 names the protected-resource metadata and the scopes the tool needs; REST-anonymous tools get no challenge', async () => {
    const init = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(init.status).toBe(200);
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    const refused = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'book_flight', arguments: { confirmationToken: 'bq_x' } } }, session);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="read book"`);
    expect(await refused.json()).toMatchObject({ id: 7, error: { message: expect.stringContaining('book_flight needs a signed-in user') } });
    const allowed = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'paris', limit: 1 } } }, session);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('www-authenticate')).toBeNull();
  });

  it('a bad credential is still 401, never treated as anonymous', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: 'Bearer de_live_nope' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('sessions do not cross: an anonymous session is unknown to a signed-in caller, and the reverse', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'anon-crossing', tier: 'pro' });
    const bearer = { authorization: `Bearer ${secret}` };
    const anonymous = await anonymousClient();
    const signedIn = await anonymousClient(bearer);
    try {
      const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
      const version = { 'mcp-protocol-version': '2025-11-25' };
      expect((await rpc(list, { ...version, 'mcp-session-id': anonymous.transport.sessionId! })).status).toBe(200);
      expect((await rpc(list, { ...version, ...bearer, 'mcp-session-id': anonymous.transport.sessionId! })).status).toBe(404);
      expect((await rpc(list, { ...version, ...bearer, 'mcp-session-id': signedIn.transport.sessionId! })).status).toBe(200);
      expect((await rpc(list, { ...version, 'mcp-session-id': signedIn.transport.sessionId! })).status).toBe(404);
    } finally {
      await Promise.all([anonymous.client.close(), signedIn.client.close()]);
    }
  });

  it('is metered per client address on the free plan: RateLimit headers, 429 with Retry-After past the minute limit, other addresses unaffected', { timeout: 60_000 }, async () => {
    const perMinute = TIER_LIMITS.free.perMinute;
    // The window is the clock minute: start with time to spare before the next one.
    const s = new Date().getSeconds();
    if (s >= 45) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
    const ping = (address: string) => rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'x-forwarded-for': address });
    const first = await Promise.all(Array.from({ length: perMinute }, () => ping('203.0.113.50')));
    expect(first.map((r) => r.status).every((st) => st === 200)).toBe(true);
    expect(first[0]!.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
    const over = await ping('203.0.113.50');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ping('203.0.113.51')).status).toBe(200);
    // Signed-in callers are metered by their plan, not by address.
    const { secret } = await server.services.identity.createKey({ userId: 'anon-meter-user', tier: 'pro' });
    const signedIn = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'x-forwarded-for': '203.0.113.50', authorization: `Bearer ${secret}` });
    expect(signedIn.status).toBe(200);
  });
});

/** An OAuth client provider whose "browser" approves our consent page with a pasted API key. */
class HeadlessProvider extends MemoryOAuthProvider {
  code: string | undefined;
  constructor(private readonly apiKey: string) {
    super(REDIRECT, 'MCP anonymous-first');
  }
  override async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const consent = await openConsent(url);
    const answer = await submitConsent(server.url, consent, { apiKey: this.apiKey });
    this.code = new URL(answer.location!).searchParams.get('code') ?? undefined;
  }
}

describe('anonymous first, then OAuth with the SDK client provider', () => {
  it('connects without tokens, signs in when a tool needs a user, then calls it in a new session', { timeout: 30_000 }, async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'anon-then-oauth', tier: 'pro' });
    const provider = new HeadlessProvider(secret);
    const first = new Client({ name: 'anon-first', version: '1.0.0' });
    const firstTransport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await first.connect(firstTransport);
    expect(provider.saved).toBeUndefined(); // connected with no token at all
    expect((await first.listTools()).tools.length).toBe(anonymousTools.length + userTools.length);

    // The user tool's 401 starts the OAuth flow: discovery, registration, consent.
    await expect(first.callTool({ name: 'list_trips', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${server.url}/mcp`);
    expect(provider.code).toBeTruthy();
    await firstTransport.finishAuth(provider.code!);
    expect(provider.saved?.access_token).toMatch(/^de_oat_/);

    // The anonymous session is not the user's: with the token it is unknown.
    const stale = await first.callTool({ name: 'list_trips', arguments: {} }).catch((err: unknown) => err);
    expect((stale as StreamableHTTPError).code).toBe(404);
    await first.close();

    const signedIn = new Client({ name: 'anon-first', version: '1.0.0' });
    await signedIn.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    try {
      const trips = await signedIn.callTool({ name: 'list_trips', arguments: {} });
      expect(trips.isError, JSON.stringify(trips.content)).toBeFalsy();
    } finally {
      await signedIn.close();
    }
  });
});
