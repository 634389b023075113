import { describe, expect, it } from 'vitest';
import { recordingResponse } from '../helpers/recording-response.js';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { SseWriter } from '../../adapters/rest/sse.js';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { sseBlock, sseText, withSseBlock } from '../../tools/_kit/event-json.js';
import type { FlightResult, ProviderProgress } from '../../tools/flights/flight-result.js';
import { readCachedSearch, storeSearch } from '../../tools/flights/search-cache.js';
import { Lru } from '../../tools/flights/stream/lru.js';

// The per-process memory of finished searches: a hit is one ready SSE text,
// the same bytes for every caller in the same second, and never outlives its entry.

/** Both test flights fly this slice (a fare sold by two carriers), so a replay sends it once. */
const slice = {
  origin: 'JFK', destination: 'LHR', departing_at: '2027-01-20T18:00:00', arriving_at: '2027-01-21T06:10:00', duration_minutes: 430, stops: 0,
  segments: [{ flight: 'AA100', carrier: 'AA', operating_carrier: null, origin: 'JFK', destination: 'LHR', departing_at: '2027-01-20T18:00:00', arriving_at: '2027-01-21T06:10:00', duration_minutes: 430, aircraft: null }],
};

function flight(id: string, carrier: string, price: number): FlightResult {
  return { id, carrier, price, currency: 'USD', bookable: true, checkout_total: { amount: price, currency: 'USD' }, data_age_s: 0, slices: [{ ...slice }], prices: [{ source: 'duffel', amount: price, currency: 'USD', age_s: 0 }], awards: [] } as unknown as FlightResult;
}
const providers: ProviderProgress[] = [{ provider: 'duffel', status: 'ok', count: 2, elapsed_ms: 30, reason: null } as unknown as ProviderProgress];
const none = new Set<string>();

describe('search cache in memory', () => {
  it('gives two hits in the same second byte-identical, ready-made SSE text, written in one write', async () => {
    let now = 1_000_000;
    const cache = new MemoryCache(() => now);
    storeSearch(cache, 'k1', { storedAt: now, results: [flight('a', 'AA', 100), flight('b', 'BA', 90)], providers }, 60);
    now += 2_500;
    const one = (await readCachedSearch(cache, 'k1', now, none))!;
    const two = (await readCachedSearch(cache, 'k1', now, none))!;
    expect(one.ageS).toBe(2);
    const block = sseBlock(one.events[0]!)!;
    expect(block.text).toBe(one.events.map(sseText).join(''));
    expect(sseBlock(two.events[0]!)!.text).toBe(block.text);
    // The text says what a fresh serialization of each event says: aged prices, cached progress.
    const parsed = block.text.trim().split('\n\n').map((l) => JSON.parse(l.slice('data: '.length)) as { type: string; data: Record<string, unknown> });
    expect(parsed.map((e) => e.type)).toEqual(['slice', 'result', 'result', 'progress']);
    expect(parsed[1]!.data.slice_ids).toEqual([parsed[0]!.data.id]);
    expect(parsed[2]!.data.slice_ids).toEqual([parsed[0]!.data.id]);
    expect(parsed[1]!.data.data_age_s).toBe(2);
    expect(parsed[3]!.data.cached).toBe(true);

    const { res, writes } = recordingResponse();
    const sse = new SseWriter(res);
    for (const e of one.events) sse.send(e);
    sse.send({ type: 'complete', data: { n: 1 } });
    sse.end();
    expect(writes).toEqual([`${block.text}data: {"type":"complete","data":{"n":1}}\n\n`]);
  });

  it('keeps carriers a caller avoids out of the text, and ages the text each second', async () => {
    let now = 5_000_000;
    const cache = new MemoryCache(() => now);
    storeSearch(cache, 'k2', { storedAt: now, results: [flight('a', 'AA', 100), flight('b', 'BA', 90)], providers }, 60);
    const avoiding = (await readCachedSearch(cache, 'k2', now, new Set(['BA'])))!;
    expect(sseBlock(avoiding.events[0]!)!.text).not.toContain('"id":"b"');
    const all = (await readCachedSearch(cache, 'k2', now, none))!;
    expect(sseBlock(all.events[0]!)!.text).toContain('"id":"b"');
    now += 1_000;
    const later = (await readCachedSearch(cache, 'k2', now, none))!;
    expect(sseBlock(later.events[0]!)!.text).toContain('"data_age_s":1');
  });

  it('misses after the TTL, and a newer store of the key replaces what was ready', async () => {
    let now = 9_000_000;
    const cache = new MemoryCache(() => now);
    storeSearch(cache, 'k3', { storedAt: now, results: [flight('a', 'AA', 100)], providers }, 10);
    expect(await readCachedSearch(cache, 'k3', now, none)).toBeDefined();
    now += 10_001;
    expect(await readCachedSearch(cache, 'k3', now, none)).toBeUndefined();

    // A newer search of the same key replaces the ready text at once, even within the same second.
    storeSearch(cache, 'k3', { storedAt: now, results: [flight('a', 'AA', 100)], providers }, 10);
    const first = (await readCachedSearch(cache, 'k3', now, none))!;
    storeSearch(cache, 'k3', { storedAt: now, results: [flight('a', 'AA', 80)], providers }, 10);
    const second = (await readCachedSearch(cache, 'k3', now, none))!;
    expect(second).not.toBe(first);
    expect(sseBlock(second.events[0]!)!.text).toContain('"price":80');
  });

  it('keeps a stored search as the text it wrote to the shared cache: what the searcher changes later never shows in a hit', async () => {
    let now = 12_000_000;
    const cache = new MemoryCache(() => now);
    const results = [flight('a', 'AA', 100), flight('b', 'BA', 90)];
    storeSearch(cache, 'k4', { storedAt: now, results, providers }, 60);
    await new Promise((r) => setImmediate(r));
    // The shared copy is the same JSON text the process keeps.
    const shared = (await cache.getText('k4'))!;
    expect(JSON.parse(shared)).toMatchObject({ storedAt: now, ttlS: 60, results: [{ id: 'a', price: 100 }, { id: 'b', price: 90 }] });
    results[0]!.price = 1;
    results.pop();
    now += 1_000;
    const hit = (await readCachedSearch(cache, 'k4', now, none))!;
    expect(hit.results.map((r) => [r.id, r.price])).toEqual([['a', 100], ['b', 90]]);
    // A process that never saw the search reads the same text from the shared cache.
    const elsewhere = new MemoryCache(() => now);
    await elsewhere.setText('k4', shared, 60);
    const remote = (await readCachedSearch(elsewhere, 'k4', now, none))!;
    expect(sseBlock(remote.events[0]!)!.text).toBe(sseBlock(hit.events[0]!)!.text);
    // An unreadable shared entry is a miss, not a failed search.
    const garbled = new MemoryCache(() => now);
    await garbled.setText('k4', shared.slice(0, 40), 60);
    expect(await readCachedSearch(garbled, 'k4', now, none)).toBeUndefined();
  });

  it('writes a ready block once even when another stream interleaves its own events', () => {
    const block = [{ type: 'result', data: { id: 'a' } }, { type: 'progress', data: { p: 1 } }] as StreamEvent[];
    withSseBlock(block);
    const other: StreamEvent = { type: 'result', data: { id: 'z' } };
    const { res, writes } = recordingResponse();
    const sse = new SseWriter(res);
    sse.send(block[0]!);
    sse.send(other);
    sse.send(block[1]!);
    sse.send({ type: 'dates', data: {} });
    sse.end();
    expect(writes).toEqual([`${sseText(block[0]!)}${sseText(block[1]!)}${sseText(other)}data: {"type":"dates","data":{}}\n\n`]);
  });
});

describe('Lru bounded by weight', () => {
  it('forgets the oldest values once their summed weight passes the bound', () => {
    const lru = new Lru<string, string>(100, (v) => v.length, 10);
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.get('a');
    lru.set('c', 'zzzz');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('xxxx');
    expect(lru.bytes).toBe(8);
    lru.delete('a');
    expect(lru.bytes).toBe(4);
  });
});
