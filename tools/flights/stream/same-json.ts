// Equality of plain JSON values (null, booleans, numbers, strings, arrays and plain
// objects), which is all a flight result holds. Written out because the search
// compares every changed flight's fields on every provider answer, and
// util.isDeepStrictEqual, which also weighs prototypes, symbols and property
// descriptors, was ~1.5 % of the event loop there.

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    // The same keys on both sides, as isDeepStrictEqual wants them (a key holding undefined counts).
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key)) count--;
  return count === 0;
}
