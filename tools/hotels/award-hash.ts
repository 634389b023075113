// Deterministic draws for the award model (a hotel's category, whether award
// space is left on a night): the same hotel and date always give the same answer.

/** A number in [0, 1) fixed by the parts (32-bit FNV-1a, then a murmur3 finaliser to spread close inputs). */
export function awardDraw(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const s = parts.join('|');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
