import { describe, expect, it } from 'vitest';
import { hash32, mulberry32 } from '../../adapters/sandbox/simulators/seeded.js';
import { offsetOnDay } from '../../adapters/sandbox/simulators/world/geo.js';
import { BoundedMemo } from '../../adapters/sandbox/simulators/world/memo.js';
import { recurringSimId, simId } from '../../adapters/sandbox/simulators/duffel-sim-ids.js';
import { demandFactor } from '../../adapters/sandbox/simulators/world/fare-model.js';

// The simulators' deterministic building blocks, made cheaper (issue 19) without
// changing a single number they produce: every offer, price and id stays the same.

/** The definition: 32-bit FNV-1a over the parts joined with "|". */
function fnv1aJoined(parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const s = parts.join('|');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

describe('hash32', () => {
  it('equals FNV-1a over the joined parts, for strings, numbers, empty and non-ASCII parts', () => {
    const draw = mulberry32(19);
    const pick = (): string | number => {
      const r = draw();
      if (r < 0.3) return Math.floor(draw() * 1e6) - 5e5;
      if (r < 0.4) return draw() * 1000;
      if (r < 0.5) return '';
      const chars = 'ABCxyz019|-_ éü✈';
      return Array.from({ length: Math.floor(draw() * 30) }, () => chars[Math.floor(draw() * chars.length)]).join('');
    };
    for (let n = 0; n < 2_000; n++) {
      const parts = Array.from({ length: Math.floor(draw() * 6) }, pick);
      expect(hash32(...parts)).toBe(fnv1aJoined(parts));
    }
    expect(hash32()).toBe(fnv1aJoined([]));
    expect(hash32('duffel', 'failures')).toBe(fnv1aJoined(['duffel', 'failures']));
  });
});

describe('BoundedMemo', () => {
  it('computes once per key while it holds it, forgets the oldest past capacity, and always returns what compute gives', () => {
    const memo = new BoundedMemo<string>(3);
    let computed = 0;
    const value = (k: string) => () => ((computed += 1), `v:${k}`);
    expect(memo.get('a', value('a'))).toBe('v:a');
    expect(memo.get('a', value('a'))).toBe('v:a');
    expect(computed).toBe(1);
    for (const k of ['b', 'c', 'd']) memo.get(k, value(k));
    expect(memo.size).toBe(3);
    // 'a' was the oldest entry: gone, so it is computed again, with the same value.
    expect(memo.get('a', value('a'))).toBe('v:a');
    expect(computed).toBe(5);
    expect(memo.size).toBe(3);
  });
});

describe('offsetOnDay', () => {
  const DAY_MS = 86_400_000;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const reference = (tz: string, day: number) => {
    let format = formats.get(tz);
    if (!format) formats.set(tz, (format = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })));
    const name = format.formatToParts(new Date(day * DAY_MS + DAY_MS / 2)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!m) return 0;
    const minutes = Number(m[2]) * 60 + Number(m[3]);
    return m[1] === '-' ? -minutes : minutes;
  };

  it('gives each zone its offset at noon UTC of the day, read again and past the per-zone cache size', () => {
    const start = Math.floor(Date.UTC(2026, 0, 1) / DAY_MS);
    for (const tz of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns']) {
      // 2,500 days: more than one zone keeps, so its cache starts over on the way.
      for (let day = start; day < start + 2_500; day++) expect(offsetOnDay(tz, day)).toBe(reference(tz, day));
      for (let day = start; day < start + 400; day += 3) expect(offsetOnDay(tz, day)).toBe(reference(tz, day));
    }
    expect(offsetOnDay(undefined, start)).toBe(0);
  });
});

describe('recurringSimId', () => {
  it('is simId, asked once or many times, in any order', () => {
    const cases: [string, ...(string | number)[]][] = [['arl', 'BA'], ['arc', 'Boeing 787-9'], ['fbc', 'seed', 'AA', 'business', 2], ['pas', 'seed', 'orq_X', 0], ['pas', 'seed', 'orq_X', 1], ['cmp', 'JFK-LHR|BA112']];
    for (const round of [0, 1]) {
      for (const [prefix, ...parts] of round ? [...cases].reverse() : cases) expect(recurringSimId(prefix, ...parts)).toBe(simId(prefix, ...parts));
    }
  });

  it('keys on the parts joined with "|", which is what the hash reads: a join never stands for two ids', () => {
    expect(simId('x', 'a|b', 1)).toBe(simId('x', 'a', 'b', 1));
    expect(simId('x', 'a', 'b')).not.toBe(simId('x', 'ab'));
    expect(recurringSimId('x', 'a|b')).toBe(simId('x', 'a', 'b'));
  });
});

describe('demandFactor', () => {
  // The curve as it was first written (pairs destructured per step): the same doubles, read by index now.
  const CURVE = [[0, 1.9], [3, 1.55], [7, 1.35], [14, 1.12], [21, 1.05], [40, 0.93], [55, 0.9], [70, 0.93], [120, 0.98], [200, 1.0], [230, 1.06], [365, 1.1]] as const;
  function reference(daysOut: number, cabin: string): number {
    let f: number = CURVE[CURVE.length - 1]![1];
    for (let i = 1; i < CURVE.length; i++) {
      const [d1, f1] = CURVE[i]!;
      const [d0, f0] = CURVE[i - 1]!;
      if (daysOut <= d1) {
        f = f0 + ((f1 - f0) * (Math.max(daysOut, d0) - d0)) / (d1 - d0);
        break;
      }
    }
    return cabin === 'economy' ? f : 1 + (f - 1) * 0.6;
  }

  it('gives the very same doubles as the curve read pair by pair, from days in the past to beyond a year', () => {
    for (const cabin of ['economy', 'premium_economy', 'business', 'first'] as const) {
      for (let d = -5; d <= 400; d++) expect(demandFactor(d, cabin)).toBe(reference(d, cabin));
      for (const d of [2.5, 13.99, 364.5]) expect(demandFactor(d, cabin)).toBe(reference(d, cabin));
    }
  });
});
