import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { countTool, streamProbe } from './fixtures/demo-tools.js';
import { readSse } from './helpers/sse.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ tools: [...TOOLS, countTool] });
});
afterAll(() => server.close());

describe('SSE streaming', () => {
  it('sends each event as it is produced, even to a client that accepts gzip', async () => {
    const started = Date.now();
    const res = await server.post('/api/test/count', { count: 4, delay_ms: 150 }, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const seen: { type: string; at: number }[] = [];
    for await (const { event, at } of readSse(res)) seen.push({ type: event.type, at: at - started });
    expect(seen.map((e) => e.type)).toEqual(['result', 'progress', 'result', 'progress', 'result', 'progress', 'result', 'progress', 'complete']);
    // The first result must arrive long before the last one: nothing was buffered.
    const first = seen[0]?.at ?? 0;
    const last = seen.at(-1)?.at ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(400);
  });

  it('ends a failing stream with an error event', async () => {
    const res = await server.post('/api/test/count', { count: 5, delay_ms: 10, fail_at: 3 });
    const types: { type: string; data: unknown }[] = [];
    for await (const { event } of readSse(res)) types.push(event);
    expect(types.at(-1)).toMatchObject({ type: 'error', data: { code: 'UPSTREAM_FAILED' } });
  });

  it('rejects bad input with 422 before the stream starts', async () => {
    const res = await server.post('/api/test/count', { count: 0 });
    expect(res.status).toBe(422);
  });

  it('aborts the handler when the client disconnects', async () => {
    const controller = new AbortController();
    const res = await server.post('/api/test/count', { count: 50, delay_ms: 100 }, { signal: controller.signal });
    const reader = readSse(res);
    await reader.next();
    controller.abort();
    await new Promise((r) => setTimeout(r, 400));
    expect(streamProbe.aborted).toBe(true);
    expect(streamProbe.finished).toBe(false);
  });
});

describe('graceful shutdown', () => {
  it('ends open SSE streams with a final event and closes', async () => {
    const s = await startTestServer({ tools: [...TOOLS, countTool] });
    const res = await s.post('/api/test/count', { count: 50, delay_ms: 100 });
    const events: { type: string; data: unknown }[] = [];
    const reading = (async () => {
      for await (const { event } of readSse(res)) events.push(event);
    })();
    await new Promise((r) => setTimeout(r, 250));
    await s.close();
    await reading; // the body ends normally: no connection reset
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'error', data: { code: 'UNAVAILABLE' } });
    await expect(fetch(`${s.url}/health`)).rejects.toThrow();
  });
});
