import type { Cache } from '../../../tools/_kit/ports.js';
import { withCacheLock } from './cache-lock.js';
import { LOCKED, SimFailure } from './duffel-sim-order-errors.js';
import { hash32 } from './seeded.js';

// The Duffel simulator's sandbox state (orders, payments, cancellations, changes,
// payment intents, 3DS sessions) kept in the shared Cache, so every process on one
// Redis sees the same sandbox, as stripe-sim.ts does. Records are stored whole
// and rewritten under a per-resource lock taken with setIfAbsent.
// Lists (orders by passenger name) are append-only slots numbered by increment(),
// which needs no lock: slot n of index i is key `idx:i:n`.

/** Sandbox records live about as long as a Duffel test-mode order matters. */
export const SANDBOX_TTL_SECONDS = 30 * 24 * 3600;

/** Record kinds, named by Duffel's id prefixes ('orq': an offer request's search, for listing its offers); 'oco' points a change offer at its change request. */
export type RecordKind = 'orq' | 'ord' | 'ore' | 'ocr' | 'oco' | 'oce' | 'pay' | 'pit' | 'tds';

export interface SimStore {
  get<T>(kind: RecordKind, id: string): Promise<T | undefined>;
  /** Stores a record for `ttlSeconds` (default SANDBOX_TTL_SECONDS). */
  put(kind: RecordKind, id: string, value: unknown, ttlSeconds?: number): Promise<void>;
  /** Marks an offer as booked by `orderId`; false when another order got there first. */
  claimOffer(offerId: string, orderId: string): Promise<boolean>;
  /** Gives the offer back, when the order that claimed it could not be stored. */
  releaseOffer(offerId: string): Promise<void>;
  /** The next number of a named sequence, from 1: deterministic ids without a clock or randomness. */
  nextSeq(name: string): Promise<number>;
  /** Appends an id to a list index. */
  append(index: string, id: string): Promise<void>;
  /** How many ids the index holds, and the one at a 1-based slot. */
  indexSize(index: string): Promise<number>;
  indexAt(index: string, slot: number): Promise<string | undefined>;
  /** Runs `work` holding the resource's lock, across processes. */
  withLock<T>(resourceId: string, work: () => Promise<T>): Promise<T>;
}

export function createSimStore(cache: Cache, seed: string): SimStore {
  // Keys are per seed, as Duffel's sandbox is per organisation.
  const prefix = `duffel-sim:${hash32(seed).toString(36)}`;
  const countKey = (index: string) => `${prefix}:idxn:${index}`;

  return {
    get: <T>(kind: RecordKind, id: string) => cache.get<T>(`${prefix}:${kind}:${id}`),
    put: (kind, id, value, ttlSeconds = SANDBOX_TTL_SECONDS) => cache.set(`${prefix}:${kind}:${id}`, value, ttlSeconds),
    claimOffer: (offerId, orderId) => cache.setIfAbsent(`${prefix}:booked:${offerId}`, orderId, SANDBOX_TTL_SECONDS),
    releaseOffer: (offerId) => cache.delete(`${prefix}:booked:${offerId}`),

    async nextSeq(name) {
      return (await cache.increment(`${prefix}:seq:${name}`, SANDBOX_TTL_SECONDS)).count;
    },

    async append(index, id) {
      const { count } = await cache.increment(countKey(index), SANDBOX_TTL_SECONDS);
      await cache.set(`${prefix}:idx:${index}:${count}`, id, SANDBOX_TTL_SECONDS);
    },

    async indexSize(index) {
      return Number((await cache.get<number | string>(countKey(index))) ?? 0);
    },

    indexAt: (index, slot) => cache.get<string>(`${prefix}:idx:${index}:${slot}`),

    withLock: (resourceId, work) => withCacheLock(cache, `${prefix}:lock:${resourceId}`, work, () => new SimFailure(429, LOCKED)),
  };
}
