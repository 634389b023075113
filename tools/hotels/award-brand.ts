// Matches a hotel's brand (or, without one, its name) against a dataset's brand
// lists. Providers spell brands many ways ("Hampton by Hilton", "Le Méridien",
// "St. Regis"), so both sides are normalised and the longest matching name wins.

export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim()
    .replace(/ by (hyatt|marriott|hilton|ihg|accor|wyndham)$/, '');
}

/** The group whose brand list holds the longest name found in the brand (or else the hotel name); null when none. */
export function matchBrand<T extends { brands: readonly string[] }>(groups: readonly T[], brand: string | null, hotelName: string): T | null {
  for (const text of [brand, hotelName]) {
    if (!text) continue;
    const haystack = ` ${normalizeName(text)} `;
    let best: T | null = null;
    let bestLength = 0;
    for (const group of groups) {
      for (const name of group.brands) {
        const needle = normalizeName(name);
        if (needle.length > bestLength && haystack.includes(` ${needle} `)) {
          best = group;
          bestLength = needle.length;
        }
      }
    }
    if (best) return best;
  }
  return null;
}
