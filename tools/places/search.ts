// Typeahead over airports and metro cities. Everything expensive happens once at
// module load: each place contributes normalized keys to one sorted array, so a
// query is a binary search plus a walk over the keys that start with it. Per query
// only the result array is allocated; scratch buffers are reused (calls are sync).
import { AIRPORTS, METRO_CITIES, type Airport, type MetroCity } from '../_kit/reference/airports.js';
import { normalize } from '../_kit/reference/data/normalize.js';
import type { Place } from './place.js';

// Match tiers, best first. A place's score is its best tier, then its global order.
const T_EXACT_CODE = 0; // query is the place's IATA (or ICAO) code
const T_CITY = 1; // city name (or metro alias) starts with the query
const T_NAME = 2; // airport name starts with the query
const T_WORD = 3; // a later word of a name, city or alias starts with the query
const T_CODE_PREFIX = 4; // IATA code starts with a 1-2 letter query

// Key kinds; tier follows from kind plus whether the key equals the whole query.
const K_IATA = 0;
const K_ICAO = 1;
const K_CITY = 2;
const K_NAME = 3;
const K_WORD = 4;

// Generic words are not indexed as word starts ("airport" would match everything).
const STOPWORDS = new Set([
  'airport', 'international', 'intl', 'regional', 'domestic', 'municipal', 'county', 'airfield', 'aerodrome', 'field',
  'air', 'base', 'aeropuerto', 'aeroporto', 'aeroport', 'aerodromo', 'flughafen', 'lufthavn', 'de', 'del', 'do', 'da',
  'la', 'le', 'el', 'the', 'of', 'and',
]);

const SIZE_RANK = { large: 1, medium: 2, small: 3 } as const;

interface Entry {
  place: Place;
  rank: number; // 0 city, then airport size
  city: string; // normalized, for tie order
  name: string;
  aliases: readonly string[];
}

function airportPlace(a: Airport): Place {
  return Object.freeze({
    type: 'airport' as const,
    iata: a.iata,
    ...(a.icao ? { icao: a.icao } : {}),
    name: a.name,
    city: a.city,
    country: a.country,
    lat: a.lat,
    lon: a.lon,
    ...(a.timezone ? { timezone: a.timezone } : {}),
    size: a.size,
  });
}

function cityPlace(c: MetroCity): Place {
  return Object.freeze({
    type: 'city' as const,
    iata: c.iata,
    name: c.name,
    city: c.city,
    country: c.country,
    lat: c.lat,
    lon: c.lon,
    ...(c.timezone ? { timezone: c.timezone } : {}),
    airports: Object.freeze([...c.airports]) as string[],
  });
}

// Global order = tie-break order: cities, then large, medium, small airports; then
// city, name and code alphabetically. Entry index doubles as that order.
const ENTRIES: Entry[] = [
  ...METRO_CITIES.map((c) => ({ place: cityPlace(c), rank: 0, city: normalize(c.city), name: normalize(c.name), aliases: c.aliases ?? [] })),
  ...AIRPORTS.map((a) => ({ place: airportPlace(a), rank: SIZE_RANK[a.size], city: normalize(a.city), name: normalize(a.name), aliases: a.aliases ?? [] })),
].sort((a, b) => a.rank - b.rank || cmp(a.city, b.city) || cmp(a.name, b.name) || cmp(a.place.iata, b.place.iata));

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const N = ENTRIES.length;
const STRIDE = 1 << 16; // sort key = tier * STRIDE + entry index
if (N >= STRIDE) throw new Error('places index: too many entries for the sort-key packing');

/** For each metro-city entry, its member airports' entry indexes (main airport first). */
const MEMBERS: (readonly number[] | undefined)[] = (() => {
  const airportIndex = new Map<string, number>();
  ENTRIES.forEach((e, i) => e.place.type === 'airport' && airportIndex.set(e.place.iata, i));
  return ENTRIES.map((e) => (e.place.type === 'city' ? e.place.airports.map((code) => airportIndex.get(code)).filter((i) => i !== undefined) : undefined));
})();

// The sorted key index, as parallel arrays.
const { keyText, keyEntry, keyKind } = (() => {
  const keys: { text: string; entry: number; kind: number }[] = [];
  const add = (text: string, entry: number, kind: number): void => {
    if (text) keys.push({ text, entry, kind });
  };
  // Every word start except the first (the first is the CITY/NAME key) and stopwords.
  const addWords = (text: string, entry: number, includeFirst: boolean): void => {
    const words = text.split(' ');
    let offset = 0;
    words.forEach((w, i) => {
      if ((i > 0 || includeFirst) && !STOPWORDS.has(w)) add(text.slice(offset), entry, K_WORD);
      offset += w.length + 1;
    });
  };
  ENTRIES.forEach((e, i) => {
    const p = e.place;
    add(p.iata.toLowerCase(), i, K_IATA);
    if (p.type === 'airport' && p.icao) add(p.icao.toLowerCase(), i, K_ICAO);
    // "Arnavutköy, Istanbul" and "Buenos Aires (Ezeiza)": each part is a city name too.
    const cityParts = new Set([e.city, ...p.city.split(/[,/()]/).map(normalize)]);
    for (const c of cityParts) {
      add(c, i, K_CITY);
      addWords(c, i, false);
    }
    if (p.type === 'airport') {
      add(e.name, i, K_NAME);
      addWords(e.name, i, false);
    }
    for (const alias of e.aliases) {
      const a = normalize(alias);
      if (p.type === 'city') {
        add(a, i, K_CITY);
        addWords(a, i, false);
      } else addWords(a, i, true);
    }
  });
  keys.sort((a, b) => cmp(a.text, b.text) || a.entry - b.entry || a.kind - b.kind);
  return {
    keyText: keys.map((k) => k.text),
    keyEntry: Int32Array.from(keys, (k) => k.entry),
    keyKind: Uint8Array.from(keys, (k) => k.kind),
  };
})();

// Scratch buffers reused by every query; `gen` marks which slots belong to this call.
const seenGen = new Uint32Array(N);
const outGen = new Uint32Array(N);
const bestTier = new Uint8Array(N);
const candidates = new Int32Array(N);
const sortKeys = new Int32Array(N);
let gen = 0;

function lowerBound(q: string): number {
  let lo = 0;
  let hi = keyText.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyText[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Cities and airports matching a typed query, best first: exact IATA/ICAO code,
 * then city-name prefix, airport-name prefix, word prefix inside names, code prefix;
 * ties by size (metro city, large, medium, small) then alphabetically. A metro city
 * is followed by its member airports. Case- and accent-insensitive; blank → [].
 */
export function suggestPlaces(query: string, limit: number): Place[] {
  const q = normalize(query);
  const max = Math.min(Math.floor(limit), N);
  if (!q || !(max > 0)) return [];
  if (++gen === 0xffffffff) {
    seenGen.fill(0);
    outGen.fill(0);
    gen = 1;
  }

  let count = 0;
  for (let k = lowerBound(q); k < keyText.length && keyText[k]!.startsWith(q); k++) {
    const exact = keyText[k]!.length === q.length;
    const kind = keyKind[k]!;
    let tier: number;
    if (kind === K_IATA) tier = exact ? T_EXACT_CODE : q.length < 3 ? T_CODE_PREFIX : -1;
    else if (kind === K_ICAO) tier = exact ? T_EXACT_CODE : -1;
    else tier = kind === K_CITY ? T_CITY : kind === K_NAME ? T_NAME : T_WORD;
    if (tier < 0) continue;
    const e = keyEntry[k]!;
    if (seenGen[e] !== gen) {
      seenGen[e] = gen;
      bestTier[e] = tier;
      candidates[count++] = e;
    } else if (tier < bestTier[e]!) bestTier[e] = tier;
  }

  for (let i = 0; i < count; i++) sortKeys[i] = bestTier[candidates[i]!]! * STRIDE + candidates[i]!;
  const order = sortKeys.subarray(0, count).sort();

  const out: Place[] = [];
  const emit = (e: number): void => {
    if (outGen[e] === gen || out.length >= max) return;
    outGen[e] = gen;
    out.push(ENTRIES[e]!.place);
  };
  for (let i = 0; i < count && out.length < max; i++) {
    const e = order[i]! % STRIDE;
    emit(e);
    for (const m of MEMBERS[e] ?? []) emit(m);
  }
  return out;
}
