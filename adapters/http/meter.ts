import type { Response } from 'express';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { RateLimiter } from '../identity/rate-limiter.js';
import type { UsageMeter } from '../identity/usage-meter.js';

/**
 * Applies a metered caller's plan limits and counts the request; throws RATE_LIMITED over the limit.
 * `address` meters an anonymous caller per client address on the free plan (REST; MCP meters its own).
 */
export type Meter = (principal: Principal, res: Response, opts?: { address?: string | undefined }) => Promise<void>;

export function createMeter(limiter: RateLimiter, usage: UsageMeter, clock: () => Date, opts: { anonymous: boolean } = { anonymous: true }): Meter {
  return async (principal, res, call) => {
    const decision = await limiter.check(principal, opts.anonymous ? call?.address : undefined);
    if (!decision) return;
    for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
    if (!decision.allowed) {
      if (principal.kind === 'user' && principal.keyId) usage.record(principal.keyId, clock(), true);
      throw new ToolError('RATE_LIMITED', 'Rate limit exceeded for this plan', { hint: `Retry after ${decision.retryAfterS ?? 1} s, or move to a higher plan.` });
    }
    if (principal.kind === 'user' && principal.keyId) usage.record(principal.keyId, clock());
  };
}
