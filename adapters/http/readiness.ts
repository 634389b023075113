import type { RequestHandler } from 'express';
import { ToolError } from '../../tools/_kit/errors.js';
import { httpError } from './error-response.js';

// GET /health/ready, for load balancers: 200 while this process takes new work,
// 503 with Retry-After from the moment shutdown begins (SIGTERM), so the balancer
// stops sending before the server stops accepting. The spec's /health stays
// always-200: it says how the service is, not whether this process wants traffic.

export interface Readiness {
  readonly ready: boolean;
  /** From now on the route answers 503. */
  notReady(): void;
  route: RequestHandler;
}

export function createReadiness(): Readiness {
  let ready = true;
  const refusal = httpError(new ToolError('UNAVAILABLE', 'Server is shutting down', {
    hint: 'This instance is draining; send requests to another one.',
  }));
  return {
    get ready() {
      return ready;
    },
    notReady() {
      ready = false;
    },
    route: (req, res) => {
      res.set('Cache-Control', 'no-store');
      if (ready) return void res.json({ status: 'ready' });
      if (refusal.headers) res.set(refusal.headers);
      res.status(refusal.status).json({ ...refusal.body, ...(req.id ? { request_id: req.id } : {}) });
    },
  };
}
