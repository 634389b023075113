import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { CashOffer } from '../../tools/_kit/providers.js';
import { SettleOrder } from '../../tools/_kit/settle-order.js';
import { fanOut } from '../../tools/flights/fan-out.js';
import { mergeStreams } from '../../tools/flights/stream/merge-streams.js';

// A full collection on demand, so a test can see whether a value is still reachable.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** True once `ref`'s object is gone after full collections (a few turns let pending reactions run). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return ref.deref() === undefined;
}

describe('SettleOrder', () => {
  it('gives values back in the order they settle, a rejection at its turn', async () => {
    const [a, b, c] = [deferred<string>(), deferred<string>(), deferred<string>()];
    const order = new SettleOrder<string>();
    for (const d of [a, b, c]) order.add(d.promise);
    expect(order.size).toBe(3);
    b.resolve('b');
    expect(await order.next()).toBe('b');
    c.reject(new Error('c failed'));
    a.resolve('a');
    await expect(order.next()).rejects.toThrow('c failed');
    expect(await order.next()).toBe('a');
    expect(order.size).toBe(0);
    await expect(order.next()).rejects.toThrow(/nothing added/);
  });

  it('waits for the next value when none has settled yet', async () => {
    const order = new SettleOrder<number>();
    const late = deferred<number>();
    order.add(late.promise);
    const taken = order.next();
    setTimeout(() => late.resolve(7), 5);
    expect(await taken).toBe(7);
  });

  it('lets go of a taken value while other promises are still pending', async () => {
    const slow = deferred<object>();
    const order = new SettleOrder<object>();
    let ref!: WeakRef<object>;
    (() => {
      const big = { rows: new Array(1000).fill('row') };
      ref = new WeakRef(big);
      order.add(Promise.resolve(big));
    })();
    order.add(slow.promise);
    // Taken in a function of its own: a suspended async function may keep its last awaited value.
    await (async () => void (await order.next()))();
    expect(await collected(ref)).toBe(true);
    slow.resolve({});
    await order.next();
  });

  it('is needed: a Promise.race loop keeps a taken value until the slow promise settles', async () => {
    // The pattern SettleOrder replaced, so this test shows what the one above guards against.
    const slow = deferred<object>();
    let ref!: WeakRef<object>;
    const pending = new Map<number, Promise<{ index: number; value: object }>>();
    (() => {
      const big = { rows: new Array(1000).fill('row') };
      ref = new WeakRef(big);
      pending.set(0, Promise.resolve({ index: 0, value: big }));
    })();
    pending.set(1, slow.promise.then((value) => ({ index: 1, value })));
    const { index } = await Promise.race(pending.values());
    pending.delete(index);
    expect(await collected(ref)).toBe(false);
    slow.resolve({});
    await Promise.race(pending.values());
    expect(await collected(ref)).toBe(true);
  });
});

describe('a search lets go of an answer once it is handled', () => {
  it('fanOut: the first provider’s offers are collectable while a slower provider is still out', async () => {
    const awards = deferred<never[]>();
    let ref!: WeakRef<object>;
    const calls = [
      {
        provider: 'duffel' as const, kind: 'cash' as const, mode: 'simulator' as const,
        run: async () => {
          const offers = [{ provider: 'duffel', providerOfferId: 'off_1' } as unknown as CashOffer];
          ref = new WeakRef(offers[0]!);
          return offers;
        },
      },
      { provider: 'seats_aero' as const, kind: 'awards' as const, mode: 'simulator' as const, run: () => awards.promise },
    ];
    const answers = fanOut(calls, new AbortController().signal, 60_000, () => undefined);
    expect((await answers.next()).value?.provider).toBe('duffel');
    // Asking for the next answer is where the search waits for seats.aero.
    const next = answers.next();
    expect(await collected(ref)).toBe(true);
    awards.resolve([]);
    expect((await next).value?.provider).toBe('seats_aero');
    expect((await answers.next()).done).toBe(true);
  });

  it('mergeStreams: an event taken from one stream is collectable while another stream is still out', async () => {
    const slow = deferred<IteratorResult<object>>();
    let ref!: WeakRef<object>;
    let sent = false;
    const quick: AsyncIterator<object> = {
      next: async () => {
        if (sent) return { done: true, value: undefined };
        sent = true;
        const event = { type: 'result', rows: new Array(1000).fill('row') };
        ref = new WeakRef(event);
        return { done: false, value: event };
      },
    };
    const waiting: AsyncIterator<object> = { next: () => slow.promise };
    const merged = mergeStreams([quick, waiting]);
    expect((await merged.next()).value?.index).toBe(0);
    const next = merged.next();
    expect(await collected(ref)).toBe(true);
    slow.resolve({ done: true, value: undefined });
    expect((await next).done).toBe(true);
  });
});
