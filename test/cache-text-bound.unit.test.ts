import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCache } from '../adapters/cache/memory-cache.js';

// The in-process cache bounds its text entries (finished searches) by size and
// never evicts anything else: sessions, counters and locks are state, not cache.

const open: MemoryCache[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

let clock = 0;
function cache(maxTextChars: number): MemoryCache {
  const c = new MemoryCache(() => clock, 60_000, maxTextChars);
  open.push(c);
  return c;
}
const text = (n: number, fill = 'x') => JSON.stringify(fill.repeat(n - 2));

describe('MemoryCache text bound', () => {
  it('drops the least recently read text entries once over the bound', async () => {
    const c = cache(300);
    await c.setText('a', text(100), 60);
    await c.setText('b', text(100), 60);
    await c.setText('c', text(100), 60);
    expect(c.textSize).toBe(300);
    await c.getText('a'); // now newer than b
    await c.setText('d', text(100), 60);
    expect(await c.getText('b')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(await c.getText(k)).toBe(text(100));
    expect(c.textSize).toBe(300);
  });

  it('never evicts plain values, counters or locks, however many texts arrive', async () => {
    const c = cache(1_000);
    await c.set('session', { user: 'u1' }, 60);
    await c.increment('rate', 60);
    expect(await c.setIfAbsent('lock', 1, 60)).toBe(true);
    for (let i = 0; i < 200; i++) await c.setText(`search:${i}`, text(100), 60);
    expect(c.textSize).toBeLessThanOrEqual(1_000);
    expect(await c.get('session')).toEqual({ user: 'u1' });
    expect((await c.increment('rate', 60)).count).toBe(2);
    expect(await c.setIfAbsent('lock', 2, 60)).toBe(false);
    expect(await c.getText('search:199')).toBe(text(100));
    expect(await c.getText('search:0')).toBeUndefined();
  });

  it('a text longer than the whole bound is not kept', async () => {
    const c = cache(150);
    await c.setText('small', text(100), 60);
    await c.setText('huge', text(200), 60);
    expect(await c.getText('huge')).toBeUndefined();
    expect(c.textSize).toBe(0);
  });

  it('stops counting a text once it is overwritten by a value, deleted or expired', async () => {
    clock = 0;
    const c = cache(10_000);
    await c.setText('a', text(100), 60);
    await c.setText('a', text(50), 60); // overwritten by a shorter text
    expect(c.textSize).toBe(50);
    await c.set('a', { plain: true }, 60); // now a value: outside the bound, never evicted
    expect(c.textSize).toBe(0);
    await c.setText('b', text(100), 60);
    await c.delete('b');
    expect(c.textSize).toBe(0);
    await c.setText('c', text(100), 1);
    clock = 2_000;
    expect(await c.getText('c')).toBeUndefined();
    expect(c.textSize).toBe(0);
    for (let i = 0; i < 150; i++) await c.setText(`s${i}`, text(100), 60);
    expect(await c.get('a')).toEqual({ plain: true });
  });
});
