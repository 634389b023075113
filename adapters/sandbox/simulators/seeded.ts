// Deterministic randomness for the simulators: the same inputs always give the
// same numbers, so a search repeated within a time bucket gives the same offers.

/** "|", hashed between parts. */
const SEPARATOR = 0x7c;

/**
 * 32-bit FNV-1a over the parts joined with "|". Hashed part by part rather than
 * over a joined string: the same number without building (and flattening) a new
 * string per call, which was most of the simulators' CPU in a search.
 */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = Math.imul(h ^ SEPARATOR, 0x01000193);
    const part = parts[p]!;
    const s = typeof part === 'string' ? part : String(part);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by the parts. */
export function unit(...parts: readonly (string | number)[]): number {
  return mulberry32(hash32(...parts))();
}

/** mulberry32: a small, fast, well-distributed PRNG. Returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The index of the time bucket `at` falls in; prices and offer ids hold still within one. */
export function timeBucket(at: Date, minutes = 15): number {
  return Math.floor(at.getTime() / (minutes * 60_000));
}
