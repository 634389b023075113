import type { Services } from '../_kit/context.js';

// /health's verdict is kept in this process, not in the shared cache: a balancer
// asks each process about itself, and a cache that is down must not make the
// answer slow (a Redis that hangs would hold every check for seconds). One probe
// at a time per process; callers meanwhile share it.

interface Entry<T> {
  value?: T;
  expiresAt: number;
  pending?: Promise<T>;
}

const entries = new WeakMap<Services, Entry<unknown>>();

export async function memoizedVerdict<T>(services: Services, ttlS: number, compute: () => Promise<T>): Promise<T> {
  const now = services.clock().getTime();
  const entry = (entries.get(services) ?? { expiresAt: 0 }) as Entry<T>;
  if (entry.value !== undefined && entry.expiresAt > now) return entry.value;
  if (entry.pending) return entry.pending;
  entry.pending = compute()
    .then((value) => {
      entry.value = value;
      entry.expiresAt = services.clock().getTime() + ttlS * 1000;
      return value;
    })
    .finally(() => {
      entry.pending = undefined;
    });
  entries.set(services, entry);
  return entry.pending;
}
