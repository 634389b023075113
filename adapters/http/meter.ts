import type { Response } from 'express';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { RateDecision, RateLimiter } from '../identity/rate-limiter.js';
import type { UsageMeter } from '../identity/usage-meter.js';

/**
 * Applies a metered caller's plan limits and counts the request; throws RATE_LIMITED over the limit.
 * `address` meters an anonymous caller per client address on the free plan (REST; MCP meters its own).
 * Returns a promise only when it had to wait for the cache (undefined: done, nothing to await).
 */
export type Meter = (principal: Principal, res: Response, opts?: { address?: string | undefined }) => Promise<void> | undefined;

export function createMeter(limiter: RateLimiter, usage: UsageMeter, clock: () => Date, opts: { anonymous: boolean } = { anonymous: true }): Meter {
  const apply = (principal: Principal, res: Response, decision: RateDecision | undefined): undefined => {
    if (!decision) return undefined;
    for (const name in decision.headers) res.setHeader(name, decision.headers[name]!);
    if (!decision.allowed) {
      if (principal.kind === 'user' && principal.keyId) usage.record(principal.keyId, clock(), true);
      throw new ToolError('RATE_LIMITED', 'Rate limit exceeded for this plan', { hint: `Retry after ${decision.retryAfterS ?? 1} s, or move to a higher plan.` });
    }
    if (principal.kind === 'user' && principal.keyId) usage.record(principal.keyId, clock());
    return undefined;
  };
  return (principal, res, call) => {
    let decided: ReturnType<RateLimiter['check']>;
    try {
      decided = limiter.check(principal, opts.anonymous ? call?.address : undefined);
      if (!(decided instanceof Promise)) return apply(principal, res, decided);
    } catch (err) {
      return Promise.reject(err);
    }
    return decided.then((decision) => apply(principal, res, decision));
  };
}
