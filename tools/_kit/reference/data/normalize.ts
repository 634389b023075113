// One folding rule for indexing and for queries, so "São Paulo", "sao-paulo" and
// "SAO PAULO" all become "sao paulo".

// Letters that Unicode does not decompose into base letter + accent.
const SPECIAL: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h',
};
const SPECIAL_RE = /[øæœßłđðþıħ]/g;

/** Lowercase, strip accents, drop apostrophes ("Xi'an" → "xian"), other punctuation to single spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(SPECIAL_RE, (ch) => SPECIAL[ch] ?? ch)
    .replace(/['’ʻ`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
