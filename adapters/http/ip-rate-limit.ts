import type { RequestHandler } from 'express';
import type { Cache } from '../../tools/_kit/ports.js';
import { limitBucket } from '../identity/limit-bucket.js';

/**
 * A fixed-window limit per client address for unauthenticated endpoints that create
 * state (OAuth client registration): connectors register on every connect, and
 * nothing else stops a script from filling the clients table.
 */
export function ipRateLimit(cache: Cache, opts: { name: string; limit: number; windowS: number }): RequestHandler {
  return async (req, res, next) => {
    const window = Math.floor(Date.now() / (opts.windowS * 1000));
    let count: number;
    let ttlMs: number;
    try {
      ({ count, ttlMs } = await cache.increment(`iprl:${opts.name}:${limitBucket(req.ip ?? 'unknown')}:${window}`, opts.windowS));
    } catch {
      return next(); // a cache outage must not take registration down
    }
    res.setHeader('RateLimit', `limit=${opts.limit}, remaining=${Math.max(0, opts.limit - count)}, reset=${Math.ceil(ttlMs / 1000)}`);
    if (count <= opts.limit) return next();
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    res.status(429).json({ error: 'rate_limited', error_description: `Too many requests; retry after ${Math.ceil(ttlMs / 1000)} s` });
  };
}
