import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/api.js';
import { connectMcp } from './helpers/mcp-client.js';
import { readSse } from './helpers/sse.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// A client that trickles its request is cut off after REQUEST_TIMEOUT_MS; answers
// that take longer than that (an SSE search, an MCP call) are not.

const TIMEOUT_MS = 1_000;
let server: TestServer;
beforeAll(async () => {
  // Providers slower than the request timeout (plus Node's check interval), so a stream outlives it.
  server = await startTestServer({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), SIM_LATENCY_MS: 'duffel:2500,serpapi:3000,seats_aero:2200', SEARCH_CACHE_TTL_S: '0' } });
});
afterAll(() => server.close());

const departure = () => new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);

/** Opens a raw socket, sends `head`, then one `drip` every 200 ms until the server answers or closes. */
function trickle(head: string, drip: string): Promise<{ answer: string; ms: number }> {
  const { port } = server;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(drip);
    }, 200);
    const done = () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    };
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', done);
    socket.on('error', () => undefined);
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 10 s; got ${JSON.stringify(answer)}`));
    }, 10_000).unref();
  });
}

describe('request timeouts', () => {
  it('answers 408 and closes a request whose body never finishes', async () => {
    const head = `POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"origin":`;
    const { answer, ms } = await trickle(head, ' ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_500);
  });

  it('closes a connection whose headers never finish', async () => {
    const { ms } = await trickle('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_500);
  });

  it('lets an SSE search stream for longer than the request timeout', async () => {
    const started = Date.now();
    const res = await server.post('/api/search', { origin: 'JFK', destination: 'LHR', departure_date: departure(), cabin_class: 'economy', search_type: 'both' });
    expect(res.status).toBe(200);
    const types: string[] = [];
    for await (const { event } of readSse(res)) types.push(event.type);
    expect(Date.now() - started).toBeGreaterThan(TIMEOUT_MS * 2);
    expect(types.at(-1)).toBe('complete');
    expect(types).toContain('result');
  });

  it('lets an MCP call run for longer than the request timeout', async () => {
    const { authorization } = await bearer(server, 'timeout-mcp');
    const client = await connectMcp(server.url, (authorization as string).slice('Bearer '.length));
    try {
      const started = Date.now();
      const result = (await client.callTool({ name: 'search_flights', arguments: { origin: 'JFK', destination: 'CDG', date: departure() } })) as { isError?: boolean };
      expect(Date.now() - started).toBeGreaterThan(TIMEOUT_MS * 2);
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
