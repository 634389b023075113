import type { Cache } from '../../tools/_kit/ports.js';
import type { Principal } from '../../tools/_kit/principal.js';
import { TIER_LIMITS } from './tier-limits.js';

export interface RateDecision {
  allowed: boolean;
  /** Standard RateLimit headers (IETF draft), set on every metered answer. */
  headers: Record<string, string>;
  retryAfterS?: number;
}

/** Who a limit is counted against: the API key, or the user for OAuth and JWT callers. */
function subjectOf(p: Principal): { id: string; tier: keyof typeof TIER_LIMITS } | undefined {
  if (p.kind !== 'user') return undefined;
  return { id: p.keyId ? `key:${p.keyId}` : `user:${p.userId}`, tier: p.tier };
}

/**
 * Fixed-window limits per minute and per day, counted in the shared cache: Redis makes
 * them hold across processes, the in-process cache within one. A cache outage lets
 * requests through rather than taking the API down with it.
 */
export class RateLimiter {
  constructor(private readonly cache: Cache, private readonly now: () => number = Date.now) {}

  async check(principal: Principal): Promise<RateDecision | undefined> {
    const subject = subjectOf(principal);
    if (!subject) return undefined;
    const limits = TIER_LIMITS[subject.tier];
    const t = this.now();
    const minute = Math.floor(t / 60_000);
    const day = Math.floor(t / 86_400_000);
    let perMinute: { count: number; ttlMs: number };
    let perDay: { count: number; ttlMs: number };
    try {
      [perMinute, perDay] = await Promise.all([
        this.cache.increment(`rl:${subject.id}:m:${minute}`, 60),
        this.cache.increment(`rl:${subject.id}:d:${day}`, 86_400),
      ]);
    } catch {
      return undefined;
    }
    const minuteLeft = limits.perMinute - perMinute.count;
    const dayLeft = limits.perDay - perDay.count;
    // Report the tighter of the two windows.
    const useDay = dayLeft < minuteLeft;
    const limit = useDay ? limits.perDay : limits.perMinute;
    const remaining = Math.max(0, useDay ? dayLeft : minuteLeft);
    const resetS = Math.max(1, Math.ceil((useDay ? perDay.ttlMs : perMinute.ttlMs) / 1000));
    const headers = {
      'RateLimit-Policy': `${limits.perMinute};w=60, ${limits.perDay};w=86400`,
      'RateLimit': `limit=${limit}, remaining=${remaining}, reset=${resetS}`,
    };
    if (minuteLeft < 0 || dayLeft < 0) {
      const retryAfterS = Math.max(1, Math.ceil((dayLeft < 0 ? perDay.ttlMs : perMinute.ttlMs) / 1000));
      return { allowed: false, headers: { ...headers, 'Retry-After': String(retryAfterS) }, retryAfterS };
    }
    return { allowed: true, headers };
  }
}
