import type { Cache, CacheCount, CacheCounter } from '../../tools/_kit/ports.js';
import type { Principal, Tier } from '../../tools/_kit/principal.js';
import { limitBucket } from './limit-bucket.js';
import { meterSubjectOf, takePrecounted } from './metered-principal.js';
import { TIER_LIMITS } from './tier-limits.js';

export interface RateDecision {
  allowed: boolean;
  /** Standard RateLimit headers (IETF draft), set on every metered answer. */
  headers: Record<string, string>;
  retryAfterS?: number;
}

/** The minute and day windows of one subject, as cache counters. */
export function windowCounters(subject: string, now: number): CacheCounter[] {
  return [
    { key: `rl:${subject}:m:${Math.floor(now / 60_000)}`, ttlSeconds: 60 },
    { key: `rl:${subject}:d:${Math.floor(now / 86_400_000)}`, ttlSeconds: 86_400 },
  ];
}

/**
 * Who a limit is counted against: the API key (by its hash when the resolver made the
 * principal, see metered-principal.ts), the user for OAuth and JWT callers, and the
 * client address (an IPv6 one by its /56, limit-bucket.ts) on the free plan for
 * anonymous callers when `address` is given.
 */
function subjectOf(p: Principal, address: string | undefined): { id: string; tier: Tier } | undefined {
  if (p.kind === 'user') return { id: meterSubjectOf(p) ?? (p.keyId ? `key:${p.keyId}` : `user:${p.userId}`), tier: p.tier };
  if (p.kind === 'anonymous' && address !== undefined) return { id: `ip:${limitBucket(address)}`, tier: 'free' };
  return undefined;
}

/** Each plan's RateLimit-Policy value, the same on every answer. */
const POLICY = Object.fromEntries(
  Object.entries(TIER_LIMITS).map(([tier, l]) => [tier, `${l.perMinute};w=60, ${l.perDay};w=86400`]),
) as Record<Tier, string>;

function decide(tier: Tier, [perMinute, perDay]: CacheCount[]): RateDecision | undefined {
  if (!perMinute || !perDay) return undefined;
  const limits = TIER_LIMITS[tier];
  const minuteLeft = limits.perMinute - perMinute.count;
  const dayLeft = limits.perDay - perDay.count;
  // Report the tighter of the two windows.
  const useDay = dayLeft < minuteLeft;
  const limit = useDay ? limits.perDay : limits.perMinute;
  const remaining = Math.max(0, useDay ? dayLeft : minuteLeft);
  const resetS = Math.max(1, Math.ceil((useDay ? perDay.ttlMs : perMinute.ttlMs) / 1000));
  const headers = {
    'RateLimit-Policy': POLICY[tier],
    'RateLimit': `limit=${limit}, remaining=${remaining}, reset=${resetS}`,
  };
  if (minuteLeft < 0 || dayLeft < 0) {
    const retryAfterS = Math.max(1, Math.ceil((dayLeft < 0 ? perDay.ttlMs : perMinute.ttlMs) / 1000));
    return { allowed: false, headers: { ...headers, 'Retry-After': String(retryAfterS) }, retryAfterS };
  }
  return { allowed: true, headers };
}

const noDecision = () => undefined;

/**
 * Fixed-window limits per minute and per day, counted in the shared cache: Redis makes
 * them hold across processes, the in-process cache within one. Both windows move in one
 * round trip, or none when the key lookup already counted them. A cache outage lets
 * requests through rather than taking the API down with it.
 */
export class RateLimiter {
  constructor(private readonly cache: Cache, private readonly now: () => number = Date.now) {}

  /**
   * `address`: the client's, for anonymous callers this surface meters (absent, they are not
   * metered here). Answers at once when there is nothing to count or the key lookup counted
   * already; a promise only when the cache must be asked, so a request waits on one.
   */
  check(principal: Principal, address?: string): RateDecision | undefined | Promise<RateDecision | undefined> {
    const subject = subjectOf(principal, address);
    if (!subject) return undefined;
    const counts = takePrecounted(principal);
    if (counts) return decide(subject.tier, counts);
    try {
      return this.cache.getAndCount(undefined, windowCounters(subject.id, this.now())).then((got) => decide(subject.tier, got.counts), noDecision);
    } catch {
      return undefined;
    }
  }
}
