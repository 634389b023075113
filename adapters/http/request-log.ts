import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    /** A child logger bound to this request's id, made on first use. */
    log: PinoLogger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const CHILD = Symbol('request logger');

/**
 * One log line per request (id, method, path, status, duration) and `req.log` bound to
 * the request id. Headers are never logged: they carry API keys and tokens. This is
 * lighter than pino-http, which serialises the whole request into a child logger for
 * every request before anything is logged.
 */
export function logRequests(app: Express, logger: PinoLogger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [CHILD]?: PinoLogger }) {
      return (this[CHILD] ??= logger.child({ req_id: this.id }));
    },
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = performance.now();
    res.once('close', () => writeLine(logger, req, res, performance.now() - started));
    next();
  };
}

function writeLine(logger: PinoLogger, req: Request, res: Response, ms: number): void {
  const status = res.statusCode;
  const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  const line = { req_id: req.id, method: req.method, url: req.originalUrl, status, ms: Math.round(ms * 10) / 10 };
  logger[level](line, res.writableFinished ? 'request completed' : 'request aborted');
}
