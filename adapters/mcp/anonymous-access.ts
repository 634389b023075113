import type { NextFunction, Request, Response } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import type { Cache } from '../../tools/_kit/ports.js';
import { ipRateLimit } from '../http/ip-rate-limit.js';
import { TIER_LIMITS } from '../identity/tier-limits.js';

/**
 * A tool anyone may call without signing in: the same declaration REST applies
 * (`auth: 'none'` or `'optional'`), so the two surfaces never disagree.
 */
export const servesAnonymous = (tool: Pick<AnyTool, 'auth'>): boolean => tool.auth === 'none' || tool.auth === 'optional';

/**
 * Anonymous /mcp traffic counts per client address (TRUST_PROXY decides which) on
 * the free plan's limits, a minute and a day window: the REST adapter's IP limiter
 * twice. Answers 429 with Retry-After itself; resolves true when the request may go on.
 */
export function anonymousMeter(cache: Cache): (req: Request, res: Response) => Promise<boolean> {
  const free = TIER_LIMITS.free;
  const limiters = [
    ipRateLimit(cache, { name: 'mcp-anon-d', limit: free.perDay, windowS: 86_400 }),
    ipRateLimit(cache, { name: 'mcp-anon-m', limit: free.perMinute, windowS: 60 }),
  ];
  return async (req, res) => {
    for (const limiter of limiters) {
      let passed = false;
      const next: NextFunction = () => void (passed = true);
      await limiter(req, res, next);
      if (!passed) return false;
    }
    return true;
  };
}
