import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../adapters/sandbox/simulators/seeded.js';
import { settleUp } from '../../tools/trips/money/index.js';
import { EXACT_LIMIT, greedySettle } from '../../tools/trips/money/settle-up.js';

// settleUp: the fewest transfers that clear every balance.

type Transfers = ReturnType<typeof settleUp>;
const balancesOf = (record: Record<string, number>): Map<string, number> => new Map(Object.entries(record));

/** Applies the transfers and checks they are well-formed debtor → creditor payments that clear everything. */
function expectClears(balances: ReadonlyMap<string, number>, transfers: Transfers): void {
  const left = new Map(balances);
  for (const t of transfers) {
    expect(Number.isSafeInteger(t.minor) && t.minor > 0).toBe(true);
    expect(t.from).not.toBe(t.to);
    expect(balances.get(t.from)!).toBeLessThan(0);
    expect(balances.get(t.to)!).toBeGreaterThan(0);
    left.set(t.from, left.get(t.from)! + t.minor);
    left.set(t.to, left.get(t.to)! - t.minor);
  }
  for (const [id, minor] of left) expect({ id, minor }).toEqual({ id, minor: 0 });
}

/**
 * Independent minimum by exhaustive search: settle the first open balance fully against
 * each opposite-signed balance in turn and recurse (the classic backtracking for
 * "optimal account balancing"). Exponential; only for small n.
 */
function bruteForceMinimum(values: readonly number[]): number {
  const b = values.filter((v) => v !== 0);
  const search = (start: number): number => {
    while (start < b.length && b[start] === 0) start++;
    if (start === b.length) return 0;
    let best = Number.POSITIVE_INFINITY;
    for (let j = start + 1; j < b.length; j++) {
      if (b[j]! * b[start]! < 0) {
        b[j] = b[j]! + b[start]!;
        best = Math.min(best, 1 + search(start + 1));
        b[j] = b[j]! - b[start]!;
      }
    }
    return best;
  };
  return search(0);
}

const rnd = mulberry32(9_2026);
const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

/** n members (n ≠ 1), non-zero integer balances summing to zero (the last absorbs the rest; retried if it lands on 0). */
function randomBalances(n: number, maxAbs: number): Map<string, number> {
  if (n === 1) throw new Error('one member cannot have a non-zero balance that sums to zero');
  for (;;) {
    const values: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      const v = int(1, maxAbs);
      values.push(rnd() < 0.5 ? v : -v);
    }
    const last = -values.reduce((a, b) => a + b, 0);
    if (n > 0 && last === 0) continue;
    if (n > 0) values.push(last);
    // Scrambled, distinct ids (10007 is prime) so the input order says nothing about the answer.
    return new Map(values.map((v, i) => [`p${String((i * 7919 + 3) % 10007).padStart(5, '0')}`, v]));
  }
}

describe('settleUp basics', () => {
  it('needs no transfers when nobody is owed anything', () => {
    expect(settleUp(new Map())).toEqual([]);
    expect(settleUp(balancesOf({ a: 0, b: 0 }))).toEqual([]);
  });

  it('has the debtor pay the creditor', () => {
    expect(settleUp(balancesOf({ a: 1500, b: -1500, c: 0 }))).toEqual([{ from: 'b', to: 'a', minor: 1500 }]);
  });

  it('settles a three-way dinner in two transfers', () => {
    // a paid 9000 split equally: b and c each owe a 3000.
    expect(settleUp(balancesOf({ a: 6000, b: -3000, c: -3000 }))).toEqual([
      { from: 'b', to: 'a', minor: 3000 },
      { from: 'c', to: 'a', minor: 3000 },
    ]);
  });

  it('rejects balances that do not sum to zero or are not whole minor units', () => {
    expect(() => settleUp(balancesOf({ a: 100, b: -99 }))).toThrow(RangeError);
    expect(() => settleUp(balancesOf({ a: 0.5, b: -0.5 }))).toThrow(RangeError);
    expect(() => settleUp(balancesOf({ a: Number.NaN }))).toThrow(RangeError);
  });

  it('keeps huge amounts exact', () => {
    const big = 2 ** 50;
    const balances = balancesOf({ a: big + 1, b: big - 1, c: -big, d: -big });
    const transfers = settleUp(balances);
    expectClears(balances, transfers);
    expect(transfers.length).toBe(3);
  });
});

describe('fewest transfers', () => {
  it('pairs the obvious groups', () => {
    const balances = balancesOf({ a: 5, b: 5, c: -5, d: -5, e: 3, f: -3 });
    const transfers = settleUp(balances);
    expectClears(balances, transfers);
    expect(transfers).toHaveLength(3);
  });

  it('finds the minimum where largest-debtor/largest-creditor greedy does not', () => {
    // Two hidden zero-sum triples, {b, c, f} and {a, d, e}: 6 − 2 = 4 transfers.
    const record = { a: -2, b: -12, c: 4, d: 5, e: -3, f: 8 };
    const entries = Object.entries(record).map(([id, minor]) => ({ id, minor }));
    expect(greedySettle(entries)).toHaveLength(5);
    const balances = balancesOf(record);
    const transfers = settleUp(balances);
    expectClears(balances, transfers);
    expect(transfers).toHaveLength(4);
    expect(bruteForceMinimum(Object.values(record))).toBe(4);
    // Nobody pays across the two groups.
    const groupOf = (id: string): number => (['b', 'c', 'f'].includes(id) ? 0 : 1);
    for (const t of transfers) expect(groupOf(t.from)).toBe(groupOf(t.to));
  });

  it('gives the same answer whatever order the map was built in', () => {
    const record = { a: 9, b: 7, c: 5, d: -12, e: -8, f: -11, g: 10 };
    const forward = settleUp(balancesOf(record));
    const backward = settleUp(new Map(Object.entries(record).reverse()));
    expect(backward).toEqual(forward);
    const sorted = [...forward].sort((x, y) => (x.from + x.to < y.from + y.to ? -1 : 1));
    expect(forward.map((t) => [t.from, t.to])).toEqual(sorted.map((t) => [t.from, t.to]));
  });
});

describe('random balances (seeded)', () => {
  it('matches a brute-force minimum for up to 7 members', () => {
    for (let run = 0; run < 1500; run++) {
      const n = [0, 2, 3, 4, 5, 6, 7][int(0, 6)]!;
      // Small magnitudes make coincidental zero-sum groups common, which is the hard case.
      const balances = randomBalances(n, rnd() < 0.5 ? 6 : 5000);
      const transfers = settleUp(balances);
      expectClears(balances, transfers);
      expect(transfers.length).toBeLessThanOrEqual(Math.max(0, n - 1));
      expect(transfers.length).toBe(bruteForceMinimum([...balances.values()]));
    }
  });

  it(`clears everything in at most n−1 transfers, never more than greedy, up to ${EXACT_LIMIT} members`, () => {
    for (let run = 0; run < 60; run++) {
      const n = int(8, EXACT_LIMIT);
      const balances = randomBalances(n, 9);
      const transfers = settleUp(balances);
      expectClears(balances, transfers);
      expect(transfers.length).toBeLessThanOrEqual(n - 1);
      const greedy = greedySettle([...balances].map(([id, minor]) => ({ id, minor })));
      expect(transfers.length).toBeLessThanOrEqual(greedy.length);
    }
  });

  it('falls back to greedy above the exact limit and still clears in at most n−1', () => {
    for (const n of [EXACT_LIMIT + 1, 40, 200]) {
      const balances = randomBalances(n, 100_000);
      const transfers = settleUp(balances);
      expectClears(balances, transfers);
      expect(transfers.length).toBeLessThanOrEqual(n - 1);
    }
  });

  it('still pairs exact opposites before the fallback', () => {
    // 20 members in 10 opposite pairs: 10 transfers, even though 20 > EXACT_LIMIT.
    const record = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`m${String(i).padStart(2, '0')}`, (i % 2 ? -1 : 1) * (1000 + Math.floor(i / 2) * 17)]));
    const balances = balancesOf(record);
    const transfers = settleUp(balances);
    expectClears(balances, transfers);
    expect(transfers).toHaveLength(10);
  });
});
