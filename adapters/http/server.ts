import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger as PinoLogger } from 'pino';
import { batchedStdout } from './log-destination.js';
import type { Services } from '../../tools/_kit/context.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { TOOLS } from '../../tools/index.js';
import type { AppConfig } from '../config/env.js';
import { startPendingOrderTracker } from '../jobs/pending-orders.js';
import { startIdempotencyPurge } from '../jobs/purge-idempotency.js';
import { allJobs } from '../jobs/all-jobs.js';
import { startJobs } from '../jobs/runner.js';
import { createOAuthRouter } from '../../oauth/index.js';
import { openServices } from '../runtime/open-services.js';
import { RateLimiter } from '../identity/rate-limiter.js';
import { createApp } from './app.js';
import { DashboardAuth } from './pages/dashboard/dashboard-auth.js';
import { closeGracefully, createDrain } from './drain.js';
import { createReadiness } from './readiness.js';
import { publicBaseUrl } from './base-url.js';
import { createMeter } from './meter.js';
import { createMetrics } from './metrics.js';
import { rebindingPolicy } from '../mcp/rebinding-guard.js';

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  logger: PinoLogger;
  close(): Promise<void>;
}

export interface StartOptions {
  tools?: readonly AnyTool[];
  logger?: PinoLogger;
}

/** Opens the database and cache, serves REST + MCP, and returns a handle whose close() shuts down gracefully. */
export async function startServer(config: AppConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = opts.logger ?? pino({ level: config.LOG_LEVEL }, batchedStdout());
  const startedAt = new Date();
  const { services, db, identity, telemetry, close: releaseServices } = await openServices(config, logger, startedAt);
  const { cache } = services;
  const baseUrl = publicBaseUrl(config.PUBLIC_BASE_URL);
  const shutdown = new AbortController();
  const readiness = createReadiness();
  const drain = createDrain();
  const metrics = config.METRICS_TOKEN
    ? createMetrics(config.METRICS_TOKEN, telemetry.registry, { providers: () => services.providers.health(), webhookBacklog: () => db.prisma.webhookDelivery.count({ where: { status: 'pending' } }) })
    : undefined;
  const app = createApp({
    ...(metrics ? { metrics } : {}),
    tools: opts.tools ?? TOOLS,
    runtime: {
      services,
      resolvePrincipal: identity.resolvePrincipal,
      shutdown: shutdown.signal,
      meter: createMeter(new RateLimiter(cache), identity.service.meter, services.clock, { anonymous: config.ANONYMOUS_RATE_LIMIT }),
      baseUrl,
    },
    oauth: createOAuthRouter({
      prisma: db.prisma,
      baseUrl,
      authenticateApiKey: async (secret) => {
        const key = await identity.service.keys.verify(secret);
        return key ? { userId: key.userId } : null;
      },
      authenticateSession: identity.authenticateSession,
      log: logger,
    }),
    dashboard: { auth: new DashboardAuth(db.prisma, () => services.clock()), authenticateSession: identity.authenticateSession },
    logger,
    bodyLimit: config.BODY_LIMIT,
    mcpRebinding: rebindingPolicy({ allowedOrigins: config.MCP_ALLOWED_ORIGINS, publicBaseUrl: config.PUBLIC_BASE_URL, listenHost: config.HOST }),
    mcpSessionTtlS: config.MCP_SESSION_TTL_S,
    readiness,
    drain,
    trustProxy: config.TRUST_PROXY,
  });
  const server = createServer({ ...requestTimeouts(config.REQUEST_TIMEOUT_MS), ...app.httpClasses }, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  logger.info({ port, db: db.engine, cache: cache.kind }, 'Deal Engine listening');

  const stopTracker = startPendingOrderTracker(services, logger, config.PENDING_ORDER_POLL_MS);
  const stopPurge = startIdempotencyPurge(services, logger);
  const jobs = await startJobs(allJobs(config), services, logger, { redisUrl: config.REDIS_URL, prefix: config.CACHE_PREFIX, work: config.JOBS_WORKER === 'inline', telemetry });

  let closing: Promise<void> | undefined;
  const close = () => (closing ??= (async () => {
    // Not ready at once; keep serving for the drain delay so balancers see it and stop sending first.
    readiness.notReady();
    if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_DELAY_MS));
    await closeGracefully({
      server, drain, endStreams: shutdown, graceMs: config.SHUTDOWN_GRACE_MS,
      release: async () => {
        stopPurge();
        await jobs.stop().catch(() => undefined);
        await stopTracker().catch(() => undefined);
        await releaseServices();
      },
    });
  })());
  return { url: `http://${host}:${port}`, port, services, logger, close };
}

/**
 * Node's limits on receiving a request: the whole request (headers and body) within
 * `requestMs`, the headers within 15 s (never more than the whole). A client trickling
 * a body is answered 408 and disconnected instead of holding a socket for minutes.
 * They cover only the request: once it has arrived, an answer or stream (SSE search,
 * MCP) may take as long as it needs. Node checks every `connectionsCheckingInterval`,
 * so that is kept well below the limit.
 */
export function requestTimeouts(requestMs: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  return {
    requestTimeout: requestMs,
    headersTimeout: Math.min(15_000, requestMs),
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestMs / 4))),
  };
}
