import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json } from './helpers/api.js';
import { connectMcp, failing } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// U+0000 cannot be stored by PostgreSQL: every surface refuses it at the input
// boundary with a 422 naming where it was, before any store is touched.

const INTERNAL_KEY = 'internal-key-for-nul-tests-0123456789';
let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
  auth = await bearer(server, 'nul-alice');
});
afterAll(() => server.close());

type Detail = { loc: (string | number)[]; msg: string; type: string };

async function nulDetail(res: Response): Promise<Detail[]> {
  const body = await json<{ detail: Detail[] }>(res, 422);
  expect(body.detail.length).toBeGreaterThan(0);
  for (const d of body.detail) expect(d).toMatchObject({ type: 'string_nul', msg: expect.stringMatching(/must not contain NUL/) });
  return body.detail;
}

const keyCount = async () => (await json<{ keys: unknown[] }>(await server.get('/api/keys', { headers: auth }))).keys.length;

describe('NUL characters in the input', () => {
  it('are a 422 in a path id, naming the path parameter', async () => {
    const alerts = await nulDetail(await fetch(`${server.url}/api/alerts/%00`, { method: 'DELETE', headers: auth }));
    expect(alerts.map((d) => d.loc)).toEqual([['path', 'alert_id']]);
    const before = await keyCount();
    const keys = await nulDetail(await fetch(`${server.url}/api/keys/a%00b`, { method: 'DELETE', headers: auth }));
    expect(keys.map((d) => d.loc)).toEqual([['path', 'key_id']]);
    expect(await keyCount()).toBe(before);
  });

  it('are a 422 in a query parameter', async () => {
    const res = await fetch(`${server.url}/api/alerts/alt_x?user_id=bob%00`, { method: 'DELETE', headers: { 'x-internal-key': INTERNAL_KEY } });
    expect((await nulDetail(res)).map((d) => d.loc)).toEqual([['query', 'user_id']]);
  });

  it('are a 422 in a body field, at any depth, and nothing is created', async () => {
    const before = await keyCount();
    const flat = await nulDetail(await server.post('/api/keys', { name: 'a\u0000b' }, { headers: auth }));
    expect(flat.map((d) => d.loc)).toEqual([['body', 'name']]);
    const nested = await nulDetail(await server.post('/api/keys', { name: 'ok', scopes: ['read', 'pl\u0000an'] }, { headers: auth }));
    expect(nested.map((d) => d.loc)).toEqual([['body', 'scopes', 1]]);
    const key = await nulDetail(await server.post('/api/keys', { name: 'ok', ['x\u0000']: 1 }, { headers: auth }));
    expect(key.map((d) => d.loc)).toEqual([['body', 'x\u0000']]);
    expect(await keyCount()).toBe(before);
    // The same body without the NUL is fine.
    await json(await server.post('/api/keys', { name: 'ab' }, { headers: auth }));
    expect(await keyCount()).toBe(before + 1);
  });

  it('are refused over MCP too', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'nul-mcp', tier: 'pro' });
    const client = await connectMcp(server.url, secret);
    try {
      expect(await failing(client, 'suggest_places', { query: 'lis\u0000bon' })).toMatch(/VALIDATION_FAILED[\s\S]*NUL/);
    } finally {
      await client.close();
    }
  });
});
