import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ProviderHealth } from '../../tools/_kit/providers.js';

// /metrics in Prometheus format (prom-client). Requests are counted by route
// template (never the raw URL: ids would make a series per booking) and status;
// provider breakers and in-flight calls, and the webhook backlog, are read when
// scraped; provider calls, job runs and the database pool come from the process's
// telemetry registry (adapters/runtime/telemetry.ts), which this adds to.
// Served only when METRICS_TOKEN is set, to callers sending it as a bearer token.

const BREAKER = ['closed', 'half_open', 'open', 'isolated'] as const;
/**
 * The route template a request matched, kept on the request itself: a WeakMap entry per
 * request (made whether metrics are on or not) cost an ephemeron for the collector to trace.
 */
const ROUTE = Symbol('route template');
type Marked = Request & { [ROUTE]?: string };

/** Names the route template a request matched (REST tools call it), the label its metrics carry. */
export function markRoute(req: Request, template: string): void {
  (req as Marked)[ROUTE] = template;
}

export interface MetricsSources {
  providers: () => ProviderHealth[];
  /** Webhook deliveries not yet delivered or given up. */
  webhookBacklog: () => Promise<number>;
}

export interface Metrics {
  /** The request log's close hook: one observation per finished request. */
  observe(req: Request, res: Response, ms: number): void;
  /** GET /metrics. */
  route: RequestHandler;
}

/** True for an Authorization header carrying the token as a bearer token (compared in constant time). */
export function metricsTokenCheck(token: string): (header: string | undefined) => boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  return (header) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

export function createMetrics(token: string, registry: Registry, sources: MetricsSources): Metrics {
  const requests = new Counter({ name: 'deal_engine_http_requests_total', help: 'HTTP requests by method, route template and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'deal_engine_http_request_duration_seconds', help: 'HTTP request latency by method, route template and status.',
    labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [registry],
  });
  new Gauge({
    name: 'deal_engine_provider_breaker_state', help: 'Circuit breaker per provider: 1 for its current state, 0 for the others.', labelNames: ['provider', 'state'], registers: [registry],
    collect() {
      for (const p of sources.providers()) for (const s of BREAKER) this.set({ provider: p.name, state: s }, p.breaker === s ? 1 : 0);
    },
  });
  new Gauge({
    name: 'deal_engine_provider_in_flight', help: 'Provider calls in flight.', labelNames: ['provider'], registers: [registry],
    collect() {
      for (const p of sources.providers()) this.set({ provider: p.name }, p.inFlight);
    },
  });
  new Gauge({
    name: 'deal_engine_provider_last_call_ok', help: "1 when the provider's last call succeeded (ok or empty), 0 when it failed; absent before any call.", labelNames: ['provider'], registers: [registry],
    collect() {
      for (const p of sources.providers()) if (p.lastOutcome) this.set({ provider: p.name }, p.lastOutcome.status === 'error' ? 0 : 1);
    },
  });
  new Gauge({
    name: 'deal_engine_webhook_backlog', help: 'Webhook deliveries pending (not yet delivered or given up).', registers: [registry],
    async collect() {
      this.set(await sources.webhookBacklog());
    },
  });

  const allowed = metricsTokenCheck(token);

  return {
    observe(req, res, ms) {
      const labels = { method: req.method, route: (req as Marked)[ROUTE] ?? 'other', status: String(res.statusCode) };
      requests.inc(labels);
      latency.observe(labels, ms / 1000);
    },
    route: (req, res) => {
      res.set('Cache-Control', 'no-store');
      if (!allowed(req.headers.authorization)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"');
        return void res.status(401).json({ detail: 'Send METRICS_TOKEN as a bearer token', code: 'UNAUTHENTICATED', hint: 'Authorization: Bearer <METRICS_TOKEN>' });
      }
      registry.metrics().then((text) => void res.type(registry.contentType).send(text), (err: unknown) => void res.status(500).type('text/plain').send(String(err)));
    },
  };
}
