import type { Cache } from '../../../tools/_kit/ports.js';

// A short lock in the shared cache, so simulators running in several processes
// change one resource at a time, as the real provider does.

const LOCK_TTL_SECONDS = 10;
const POLL_MS = 10;
const POLL_ATTEMPTS = 200;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding `lockKey`; `busy()` builds the provider's own answer when the lock stays taken (~2 s). */
export async function withCacheLock<T>(cache: Cache, lockKey: string, work: () => Promise<T>, busy: () => Error): Promise<T> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    if (await cache.setIfAbsent(lockKey, true, LOCK_TTL_SECONDS)) {
      try {
        return await work();
      } finally {
        await cache.delete(lockKey);
      }
    }
    await sleep(POLL_MS);
  }
  throw busy();
}
