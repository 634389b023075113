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
/** Searches each process keeps ready in memory (about 100 KB each). */
export const MEMORY_SEARCHES = 256;
/** Ready SSE text each process keeps for replays, in UTF-16 units (about bytes: the JSON is mostly ASCII). */
export const MEMORY_REPLAY_CHARS = 32 * 1024 * 1024;

interface Remembered {
  search: CachedSearch;
  expiresAt: number;
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

function remember(cache: Cache, key: string, search: CachedSearch, now: number): Remembered {
  const ttlS = search.ttlS ?? PARTIAL_TTL_S;
  const entry: Remembered = { search, expiresAt: Math.min(search.storedAt + ttlS * 1000, now + ttlS * 1000) };
  memoryOf(cache).searches.set(key, entry);
  return entry;
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
  const shared = await cache.get<CachedSearch>(key).catch(() => undefined);
  return shared ? remember(cache, key, shared, now) : undefined;
}

/**
 * The cached answer to `key` as the caller sees it (aged, avoided carriers left
 * out), from this process's memory when it has it, else from the shared cache.
 */
export async function readCachedSearch(cache: Cache, key: string, now: number, avoided: ReadonlySet<string>): Promise<Replay | undefined> {
  const entry = await readRemembered(cache, key, now);
  if (!entry) return undefined;
  const ageS = Math.max(0, Math.floor((now - entry.search.storedAt) / 1000));
  const variant = `${key}|${[...avoided].sort().join(',')}`;
  const { replays } = memoryOf(cache);
  const made = replays.get(variant);
  // A replay is reused only for the very search it was made from (a newer store replaces it) and the same age.
  if (made && made.from === entry.search && made.replay.ageS === ageS) return made.replay;
  const replay = makeReplay(entry.search, ageS, avoided);
  replays.set(variant, { from: entry.search, replay });
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
  remember(cache, key, search, value.storedAt);
  setImmediate(() => void cache.set(key, search, ttl).catch(() => undefined));
}
