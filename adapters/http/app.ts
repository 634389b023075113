import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Response, type Router } from 'express';
import type { Logger as PinoLogger } from 'pino';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import { mcpRouter } from '../mcp/mcp-router.js';
import { SessionStore } from '../mcp/sessions.js';
import { ToolCatalog } from '../mcp/tool-catalog.js';
import { openApiText } from '../openapi/build-openapi.js';
import { bodyErrors } from '../rest/body-errors.js';
import { frontDoor, restDispatch, withMountedRouter } from '../rest/dispatch-table.js';
import type { QueryParser } from '../rest/request-query.js';
import { toServiceError } from './dependency-errors.js';
import { httpError } from './error-response.js';
import type { Runtime } from './request-context.js';
import { ipRateLimit } from './ip-rate-limit.js';
import { isJsonContentType } from './json-type.js';
import { requestLog } from './request-log.js';
import { stripeWebhookRouter } from './webhooks/stripe-webhook.js';
import { pagesRouter } from './pages/pages-router.js';
import type { DashboardDeps } from './pages/dashboard/dashboard-router.js';
import type { RebindingPolicy } from '../mcp/rebinding-guard.js';
import type { Drain } from './drain.js';
import type { Readiness } from './readiness.js';
import type { Metrics } from './metrics.js';
import { expressHttpClasses, type ExpressHttpClasses } from './express-classes.js';

export interface AppOptions {
  tools: readonly AnyTool[];
  runtime: Runtime;
  logger: PinoLogger;
  bodyLimit: string;
  /** Which browser origins and Host headers /mcp trusts (DNS-rebinding guard). */
  mcpRebinding: RebindingPolicy;
  mcpSessionTtlS: number;
  /** The OAuth authorization server (metadata, registration, authorize, token, revoke). */
  oauth?: Router;
  /** GET /health/ready for balancers; absent, the route is not served. */
  readiness?: Readiness;
  /** Counts requests in flight so shutdown can wait for them. */
  drain?: Drain;
  /** GET /metrics and the per-request observation (METRICS_TOKEN); absent, neither exists. */
  metrics?: Metrics;
  /** The developer dashboard's sign-in and sessions; absent, /dashboard is not served. */
  dashboard?: Omit<DashboardDeps, 'services' | 'baseUrl' | 'resolvePrincipal'>;
  /** Express `trust proxy` (TRUST_PROXY): which X-Forwarded-For hops give req.ip. Default off. */
  trustProxy?: boolean | number | string[];
}

/** The server's request listener, with the request and response classes to give node's server (express's prototypes from the start). */
export type AppListener = ((req: IncomingMessage, res: ServerResponse) => void) & { httpClasses: ExpressHttpClasses };

/**
 * The whole HTTP surface: MCP, the OpenAPI document and the REST routes, all from one
 * tool list. Returns the server's request listener: REST calls are answered by the
 * front door (adapters/rest/dispatch-table.ts), everything else by the express app.
 */
export function createApp(opts: AppOptions): AppListener {
  const app = express();
  // First, so app.request and app.response are the classes' prototypes before anything reads them.
  const httpClasses = expressHttpClasses(app);
  app.disable('x-powered-by');
  app.set('etag', false);
  // Off by default: trusting X-Forwarded-For from anyone would let a client pick its own rate-limit bucket.
  app.set('trust proxy', opts.trustProxy ?? false);

  if (opts.drain) app.use(opts.drain.track);
  // Before the request log: balancers probe every few seconds.
  if (opts.readiness) app.get('/health/ready', opts.readiness.route);
  if (opts.metrics) app.get('/metrics', opts.metrics.route);
  const log = requestLog(app, opts.logger, opts.metrics?.observe);
  app.use((req, res, next) => {
    log.start(req, res);
    res.on('close', log.finish); // 'close' fires once per response
    next();
  });
  if (opts.oauth) {
    app.post('/oauth/register', ipRateLimit(opts.runtime.services.cache, { name: 'register', limit: 30, windowS: 60 }));
    // Only OAuth paths enter the authorization server's router: everything else skips its layers.
    const oauth = opts.oauth;
    app.use((req, res, next) => (req.path.startsWith('/oauth/') || req.path.startsWith('/.well-known/') ? oauth(req, res, next) : next()));
  }

  const mcp = mcpRouter(opts.runtime, {
    catalog: new ToolCatalog(opts.tools),
    sessions: new SessionStore(opts.runtime.services.cache, opts.mcpSessionTtlS),
    rebinding: opts.mcpRebinding,
    bodyLimit: opts.bodyLimit,
  });
  // /mcp itself is answered by the front door (below); this serves other spellings of it (/MCP, /mcp/).
  app.use('/mcp', mcp);

  // Built on the first request (~400 ms of CPU, once per process), not at start: most
  // processes (workers, every test server) never serve it.
  app.get('/openapi.json', (_req, res) => void res.type('application/json').send(openApiText(opts.tools)));
  const { runtime } = opts;
  app.use(pagesRouter(opts.dashboard && { ...opts.dashboard, services: runtime.services, baseUrl: runtime.baseUrl, resolvePrincipal: (headers) => runtime.resolvePrincipal(headers) }));

  // Stripe signs the raw bytes, so its webhook reads its own body before the JSON parser does.
  app.use(stripeWebhookRouter(opts.runtime.services, { bodyLimit: opts.bodyLimit }));
  // Other paths still read a JSON body, so a malformed one is a 422 before the 404, as it always was.
  app.use(express.json({ limit: opts.bodyLimit, type: (req) => isJsonContentType(req.headers['content-type']) }));
  app.use(bodyErrors);

  app.use((req, res) => {
    const { status, body } = httpError(new ToolError('NOT_FOUND', 'Not Found', { hint: 'See /openapi.json for the routes this service offers.' }), req.id);
    res.status(status).json(body);
  });
  app.use(lastResort);

  // Every REST route in one table lookup on node's request event, and /mcp straight to its router: they get drain tracking, the log and their handler, nothing of express's app.
  const { drain } = opts;
  const finish = drain
    ? function finish(this: Response) {
      drain.leave.call(this);
      log.finish.call(this);
    }
    : log.finish;
  const rest = restDispatch(opts.tools, opts.runtime, { bodyLimit: opts.bodyLimit, parseQuery: app.get('query parser fn') as QueryParser });
  const listener = frontDoor(app, withMountedRouter(rest, '/mcp', mcp), {
    start: drain ? (req, res) => { drain.enter(res); log.start(req, res); } : log.start,
    finish,
  }, lastResort);
  return Object.assign(listener, { httpClasses });
}

/** Anything that reaches here escaped the tool layer: a malformed URL is the caller's 400, the rest is our bug. */
const lastResort: ErrorRequestHandler = (err: { status?: number; statusCode?: number }, req, res, _next) => {
  const status = err?.status ?? err?.statusCode;
  const toolErr = typeof status === 'number' && status >= 400 && status < 500
    ? new ToolError('BAD_REQUEST', 'Malformed request')
    : toServiceError(err);
  if (toolErr.code === 'INTERNAL') req.log.error({ err }, 'unhandled error');
  if (res.headersSent) return void res.end();
  const { status: code, body, headers } = httpError(toolErr, req.id);
  if (headers) res.set(headers);
  res.status(code).json(body);
};
