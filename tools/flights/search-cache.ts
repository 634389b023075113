import { hash } from 'node:crypto';
import type { Cache } from '../_kit/ports.js';
import type { FlightSearchInput } from './search-input.js';
import { Lru } from './stream/lru.js';
import { makeReplay, type Replay, type StoredSearch } from './stream/replay.js';

// A finished search, kept briefly so an identical search (a refresh, a second
// agent turn, another user) is answered at once. Each process keeps the recent
// ones in memory, ready to replay; Redis shares them across processes.

export interface CachedSearch extends StoredSearch {
  /** How long the entry lives from storedAt; entries written before this field live PARTIAL_TTL_S in memory. */
  ttlS?: number;
}

/** A search with a failed provider is kept only briefly, so the provider gets another chance soon. */
const PARTIAL_TTL_S = 15;
/** Searches each process keeps in memory, as JSON text (about 60 KB each for a one-way search). */
export const MEMORY_SEARCHES = 256;
/** Ready SSE text each process keeps for replays, in UTF-16 units (about bytes: the JSON is mostly ASCII). */
export const MEMORY_REPLAY_CHARS = 32 * 1024 * 1024;

/**
 * A search as this process keeps it: as JSON text once it is written to the shared
 * cache, parsed again only when a caller asks for it. Hundreds of finished searches'
 * result objects, held for seconds, were promoted out of the young generation and
 * traced by every major GC; one string per search costs the collector next to
 * nothing (CPU per cold search 0.91x and 0.93x at 50 streams in two A/B runs, a
 * few per cent at most on this noisy machine).
 */
interface Remembered {
  /** Set while the search is fresh (until the next turn of the event loop) and once a caller read it. */
  search: CachedSearch | undefined;
  text: string | undefined;
  expiresAt: number;
}

function searchOf(entry: Remembered): CachedSearch {
  return (entry.search ??= JSON.parse(entry.text!) as CachedSearch);
}

/** A replay as made from one stored search, for one age and set of avoided carriers. */
interface MadeReplay {
  from: CachedSearch;
  replay: Replay;
}

interface Memory {
  searches: Lru<string, Remembered>;
  /** The latest replay per search and set of avoided carriers, bounded by the size of their SSE text. */
  replays: Lru<string, MadeReplay>;
}

// One memory per shared cache: every server (and test server) in a process has its own.
const memories = new WeakMap<Cache, Memory>();
function memoryOf(cache: Cache): Memory {
  let memory = memories.get(cache);
  if (!memory) memories.set(cache, (memory = { searches: new Lru(MEMORY_SEARCHES), replays: new Lru(MEMORY_SEARCHES * 8, (m) => m.replay.size, MEMORY_REPLAY_CHARS) }));
  return memory;
}

function remember(cache: Cache, key: string, entry: Remembered): Remembered {
  memoryOf(cache).searches.set(key, entry);
  return entry;
}

function expiry(search: Pick<CachedSearch, 'storedAt' | 'ttlS'>, now: number): number {
  const ttlS = search.ttlS ?? PARTIAL_TTL_S;
  return Math.min(search.storedAt + ttlS * 1000, now + ttlS * 1000);
}

/**
 * v3: results carry dates and bags, which v2 entries lack. A multi-city search is
 * keyed by every slice (so it never meets a one-way entry of its first and last
 * place), and the bags asked for are part of the answer, so of the key too.
 */
export function searchCacheKey(input: FlightSearchInput): string {
  const slices = input.slices?.map((s) => `${s.origin}>${s.destination}@${s.departure_date}`).join(',') ?? '';
  const parts = [input.origin ?? '', input.destination ?? '', input.departure_date ?? '', input.return_date ?? '', slices, input.passengers, input.children, input.infants, input.cabin_class, input.search_type, input.max_stops ?? '', input.currency, input.bags ?? ''];
  return `search:v3:${hash('sha256', parts.join('|'), 'base64url').slice(0, 32)}`;
}

async function readRemembered(cache: Cache, key: string, now: number): Promise<Remembered | undefined> {
  const memory = memoryOf(cache).searches;
  const known = memory.get(key);
  if (known && known.expiresAt > now) return known;
  if (known) memory.delete(key);
  const text = await cache.getText(key).catch(() => undefined);
  if (text === undefined) return undefined;
  let search: CachedSearch;
  try {
    search = JSON.parse(text) as CachedSearch;
  } catch {
    return undefined; // an unreadable shared entry is a miss, as a cache failure is
  }
  return remember(cache, key, { search, text, expiresAt: expiry(search, now) });
}

/**
 * The cached answer to `key` as the caller sees it (aged, avoided carriers left
 * out), from this process's memory when it has it, else from the shared cache.
 */
export async function readCachedSearch(cache: Cache, key: string, now: number, avoided: ReadonlySet<string>): Promise<Replay | undefined> {
  const entry = await readRemembered(cache, key, now);
  if (!entry) return undefined;
  const search = searchOf(entry);
  const ageS = Math.max(0, Math.floor((now - search.storedAt) / 1000));
  const variant = `${key}|${[...avoided].sort().join(',')}`;
  const { replays } = memoryOf(cache);
  const made = replays.get(variant);
  // A replay is reused only for the very search it was made from (a newer store replaces it) and the same age.
  if (made && made.from === search && made.replay.ageS === ageS) return made.replay;
  const replay = makeReplay(search, ageS, avoided);
  replays.set(variant, { from: search, replay });
  return replay;
}

/**
 * Stores a completed search: in this process's memory at once, in the shared cache
 * once the event loop turns, so serializing the whole search never holds up the
 * end of its stream. A cache failure never fails the search.
 */
export function storeSearch(cache: Cache, key: string, value: StoredSearch, ttlS: number): void {
  if (ttlS <= 0 || !value.providers.some((p) => p.status === 'ok')) return;
  const ttl = value.providers.every((p) => p.status === 'ok' || p.reason === 'no_results') ? ttlS : Math.min(ttlS, PARTIAL_TTL_S);
  const search: CachedSearch = { ...value, ttlS: ttl };
  const entry = remember(cache, key, { search, text: undefined, expiresAt: expiry(search, value.storedAt) });
  setImmediate(() => {
    let text: string;
    try {
      text = JSON.stringify(search);
    } catch {
      return; // cannot happen for plain results; kept as objects then, and not shared
    }
    // Kept as text from here on; the first caller to replay it parses it again.
    entry.text = text;
    entry.search = undefined;
    void cache.setText(key, text, ttl).catch(() => undefined);
  });
}
