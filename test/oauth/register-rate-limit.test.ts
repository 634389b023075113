import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('dynamic registration rate limit', () => {
  it('lets 30 registrations a minute through per address, then answers 429', async () => {
    // Fixed one-minute windows: keep the burst inside one.
    const s = new Date().getSeconds();
    if (s >= 55) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
    const register = () => server.post('/oauth/register', { client_name: 'flood', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none' });
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await register());
    expect(answers.map((r) => r.status)).toEqual([...Array(30).fill(201), 429, 429]);
    const limited = answers[31] as Response;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
  });
});
