// Client behaviour that needs no server: SSE framing, auth and Idempotency-Key headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, readSseData, type StreamedFlight } from '../src/index.js';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(chunks.join(''));
  // Re-split the bytes at the same boundaries, so multi-byte characters can be cut.
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const c of chunks) {
    const len = new TextEncoder().encode(c).length;
    parts.push(bytes.slice(at, at + len));
    at += len;
  }
  return new ReadableStream({ start(ctl) { for (const p of parts) ctl.enqueue(p); ctl.close(); } });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of readSseData(stream)) out.push(d);
  return out;
}

test('SSE events survive any chunk boundary, CRLF and multi-line data', async () => {
  const text = ': comment\r\ndata: {"a":"é"}\r\n\r\nevent: x\ndata: line1\ndata: line2\n\ndata:{"b":2}\n\n';
  const expected = ['{"a":"é"}', 'line1\nline2', '{"b":2}'];
  const bytes = new TextEncoder().encode(text);
  for (let cut = 1; cut < bytes.length; cut++) {
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) { ctl.enqueue(bytes.slice(0, cut)); ctl.enqueue(bytes.slice(cut)); ctl.close(); },
    });
    assert.deepEqual(await collect(stream), expected, `split at byte ${cut}`);
  }
  assert.deepEqual(await collect(streamOf(['data: last-without-blank-line'])), ['last-without-blank-line']);
});

function recordingFetch(seen: Request[]) {
  return async (req: Request) => {
    seen.push(req);
    return new Response(JSON.stringify({ booking_ref: 'bk_1' }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

test('money routes get a fresh Idempotency-Key; a caller key is kept; other routes get none', async () => {
  const seen: Request[] = [];
  const client = createClient({ baseUrl: 'http://sdk.test/', apiKey: 'de_live_x', fetch: recordingFetch(seen) });
  const body = { offer_id: 'off_1' } as never;
  await client.POST('/api/book', { body });
  await client.POST('/api/book', { body });
  await client.POST('/api/book', { body, headers: { 'Idempotency-Key': 'mine' } });
  await client.POST('/api/points/optimize', { body });
  const keys = seen.map((r) => r.headers.get('idempotency-key'));
  assert.match(keys[0] ?? '', /^[0-9a-f-]{36}$/);
  assert.notEqual(keys[0], keys[1]);
  assert.equal(keys[2], 'mine');
  assert.equal(keys[3], null);
  assert.equal(seen[0]?.url, 'http://sdk.test/api/book');
  assert.equal(seen[0]?.headers.get('authorization'), 'Bearer de_live_x');
});

test('a token provider is asked on every request', async () => {
  const seen: Request[] = [];
  let n = 0;
  const client = createClient({ baseUrl: 'http://sdk.test', token: async () => `tok${++n}`, fetch: recordingFetch(seen) });
  await client.GET('/api/trips');
  await client.GET('/api/trips');
  assert.deepEqual(seen.map((r) => r.headers.get('authorization')), ['Bearer tok1', 'Bearer tok2']);
});

test("searchFlights yields the stream's closing error event, typed (StreamError), and results as StreamedFlight", async () => {
  const sse = 'data: {"type":"result","data":{"id":"fl_1","price":612.4}}\n\n' +
    'data: {"type":"error","data":{"code":"UNAVAILABLE","detail":"Server is shutting down","hint":"Retry the search"}}\n\n';
  const fetch = async () => new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const client = createClient({ baseUrl: 'http://sdk.test', fetch });
  const errors: string[] = [];
  const flights: Pick<StreamedFlight, 'id'>[] = [];
  for await (const ev of client.searchFlights({ origin: 'JFK', destination: 'LHR', departure_date: '2027-03-14' })) {
    // Both branches must type-check: `error` is part of the documented event union.
    if (ev.type === 'error') errors.push(ev.data.code);
    else if (ev.type === 'result') flights.push(ev.data);
  }
  assert.deepEqual(errors, ['UNAVAILABLE']);
  assert.deepEqual(flights.map((f) => f.id), ['fl_1']);
});
