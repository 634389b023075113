import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sameJson } from '../../tools/flights/stream/same-json.js';

// sameJson replaced util.isDeepStrictEqual when the stream decides which fields of a
// flight changed: on the JSON values a result holds, both must give the same verdict.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 5 : 7));
  switch (pick) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return [0, 1, -1, 2.5, 1e21][Math.floor(next() * 5)]; // not -0: JSON writes it as 0, and sameJson agrees
    case 3: return ['', 'a', 'USD', 'duffel', 'é'][Math.floor(next() * 5)];
    case 4: return next() < 0.2 ? undefined : 'x';
    case 5: return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    default: {
      const keys = ['amount', 'currency', 'source', 'age_s', 'bookable'];
      const out: Record<string, unknown> = {};
      for (const key of keys) if (next() < 0.5) out[key] = value(next, depth + 1);
      return out;
    }
  }
}

/** A copy with at most one small change somewhere, or none. */
function nearCopy(v: unknown, next: () => number): unknown {
  if (next() < 0.15) return value(next, 3);
  if (Array.isArray(v)) return v.map((item) => nearCopy(item, next));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) if (next() > 0.05) out[k] = nearCopy(item, next);
    if (next() < 0.05) out['extra'] = 1;
    return out;
  }
  return v;
}

describe('sameJson', () => {
  it('agrees with util.isDeepStrictEqual on 20,000 pairs of JSON values, thousands of them equal and thousands not', () => {
    const next = random(19);
    let equal = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = value(next, 0);
      const b = next() < 0.5 ? structuredClone(a) : nearCopy(a, next);
      const want = isDeepStrictEqual(a, b);
      expect(sameJson(a, b), JSON.stringify([a, b])).toBe(want);
      expect(sameJson(b, a)).toBe(want);
      if (want) equal++;
    }
    expect(equal).toBeGreaterThan(2_000);
    expect(20_000 - equal).toBeGreaterThan(2_000);
  });

  it('tells an array from an object with the same entries, and a missing key from one holding undefined', () => {
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameJson([{ amount: 1 }], [{ amount: 1 }])).toBe(true);
  });
});
