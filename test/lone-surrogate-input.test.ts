import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json } from './helpers/api.js';
import { connectMcp, failing } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// A lone UTF-16 surrogate (JSON "\ud800") is not Unicode: PostgreSQL cannot store
// it, so like NUL it is a 422 at the input boundary naming where it was. In a URL
// it cannot occur (percent-decoding refuses the bytes), which must not be a 5xx either.

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  auth = await bearer(server, 'surrogate-alice');
});
afterAll(() => server.close());

type Detail = { loc: (string | number)[]; msg: string; type: string };

async function surrogateDetail(res: Response): Promise<Detail[]> {
  const body = await json<{ detail: Detail[] }>(res, 422);
  expect(body.detail.length).toBeGreaterThan(0);
  for (const d of body.detail) expect(d).toMatchObject({ type: 'string_unicode', msg: expect.stringMatching(/lone surrogate/) });
  return body.detail;
}

const keyCount = async () => (await json<{ keys: unknown[] }>(await server.get('/api/keys', { headers: auth }))).keys.length;

describe('lone surrogates in the input', () => {
  it('are a 422 in a body field, high or low, at any depth or in a key, and nothing is created', async () => {
    const before = await keyCount();
    const high = await surrogateDetail(await server.post('/api/keys', { name: 'a\ud800b' }, { headers: auth }));
    expect(high.map((d) => d.loc)).toEqual([['body', 'name']]);
    const low = await surrogateDetail(await server.post('/api/keys', '{"name":"\\udfffz"}', { headers: auth }));
    expect(low.map((d) => d.loc)).toEqual([['body', 'name']]);
    const nested = await surrogateDetail(await server.post('/api/keys', { name: 'ok', scopes: ['read', '\udbff'] }, { headers: auth }));
    expect(nested.map((d) => d.loc)).toEqual([['body', 'scopes', 1]]);
    const key = await surrogateDetail(await server.post('/api/keys', { name: 'ok', ['x\ud800']: 1 }, { headers: auth }));
    expect(key.map((d) => d.loc)).toEqual([['body', 'x\ud800']]);
    expect(await keyCount()).toBe(before);
  });

  it('a proper pair (an emoji) is ordinary text', async () => {
    const before = await keyCount();
    await json(await server.post('/api/keys', { name: 'trip \ud83d\ude00' }, { headers: auth }));
    expect(await keyCount()).toBe(before + 1);
  });

  it('invalid UTF-8 in a path or query (where a surrogate would be) is a 4xx, not a 5xx', async () => {
    const path = await fetch(`${server.url}/api/alerts/%ED%A0%80`, { method: 'DELETE', headers: auth });
    expect(path.status).toBeGreaterThanOrEqual(400);
    expect(path.status).toBeLessThan(500);
    const query = await server.get('/api/alerts?user_id=%ED%A0%80', { headers: auth });
    expect(query.status).toBeGreaterThanOrEqual(400);
    expect(query.status).toBeLessThan(500);
  });

  it('are refused over MCP and on the OAuth endpoints too', async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'surrogate-mcp', tier: 'pro' });
    const client = await connectMcp(server.url, secret);
    try {
      expect(await failing(client, 'suggest_places', { query: 'lis\ud800bon' })).toMatch(/VALIDATION_FAILED[\s\S]*lone surrogate/);
    } finally {
      await client.close();
    }
    const register = await server.post('/oauth/register', { client_name: 'x\ud800', redirect_uris: ['http://127.0.0.1/cb'] });
    expect(register.status).toBe(400);
  });
});
