import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../adapters/sandbox/simulators/duffel-sim-order-build.js';
import { simId } from '../../adapters/sandbox/simulators/duffel-sim-ids.js';

// Two travellers' orders must not share a PNR (a flaky booking test once showed
// one): the reference was cut from FNV-1a's poorly mixed low bits and took only
// 432 values in all.

describe('simulated booking references', () => {
  it('are six letters and digits, fixed by the order', () => {
    const id = simId('ord', 'sandbox', 'off_1');
    expect(bookingReference('sandbox', id)).toMatch(/^[A-Z0-9]{6}$/);
    expect(bookingReference('sandbox', id)).toBe(bookingReference('sandbox', id));
    expect(bookingReference('other-seed', id)).not.toBe(bookingReference('sandbox', id));
  });

  it('repeat across 50,000 orders only as often as chance allows among 36^6 references', () => {
    const n = 50_000;
    const seen = new Set<string>();
    for (let k = 0; k < n; k++) seen.add(bookingReference('sandbox', simId('ord', 'sandbox', `off_${k}`)));
    // Birthday bound: about n²/(2·36⁶) ≈ 0.6 repeats expected.
    expect(n - seen.size).toBeLessThan(10);
  });

  it('use every letter and digit in every position about evenly', () => {
    const counts = Array.from({ length: 6 }, () => new Map<string, number>());
    const n = 36_000;
    for (let k = 0; k < n; k++) {
      const ref = bookingReference('sandbox', simId('ord', 'sandbox', `off_${k}`));
      [...ref].forEach((ch, i) => counts[i]!.set(ch, (counts[i]!.get(ch) ?? 0) + 1));
    }
    for (const position of counts) {
      expect(position.size).toBe(36);
      for (const c of position.values()) expect(c).toBeGreaterThan(700); // 1,000 expected each
    }
  });
});
