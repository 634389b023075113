import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSse } from './helpers/sse.js';

// SIGTERM on a real `npm start` process: GET /health/ready turns 503 at once while
// the server keeps serving for SHUTDOWN_DRAIN_DELAY_MS; then it stops accepting,
// a slow search already in flight completes with its answer, an open SSE search
// ends with its `error` event (UNAVAILABLE, a hint to retry), an MCP stream closes,
// and the process exits 0 within the delay plus the grace period.

const root = path.resolve(import.meta.dirname, '..');
const DELAY_MS = 1_500;
const GRACE_MS = 12_000;
const MCP_VERSION = '2025-11-25';
const INTERNAL_KEY = 'internal-key-for-drain-tests-0123456789';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function startChild(env: Record<string, string>): Promise<{ url: string; exited: Promise<number | null> }> {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  child = spawn(process.execPath, ['--import', 'tsx', 'adapters/http/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: 'memory://', REDIS_URL: '', DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { url, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('child server did not start');
}

describe('SIGTERM drains the server', () => {
  it('turns /health/ready 503 at once, finishes the in-flight request, ends streams with their error event, exits 0', async () => {
    const { url, exited } = await startChild({
      INTERNAL_API_KEY: INTERNAL_KEY,
      SHUTDOWN_DRAIN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      // Hotel rates (Duffel Stays) answer in about 3 s; award seats take far longer, so the SSE search stays open.
      SIM_LATENCY_MS: 'duffel:3000,serpapi:100,seats_aero:60000',
      SEARCH_BUDGET_MS: '90000',
      SEARCH_CACHE_TTL_S: '0',
    });
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const minted = await fetch(`${url}/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-key': INTERNAL_KEY },
      body: JSON.stringify({ user_id: 'drain-user', name: 'drain' }),
    });
    expect(minted.status, await minted.clone().text()).toBeLessThan(300);
    const authorization = `Bearer ${((await minted.json()) as { secret: string }).secret}`;

    // An open SSE search (its first events already sent) and an MCP stream.
    const sseRes = await fetch(`${url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ origin: 'JFK', destination: 'LHR', departure_date: day(50), search_type: 'both' }),
    });
    expect(sseRes.status).toBe(200);
    const events: { type: string; data: unknown }[] = [];
    const sseDone = (async () => {
      for await (const { event } of readSse(sseRes)) events.push(event);
    })();

    const init = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MCP_VERSION, authorization },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: MCP_VERSION, capabilities: {}, clientInfo: { name: 'drain-test', version: '1' } } }),
    });
    expect(init.status, await init.clone().text()).toBe(200);
    const session = init.headers.get('mcp-session-id') ?? '';
    await init.arrayBuffer();
    const mcpStream = await fetch(`${url}/mcp`, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': MCP_VERSION, authorization } });
    expect(mcpStream.status).toBe(200);
    const mcpDone = mcpStream.text();

    // A slow request in flight: a hotel search waits about 3 s for its provider.
    const slowStarted = Date.now();
    const slow = fetch(`${url}/api/hotels/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
      body: JSON.stringify({ city: 'LON', check_in: day(30), check_out: day(32) }),
    });
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = Date.now();
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const notReady = await fetch(`${url}/health/ready`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await notReady.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // Still serving during the delay: the spec's /health is unaffected.
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const slowRes = await slow;
    expect(slowRes.status, await slowRes.clone().text()).toBe(200);
    const slowBody = (await slowRes.json()) as Record<string, unknown>;
    expect(JSON.stringify(slowBody).length, JSON.stringify(slowBody).slice(0, 300)).toBeGreaterThan(500);
    expect(Date.now() - slowStarted).toBeGreaterThanOrEqual(2_500); // it really was in flight across the SIGTERM

    await sseDone;
    expect(events.some((e) => e.type === 'result')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', data: { code: 'UNAVAILABLE', hint: expect.stringMatching(/retry/i) } });
    await mcpDone; // ends cleanly rather than hanging

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(DELAY_MS + GRACE_MS);
    // After the delay it stopped accepting.
    await expect(fetch(`${url}/health/ready`)).rejects.toThrow();
  }, 90_000);
});
