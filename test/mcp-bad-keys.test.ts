import { afterAll, beforeAll, expect, it } from 'vitest';
import { BAD_KEYS_PER_ADDRESS } from '../adapters/identity/api-key-store.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Issue 21: the per-address budget of invalid API keys holds on /mcp as on REST: past
// it, 429 with Retry-After before the key store is asked, never another 401 that
// invites the next guess.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const initialize = (key: string) => fetch(`${server.url}/mcp`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bad-keys', version: '1' } } }),
});

it('answers 401 to the first invalid keys from an address, then 429 with Retry-After', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < BAD_KEYS_PER_ADDRESS + 3; i++) statuses.push((await initialize(`de_live_guess_${Date.now()}_${i}`)).status);
  expect(statuses.slice(0, BAD_KEYS_PER_ADDRESS)).toEqual(Array(BAD_KEYS_PER_ADDRESS).fill(401));
  expect(statuses.slice(BAD_KEYS_PER_ADDRESS)).toEqual([429, 429, 429]);
  const limited = await initialize('de_live_one_more_guess');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(/Too many/);
});
