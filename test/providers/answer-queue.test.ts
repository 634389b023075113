import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerQueue, MAX_WAIT_MS } from '../../adapters/providers/http/answer-queue.js';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { httpTransport } from '../../adapters/providers/http/transport.js';
import { carryTag, isFollowUp, tagSearchCalls } from '../../tools/_kit/answer-priority.js';
import { fanOut } from '../../tools/flights/fan-out.js';

// First results first: a search's later answers wait their turn, one per turn of the
// event loop, never longer than MAX_WAIT_MS; untagged calls never wait.

const turnOfLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* hold the event loop */ }
};

function tagged(shown: boolean): AbortSignal {
  const signal = new AbortController().signal;
  tagSearchCalls(signal, () => shown);
  return signal;
}

describe('search call tags', () => {
  it('are asked when an answer lands, follow derived signals, and default to "not a follow-up"', () => {
    let shown = false;
    const search = new AbortController().signal;
    tagSearchCalls(search, () => shown);
    const attempt = new AbortController().signal;
    carryTag(search, attempt);
    expect(isFollowUp(attempt)).toBe(false);
    shown = true;
    expect(isFollowUp(search)).toBe(true);
    expect(isFollowUp(attempt)).toBe(true);
    expect(isFollowUp(new AbortController().signal)).toBe(false);
    const other = new AbortController().signal;
    carryTag(new AbortController().signal, other);
    expect(isFollowUp(other)).toBe(false);
  });
});

describe('AnswerQueue', () => {
  it('lets a first answer and an untagged one through at once', () => {
    const queue = new AnswerQueue();
    expect(queue.turn(tagged(false))).toBeUndefined();
    expect(queue.turn(new AbortController().signal)).toBeUndefined();
    expect(queue.size).toBe(0);
  });

  it('releases follow-ups one per turn of the event loop, in arrival order', async () => {
    const queue = new AnswerQueue();
    const read: number[] = [];
    for (const n of [1, 2, 3]) void queue.turn(tagged(true))!.then(() => read.push(n));
    expect(queue.size).toBe(3);
    await turnOfLoop();
    expect(read).toEqual([1]);
    await turnOfLoop();
    expect(read).toEqual([1, 2]);
    await turnOfLoop();
    expect(read).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
  });

  it(`releases together every follow-up that waited ${MAX_WAIT_MS} ms or more`, async () => {
    const queue = new AnswerQueue();
    const read: number[] = [];
    for (const n of [1, 2, 3]) void queue.turn(tagged(true))!.then(() => read.push(n));
    busyFor(MAX_WAIT_MS + 5);
    const late = queue.turn(tagged(true))!.then(() => read.push(4));
    await turnOfLoop();
    expect(read).toEqual([1, 2, 3]);
    await late;
    expect(read).toEqual([1, 2, 3, 4]);
  });
});

describe('the transport under a provider policy', () => {
  let base = '';
  let held: ServerResponse[] = [];
  const server = createServer((_req, res) => {
    held.push(res.writeHead(200, { 'content-type': 'application/json' }));
    // Both answers are sent in one go, follow-up first, and both land before the loop next polls.
    if (held.length === 2) {
      held.forEach((r, i) => r.end(JSON.stringify({ sent: i + 1 })));
      held = [];
      busyFor(20);
    }
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a first answer before a follow-up that landed with it, and reads both', async () => {
    const transport = httpTransport(base);
    const policy = new ProviderPolicy('serpapi', { retries: 0, timeoutMs: 5_000 });
    const order: string[] = [];
    const call = (name: string, signal: AbortSignal) =>
      policy.run(async (inner) => {
        const res = await transport({ method: 'GET', path: `/${name}`, signal: inner });
        order.push(name);
        return res.json();
      }, { idempotent: true, signal });
    const followUp = call('follow-up', tagged(true));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the follow-up's request is out first
    const first = call('first', tagged(false));
    const answers = await Promise.all([followUp, first]);
    expect(order).toEqual(['first', 'follow-up']);
    expect(answers).toEqual([{ sent: 1 }, { sent: 2 }]);
  });
});

describe('a search fan-out', () => {
  it('tags its provider calls with whether the search shows results yet', async () => {
    let shown = false;
    const seen: boolean[] = [];
    const call = { provider: 'serpapi' as const, kind: 'cash' as const, mode: 'live' as const, run: async (signal: AbortSignal) => {
      seen.push(isFollowUp(signal));
      shown = true;
      seen.push(isFollowUp(signal));
      return [];
    } };
    for await (const answer of fanOut([call], new AbortController().signal, 1_000, () => undefined, () => shown)) expect(answer.provider).toBe('serpapi');
    expect(seen).toEqual([false, true]);
  });
});
