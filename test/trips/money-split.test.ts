import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../adapters/sandbox/simulators/seeded.js';
import { SplitError, splitAmount, type SplitSpec } from '../../tools/trips/money/index.js';

// splitAmount: exact integer parts, largest-remainder rounding, validation by field.

const minors = (parts: { minor: number }[]): number[] => parts.map((p) => p.minor);

function splitError(fn: () => unknown): SplitError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SplitError) return err;
    throw err;
  }
  throw new Error('expected a SplitError');
}

describe('equal split', () => {
  it('gives the leftover units to members in their order', () => {
    expect(splitAmount(100, { method: 'equal' }, ['a', 'b', 'c'])).toEqual([
      { memberId: 'a', minor: 34 },
      { memberId: 'b', minor: 33 },
      { memberId: 'c', minor: 33 },
    ]);
    expect(minors(splitAmount(100, { method: 'equal' }, ['c', 'a', 'b']))).toEqual([34, 33, 33]);
    expect(splitAmount(100, { method: 'equal' }, ['c', 'a', 'b'])[0]!.memberId).toBe('c');
    expect(minors(splitAmount(5, { method: 'equal' }, ['a', 'b', 'c']))).toEqual([2, 2, 1]);
    expect(minors(splitAmount(1, { method: 'equal' }, ['a', 'b', 'c']))).toEqual([1, 0, 0]);
    expect(minors(splitAmount(99, { method: 'equal' }, ['a', 'b', 'c']))).toEqual([33, 33, 33]);
  });

  it('keeps very large totals exact', () => {
    const total = Number.MAX_SAFE_INTEGER;
    const parts = minors(splitAmount(total, { method: 'equal' }, ['a', 'b', 'c', 'd', 'e', 'f', 'g']));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...parts) - Math.min(...parts)).toBe(1);
  });
});

describe('exact split', () => {
  it('uses the amounts as given; members not listed pay nothing', () => {
    expect(minors(splitAmount(1000, { method: 'exact', amounts: { a: 700, c: 300 } }, ['a', 'b', 'c']))).toEqual([700, 0, 300]);
  });

  it('rejects amounts that do not add up, are negative or fractional, or name a non-member', () => {
    expect(splitError(() => splitAmount(1000, { method: 'exact', amounts: { a: 700, b: 299 } }, ['a', 'b'])).field).toBe('amounts');
    expect(splitError(() => splitAmount(1000, { method: 'exact', amounts: { a: 1100, b: -100 } }, ['a', 'b'])).field).toBe('amounts');
    expect(splitError(() => splitAmount(1000, { method: 'exact', amounts: { a: 999.5, b: 0.5 } }, ['a', 'b'])).field).toBe('amounts');
    const outsider = splitError(() => splitAmount(1000, { method: 'exact', amounts: { a: 500, z: 500 } }, ['a', 'b']));
    expect(outsider.field).toBe('amounts');
    expect(outsider.message).toContain('z');
  });
});

describe('shares split', () => {
  it('gives the unit to the largest remainder, not the first member', () => {
    // 10 × 1/3 = 3.33…, 10 × 2/3 = 6.67 → b's remainder is larger.
    expect(minors(splitAmount(10, { method: 'shares', shares: { a: 1, b: 2 } }, ['a', 'b']))).toEqual([3, 7]);
    expect(minors(splitAmount(1000, { method: 'shares', shares: { a: 1.5, b: 1.5, c: 1 } }, ['a', 'b', 'c']))).toEqual([375, 375, 250]);
  });

  it('treats a member without shares as zero, but given shares must be positive', () => {
    expect(minors(splitAmount(90, { method: 'shares', shares: { a: 1, c: 2 } }, ['a', 'b', 'c']))).toEqual([30, 0, 60]);
    expect(splitError(() => splitAmount(90, { method: 'shares', shares: { a: 1, b: 0 } }, ['a', 'b'])).field).toBe('shares');
    expect(splitError(() => splitAmount(90, { method: 'shares', shares: { a: 1, b: -1 } }, ['a', 'b'])).field).toBe('shares');
    expect(splitError(() => splitAmount(90, { method: 'shares', shares: { a: Number.NaN } }, ['a', 'b'])).field).toBe('shares');
    expect(splitError(() => splitAmount(90, { method: 'shares', shares: {} }, ['a', 'b'])).field).toBe('shares');
    expect(splitError(() => splitAmount(90, { method: 'shares', shares: { x: 1 } }, ['a', 'b'])).field).toBe('shares');
  });
});

describe('percent split', () => {
  it('splits by percentage and tolerates float noise in the sum', () => {
    expect(minors(splitAmount(1000, { method: 'percent', percents: { a: 50, b: 30, c: 20 } }, ['a', 'b', 'c']))).toEqual([500, 300, 200]);
    const third = 100 / 3;
    expect(minors(splitAmount(1000, { method: 'percent', percents: { a: third, b: third, c: third } }, ['a', 'b', 'c']))).toEqual([334, 333, 333]);
    expect(minors(splitAmount(1001, { method: 'percent', percents: { a: 33.33, b: 33.33, c: 33.34 } }, ['a', 'b', 'c']))).toEqual([334, 333, 334]);
    expect(minors(splitAmount(7, { method: 'percent', percents: { a: 100, b: 0 } }, ['a', 'b']))).toEqual([7, 0]);
  });

  it('rejects percents that do not sum to 100 or name a non-member', () => {
    expect(splitError(() => splitAmount(1000, { method: 'percent', percents: { a: 50, b: 49 } }, ['a', 'b'])).field).toBe('percents');
    expect(splitError(() => splitAmount(1000, { method: 'percent', percents: { a: 50, b: 50.01 } }, ['a', 'b'])).field).toBe('percents');
    expect(splitError(() => splitAmount(1000, { method: 'percent', percents: { a: 110, b: -10 } }, ['a', 'b'])).field).toBe('percents');
    expect(splitError(() => splitAmount(1000, { method: 'percent', percents: { a: 50, z: 50 } }, ['a', 'b'])).field).toBe('percents');
  });
});

describe('common validation', () => {
  it('needs a positive whole total', () => {
    for (const total of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(splitError(() => splitAmount(total, { method: 'equal' }, ['a'])).field).toBe('amount');
    }
  });

  it('needs at least one member, each listed once', () => {
    expect(splitError(() => splitAmount(100, { method: 'equal' }, [])).field).toBe('among');
    expect(splitError(() => splitAmount(100, { method: 'equal' }, ['a', 'b', 'a'])).field).toBe('among');
  });

  it('is an Error with a name', () => {
    const err = splitError(() => splitAmount(0, { method: 'equal' }, ['a']));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('SplitError');
  });
});

describe('random splits (seeded)', () => {
  const rnd = mulberry32(20261121);
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

  function randomCase(): { total: number; split: SplitSpec; members: string[]; weights: number[] } {
    const members = Array.from({ length: int(1, 9) }, (_, i) => `m${i}`);
    const total = rnd() < 0.2 ? int(1, 10) : int(1, 5_000_000);
    const kind = int(0, 3);
    if (kind === 0) return { total, split: { method: 'equal' }, members, weights: members.map(() => 1) };
    if (kind === 1) {
      const shares = Object.fromEntries(members.map((m) => [m, int(1, 20) / (rnd() < 0.5 ? 1 : 4)]));
      return { total, split: { method: 'shares', shares }, members, weights: members.map((m) => shares[m]!) };
    }
    if (kind === 2) {
      // Whole percents that add up to exactly 100.
      const cuts = Array.from({ length: members.length - 1 }, () => int(0, 100)).sort((a, b) => a - b);
      const bounds = [0, ...cuts, 100];
      const percents = Object.fromEntries(members.map((m, i) => [m, bounds[i + 1]! - bounds[i]!]));
      return { total, split: { method: 'percent', percents }, members, weights: members.map((m) => percents[m]!) };
    }
    let left = total;
    const amounts = Object.fromEntries(members.map((m, i) => {
      const v = i === members.length - 1 ? left : int(0, left);
      left -= v;
      return [m, v];
    }));
    return { total, split: { method: 'exact', amounts }, members, weights: members.map((m) => amounts[m]!) };
  }

  it('always sums exactly, stays within one unit of the exact quota, and repeats itself', () => {
    for (let run = 0; run < 3000; run++) {
      const { total, split, members, weights } = randomCase();
      const parts = splitAmount(total, split, members);
      expect(parts.map((p) => p.memberId)).toEqual(members);
      expect(parts.reduce((s, p) => s + p.minor, 0)).toBe(total);
      const weightSum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((p, i) => {
        expect(Number.isInteger(p.minor) && p.minor >= 0).toBe(true);
        const quota = (total * weights[i]!) / weightSum;
        expect(Math.abs(p.minor - quota)).toBeLessThan(1);
      });
      expect(splitAmount(total, split, members)).toEqual(parts);
    }
  });

  it('assigns an equal split\'s leftover to the first members in order', () => {
    for (let run = 0; run < 500; run++) {
      const members = Array.from({ length: int(1, 12) }, (_, i) => `x${int(0, 1e6)}-${i}`);
      const total = int(1, 100_000);
      const base = Math.floor(total / members.length);
      const extra = total % members.length;
      expect(minors(splitAmount(total, { method: 'equal' }, members))).toEqual(members.map((_, i) => base + (i < extra ? 1 : 0)));
    }
  });
});
