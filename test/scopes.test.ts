import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyTool } from '../tools/_kit/define-tool.js';
import type { Scope } from '../tools/_kit/principal.js';
import { requiredScopes } from '../tools/_kit/scopes.js';
import { TOOLS } from '../tools/index.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Key scopes are enforced where every surface calls a tool, so a read-only key is
// refused the same way over REST and MCP. The routes come from the registry: a new
// tool that writes is covered the day it is registered.

let server: TestServer;
let seq = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function keyWith(scopes: Scope[]): Promise<string> {
  seq += 1;
  const { secret } = await server.services.identity.createKey({ userId: `scoped_${Date.now().toString(36)}_${seq}`, tier: 'business', scopes });
  return `Bearer ${secret}`;
}

const needsMoreThanRead = (tool: AnyTool) => requiredScopes(tool).some((s) => s !== 'read');
/** Auth rules that refuse an ordinary user's key whatever its scopes. */
const refusesUsers = (tool: AnyTool) => tool.auth === 'internal' || tool.auth === 'admin';

function restCall(tool: AnyTool, authorization: string, body: string | undefined, contentType = 'application/json'): Promise<Response> {
  if (!tool.rest) throw new Error(`${tool.name} has no REST route`);
  const path = tool.rest.path.replace(/\{[^}]+\}/g, 'x_missing');
  const withBody = tool.rest.method !== 'GET' && tool.rest.method !== 'DELETE' && body !== undefined;
  return fetch(server.url + path, {
    method: tool.rest.method,
    headers: { authorization, ...(withBody ? { 'content-type': contentType } : {}) },
    ...(withBody ? { body } : {}),
  });
}

const mcpCall = (authorization: string, name: string, args: Record<string, unknown>) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

const TRIP = { name: 'Porto weekend', destination: 'OPO', start_date: '2027-06-01', end_date: '2027-06-03', currency: 'EUR' };
const byName = (name: string) => {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

describe('scope declarations', () => {
  it('gives every tool one of the three grants, and never lets a default open a writer to read', () => {
    const canonical = ['read', 'read plan', 'read book'];
    for (const tool of TOOLS) expect(canonical, tool.name).toContain(requiredScopes(tool).join(' '));
    // Spot checks from the issue: each was callable with a read-only key over REST.
    expect(requiredScopes(byName('trips.create'))).toEqual(['read', 'plan']);
    expect(requiredScopes(byName('playbook.put'))).toEqual(['read', 'plan']);
    expect(requiredScopes(byName('cars.partner_book'))).toEqual(['read', 'book']);
    expect(requiredScopes(byName('cars.cancel_booking'))).toEqual(['read', 'book']);
    expect(requiredScopes(byName('booking.payment_intent'))).toEqual(['read', 'book']);
    expect(requiredScopes(byName('flights.search'))).toEqual(['read']);
  });
});

describe('REST: a read-only key', () => {
  const writers = TOOLS.filter((t) => t.rest && needsMoreThanRead(t));

  it('covers the writing routes of the registry', () => {
    // Guards the loop below against an empty list (a broken filter would pass vacuously).
    expect(writers.length).toBeGreaterThan(40);
    expect(writers.map((t) => t.name)).toEqual(expect.arrayContaining(['trips.create', 'booking.book', 'cars.partner_book', 'account.create_key', 'webhooks.create']));
  });

  it('is refused every route that needs plan or book with 403 insufficient_scope, before the body is looked at', async () => {
    const reader = await keyWith(['read']);
    for (const tool of writers) {
      // An empty object fails nearly every schema: a 422 here would mean validation ran first.
      const res = await restCall(tool, reader, '{}');
      const text = await res.text();
      expect(res.status, `${tool.name}: ${text}`).toBe(403);
      if (refusesUsers(tool)) continue;
      const body = JSON.parse(text) as { code: string; details: { error: string; required_scopes: string[] } };
      expect(body.code, tool.name).toBe('FORBIDDEN');
      expect(body.details, tool.name).toMatchObject({ error: 'insufficient_scope', required_scopes: [...requiredScopes(tool)] });
      expect(res.headers.get('www-authenticate'), tool.name).toBe(`Bearer error="insufficient_scope", scope="${requiredScopes(tool).join(' ')}"`);
    }
  });

  it('is refused with 403, not 422, for no body, a non-JSON body and a valid body alike, and nothing is written', async () => {
    const reader = await keyWith(['read']);
    const create = byName('trips.create');
    for (const [body, type] of [[undefined, 'application/json'], ['name=x', 'application/x-www-form-urlencoded'], [JSON.stringify(TRIP), 'application/json']] as const) {
      const res = await restCall(create, reader, body, type);
      expect(res.status, String(body)).toBe(403);
      expect(res.headers.get('www-authenticate')).toContain('insufficient_scope');
    }
    const mine = await restCall(byName('trips.list'), reader, undefined);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { trips: unknown[] }).trips).toEqual([]);
  });

  it('still reads: GET and POST search routes answer as they would without scopes', async () => {
    const reader = await keyWith(['read']);
    const suggest = await fetch(`${server.url}/api/places/suggest?query=LIS`, { headers: { authorization: reader } });
    expect(suggest.status).toBe(200);
    // A read-only POST reaches validation: 422, not 403.
    const paths = await restCall(byName('points_router.paths'), reader, '{}');
    expect(paths.status).toBe(422);
  });

  it('cannot mint itself a stronger key', async () => {
    const planner = await keyWith(['read', 'plan']);
    const stronger = await restCall(byName('account.create_key'), planner, JSON.stringify({ scopes: ['read', 'book'] }));
    expect(stronger.status).toBe(403);
    const same = await restCall(byName('account.create_key'), planner, JSON.stringify({ name: 'copy' }));
    expect(same.status).toBe(200);
    expect(((await same.json()) as { key: { scopes: string[] } }).key.scopes).toEqual(['read', 'plan']);
  });
});

describe('REST: a read and plan key', () => {
  it('creates a trip but cannot book', async () => {
    const planner = await keyWith(['read', 'plan']);
    const trip = await restCall(byName('trips.create'), planner, JSON.stringify(TRIP));
    expect(trip.status, await trip.clone().text()).toBe(200);
    expect(((await trip.json()) as { id: string }).id).toMatch(/^trp_/);
    const book = await restCall(byName('booking.book'), planner, '{}');
    expect(book.status).toBe(403);
    expect(((await book.json()) as { details: { required_scopes: string[] } }).details.required_scopes).toEqual(['read', 'book']);
  });
});

describe('MCP: the same declaration', () => {
  const writers = TOOLS.filter((t) => t.mcp && needsMoreThanRead(t));

  it('refuses every MCP tool that needs plan or book with HTTP 403 and an insufficient_scope challenge', async () => {
    expect(writers.length).toBeGreaterThan(8);
    const reader = await keyWith(['read']);
    for (const tool of writers) {
      if (!tool.mcp) continue;
      const res = await mcpCall(reader, tool.mcp.name, {});
      expect(res.status, tool.mcp.name).toBe(403);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge, tool.mcp.name).toContain('error="insufficient_scope"');
      expect(challenge, tool.mcp.name).toContain(`scope="${requiredScopes(tool).join(' ')}"`);
    }
    const read = await mcpCall(reader, 'suggest_places', { query: 'LIS' });
    expect(read.status).toBe(200);
  });

  it('lets a read and plan key create a trip but not book a flight', async () => {
    const planner = await keyWith(['read', 'plan']);
    const trip = await mcpCall(planner, 'create_trip', { name: 'Porto', destination: 'OPO' });
    expect(trip.status).toBe(200);
    const answer = (await trip.json()) as { result: { isError?: boolean } };
    expect(answer.result.isError).toBeFalsy();
    const book = await mcpCall(planner, 'book_flight', {});
    expect(book.status).toBe(403);
    expect(book.headers.get('www-authenticate')).toContain('scope="read book"');
  });
});
