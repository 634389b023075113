import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingResponse } from './helpers/recording-response.js';
import { SseWriter } from '../adapters/rest/sse.js';
import { SearchEvent, type FlightResult } from '../tools/flights/flight-result.js';
import { compareResults } from '../tools/flights/merge.js';
import { TOOLS } from '../tools/index.js';
import { latestResults, type SearchEventRecord } from './flights/search-helpers.js';
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
    // The tool holds after its first result until this client has read it: a buffered or
    // compressed stream would never deliver it, and the test would time out instead of passing.
    const res = await server.post('/api/test/count', { count: 4, delay_ms: 10, hold_after_first: true }, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const seen: string[] = [];
    let heldWhenFirstArrived: boolean | null = null;
    for await (const { event } of readSse(res)) {
      seen.push(event.type);
      if (seen.length === 1) {
        heldWhenFirstArrived = !streamProbe.finished && streamProbe.release !== null;
        streamProbe.release?.();
      }
    }
    expect(seen).toEqual(['result', 'progress', 'result', 'progress', 'result', 'progress', 'result', 'progress', 'complete']);
    expect(heldWhenFirstArrived).toBe(true);
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

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SSE writes', () => {
  it('sends the events produced together in one write, and ends with what is still gathered', async () => {
    const { res, writes } = recordingResponse();
    const sse = new SseWriter(res);
    sse.send({ type: 'result', data: { id: 'a' } });
    sse.send({ type: 'update', data: { id: 'a', price: 1 } });
    sse.send({ type: 'progress', data: { provider: 'duffel' } });
    await tick();
    expect(writes).toEqual(['data: {"type":"result","data":{"id":"a"}}\n\ndata: {"type":"update","data":{"id":"a","price":1}}\n\ndata: {"type":"progress","data":{"provider":"duffel"}}\n\n']);
    sse.send({ type: 'progress', data: { provider: 'serpapi' } });
    sse.send({ type: 'complete', data: { count: 1 } });
    sse.end();
    await tick();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe('data: {"type":"progress","data":{"provider":"serpapi"}}\n\ndata: {"type":"complete","data":{"count":1}}\n\n');
  });
});

describe('SSE headers', () => {
  it('are set on open but leave with the first write of events, not in a write of their own', async () => {
    const { res, writes } = recordingResponse();
    const headers: Record<string, string> = {};
    let flushed = false;
    Object.assign(res, { status: () => res, setHeader: (k: string, v: string) => { headers[k] = v; }, flushHeaders: () => { flushed = true; } });
    const sse = new SseWriter(res);
    sse.open();
    sse.send({ type: 'result', data: { id: 'a' } });
    expect(headers['Content-Type']).toBe('text/event-stream; charset=utf-8');
    expect(flushed).toBe(false);
    await tick();
    expect(writes).toEqual(['data: {"type":"result","data":{"id":"a"}}\n\n']);
  });
});

describe('flight search stream', () => {
  let search: TestServer;
  beforeAll(async () => {
    search = await startTestServer({ env: { SIM_LATENCY_MS: 'duffel:20,serpapi:80,seats_aero:140', SEARCH_CACHE_TTL_S: '300' } });
  });
  afterAll(() => search.close());

  async function stream(body: Record<string, unknown>): Promise<SearchEventRecord[]> {
    const res = await search.post('/api/search', body, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const out: SearchEventRecord[] = [];
    for await (const { event, at } of readSse(res)) out.push({ type: event.type, data: event.data as Record<string, unknown>, at });
    return out;
  }
  const body = (day: number) => ({ origin: 'JFK', destination: 'LHR', departure_date: new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10), search_type: 'both' });
  /** A result without its ages, which grow while it waits in the cache. */
  const ageless = (r: FlightResult) => ({ ...r, data_age_s: 0, prices: r.prices.map((p) => ({ ...p, age_s: 0 })), awards: r.awards.map((a) => ({ ...a, age_s: 0 })) });

  it('sends events that match the event schema, every type of them (the tool does not parse them again)', async () => {
    const cold = await stream(body(41));
    const hit = await stream(body(41));
    const seen = new Set<string>();
    for (const e of [...cold, ...hit]) {
      const parsed = SearchEvent.safeParse({ type: e.type, data: e.data });
      expect(parsed.success, `${e.type} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      seen.add(e.type);
    }
    expect([...seen].sort()).toEqual(['complete', 'progress', 'result', 'slice', 'update']);
    // An update holds the id and only fields that changed, never the whole flight again.
    for (const u of cold.filter((e) => e.type === 'update')) {
      expect(u.data).not.toHaveProperty('slices');
      expect(Object.keys(u.data).length).toBeGreaterThan(1);
    }
  });

  it('sends each slice once, before the first result that names it, and results that share a slice name it by the same id', async () => {
    const round = (day: number) => ({ ...body(day), return_date: new Date(Date.now() + (day + 7) * 86_400_000).toISOString().slice(0, 10) });
    for (const events of [await stream(round(44)), await stream(round(44))]) {
      const sent = new Map<string, Record<string, unknown>>();
      let named = 0;
      for (const e of events) {
        if (e.type === 'slice') {
          expect(sent.has(String(e.data.id)), 'a slice sent twice').toBe(false);
          sent.set(String(e.data.id), e.data);
        }
        if (e.type !== 'result') continue;
        expect(e.data).not.toHaveProperty('slices');
        const ids = e.data.slice_ids as string[];
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(sent.has(id), `${id} named before it was sent`).toBe(true);
        named += ids.length;
      }
      // A round trip's outbounds pair with several returns: far fewer slices than results name.
      expect(sent.size).toBeLessThan(named * 0.8);
      // A slice id names its content: the same flights and times give the same id, different ones never do.
      const byContent = new Map<string, string>();
      for (const [id, { id: _id, ...slice }] of sent) {
        const content = JSON.stringify(slice);
        expect(byContent.get(content) ?? id).toBe(id);
        byContent.set(content, id);
      }
      expect(byContent.size).toBe(sent.size);
    }
  });

  it('a cache hit sends the same results in the same order as the search that filled the cache', async () => {
    const cold = await stream(body(43));
    const hit = await stream(body(43));
    const coldSummary = cold.at(-1)!.data;
    const hitSummary = hit.at(-1)!.data;
    expect(coldSummary).toMatchObject({ cached: false });
    expect(hitSummary).toMatchObject({ cached: true, count: coldSummary.count, cheapest: coldSummary.cheapest, cheapest_reference: coldSummary.cheapest_reference });
    // The cold stream, rebuilt from its results and updates and ranked, is what the hit replays as it was stored.
    const rebuilt = latestResults<FlightResult>(cold).sort(compareResults).map(ageless);
    const replayed = latestResults<FlightResult>(hit).map(ageless);
    expect(hit.some((e) => e.type === 'update')).toBe(false);
    expect(replayed).toEqual(rebuilt);
    expect(replayed.length).toBe(coldSummary.count);
  });

  it('answers 50 concurrent hits with the same results, each with its own search id', async () => {
    const first = await stream(body(47));
    const hits = await Promise.all(Array.from({ length: 50 }, () => stream(body(47))));
    const expected = latestResults<FlightResult>(first).sort(compareResults).map((r) => r.id);
    const ids = new Set<string>();
    for (const hit of hits) {
      expect(hit.filter((e) => e.type === 'result').map((e) => e.data.id)).toEqual(expected);
      const summary = hit.at(-1)!;
      expect(summary).toMatchObject({ type: 'complete', data: { cached: true } });
      ids.add(String(summary.data.search_id));
    }
    expect(ids.size).toBe(50);
  });

  it('leaves out avoided carriers on a hit as on a miss', async () => {
    const cold = await stream({ ...body(53), avoided_airlines: ['BA'] });
    const hit = await stream({ ...body(53), avoided_airlines: ['BA'] });
    const open = await stream(body(53));
    const carriers = (events: SearchEventRecord[]) => latestResults<FlightResult>(events).map((r) => r.carrier);
    expect(carriers(cold)).not.toContain('BA');
    expect(carriers(hit)).not.toContain('BA');
    expect(open.at(-1)!.data).toMatchObject({ cached: true });
    expect(hit.at(-1)!.data.hidden_avoided).toBe(cold.at(-1)!.data.hidden_avoided);
    expect(carriers(open).filter((c) => c === 'BA').length).toBe(cold.at(-1)!.data.hidden_avoided);
  });
});
