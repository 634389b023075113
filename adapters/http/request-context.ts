import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { stdSerializers } from 'pino-http';
import type { Services, ToolContext } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { PrincipalResolver } from './principal.js';

/** Aborts when the client goes away before we finished answering. */
export function abortOnDisconnect(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

/** What every surface needs to turn a request into a ToolContext. */
export interface Runtime {
  services: Services;
  resolvePrincipal: PrincipalResolver;
  /** Aborted when the server starts shutting down, so streams can end cleanly. */
  shutdown: AbortSignal;
}

/**
 * A ToolContext whose logger and signal are made on first read: most calls use
 * neither, and both are costly per request (a child logger serializes the request;
 * AbortSignal.any costs more than the rest of the context on Node 20). Each is the
 * same object an eager context would have held.
 */
function lazyContext(
  base: Pick<ToolContext, 'principal' | 'requestId' | 'services'>,
  log: () => Logger,
  sources: () => AbortSignal[],
): ToolContext {
  let signal: AbortSignal | undefined;
  return {
    ...base,
    get log() {
      return log();
    },
    get signal() {
      return (signal ??= AbortSignal.any(sources()));
    },
  };
}

export async function buildContext(req: Request, res: Response, runtime: Runtime): Promise<ToolContext> {
  const principal = await runtime.resolvePrincipal(req.headers);
  const disconnected = abortOnDisconnect(res);
  return lazyContext(
    { principal, requestId: String(req.id), services: runtime.services },
    () => req.log as Logger,
    () => [disconnected, runtime.shutdown],
  );
}

/** The same context with more abort sources (the MCP SDK's per-call signal), still made lazily. */
export function withAbortSources(ctx: ToolContext, more: () => AbortSignal[]): ToolContext {
  const { principal, requestId, services } = ctx;
  return lazyContext({ principal, requestId, services }, () => ctx.log, () => [ctx.signal, ...more()]);
}

// ---------------------------------------------------------------------------
// Request logging: the record pino-http wrote (same serializers, fields, levels and
// messages), without its per-request cost: pino-http built a child logger for every
// request up front (serializing the request eagerly, parsing the query string twice)
// and kept three logger arrays; here `req.log` is built on first use only.

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const SNAPSHOT = Symbol('request snapshot');
const REQ_LOG = Symbol('request logger');

/** What pino's req serializer reads, taken when the request arrives, as pino-http's binding did. */
class RequestSnapshot {
  readonly method: string | undefined;
  readonly originalUrl: string;
  readonly headers: IncomingHttpHeaders;
  readonly params: unknown;
  readonly socket: { remoteAddress: string | undefined; remotePort: number | undefined };
  private parsedQuery: unknown;

  constructor(private readonly req: Request, readonly id: string) {
    this.method = req.method;
    this.originalUrl = req.originalUrl;
    this.headers = req.headers;
    this.params = req.params;
    this.socket = { remoteAddress: req.socket.remoteAddress, remotePort: req.socket.remotePort };
  }

  /** express re-parses the query string on every read; the serializer reads it twice. */
  get query(): unknown {
    return (this.parsedQuery ??= this.req.query);
  }
}

type LevelOf = (req: Request, res: Response, err?: Error) => 'error' | 'warn' | 'info';

interface LoggedRequest {
  [SNAPSHOT]: RequestSnapshot;
  [REQ_LOG]?: PinoLogger;
}

/**
 * Installs request logging on the app: an id per request (a sane X-Request-Id is kept,
 * otherwise a UUID; echoed in the response), `req.log` bound to the request, and one
 * record per request when it completes, errors or is aborted.
 */
export function logRequests(app: Express, logger: PinoLogger, levelOf: LevelOf): RequestHandler {
  const log = logger.child({}, { serializers: { req: stdSerializers.req, res: stdSerializers.res, err: stdSerializers.err } });
  const reqLog = (req: Request & Partial<LoggedRequest>): PinoLogger =>
    (req[REQ_LOG] ??= log.child({ req: req[SNAPSHOT] }));
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & LoggedRequest) {
      return reqLog(this);
    },
    set(this: Request & LoggedRequest, value: PinoLogger) {
      this[REQ_LOG] = value;
    },
  });

  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const snapshot = new RequestSnapshot(req, id);
    (req as Request & LoggedRequest)[SNAPSHOT] = snapshot;
    const { done } = new RequestRecord(req, res, snapshot, log, levelOf);
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}

/** Writes the request's record, once, when it completes, errors or is aborted. */
class RequestRecord {
  private readonly started = Date.now();
  /** Bound, not an arrow: tsx's keepNames would otherwise rename a fresh closure on every request. */
  readonly done: (err?: Error) => void = this.finish.bind(this);

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly snapshot: RequestSnapshot,
    private readonly log: PinoLogger,
    private readonly levelOf: LevelOf,
  ) {}

  private finish(err?: Error): void {
    const { req, res, snapshot, log } = this;
    res.removeListener('close', this.done);
    res.removeListener('finish', this.done);
    res.removeListener('error', this.done);
    const responseTime = Date.now() - this.started;
    const level = this.levelOf(req, res, err);
    // The request goes first, as in pino-http's child logger: the same line byte for byte.
    const error = err || res.err || (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
    if (error) log[level]({ req: snapshot, res, err: error, responseTime }, 'request errored');
    else log[level]({ req: snapshot, res, responseTime }, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
  }
}
