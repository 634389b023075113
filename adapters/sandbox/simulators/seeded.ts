// Deterministic randomness for the simulators: the same inputs always give the
// same numbers, so a search repeated within a time bucket gives the same offers.

/** "|", hashed between parts. */
const SEPARATOR = 0x7c;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over one part's characters, from state `h`. */
function mix(h: number, part: string | number): number {
  const s = typeof part === 'string' ? part : String(part);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * 32-bit FNV-1a over the parts joined with "|". Hashed part by part rather than
 * over a joined string: the same number without building (and flattening) a new
 * string per call, which was most of the simulators' CPU in a search.
 */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = FNV_OFFSET;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = Math.imul(h ^ SEPARATOR, FNV_PRIME);
    h = mix(h, parts[p]!);
  }
  return h >>> 0;
}

/**
 * A hash continued by one more part: hashOn(hash32('wobble', key), bucket) ===
 * hash32('wobble', key, bucket). A price drawn every hour for the same itinerary
 * then hashes its long key once rather than on every draw.
 */
export function hashOn(hash: number, part: string | number): number {
  return mix(Math.imul(hash ^ SEPARATOR, FNV_PRIME), part) >>> 0;
}

/**
 * MurmurHash3's finalizer: every input bit reaches every output bit. FNV-1a's
 * low bits depend only on the inputs' low bits, so a hash32 cut into small
 * digits (a PNR's letters) repeats after a few hundred values; this one does not.
 */
export function avalanche(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform number in [0, 1) fixed by the parts. */
export function unit(...parts: readonly (string | number)[]): number {
  return firstDraw(hash32(...parts));
}

/** unit() of a hash already taken: the first number mulberry32 draws from it. */
export function firstDraw(seed: number): number {
  const a = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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
