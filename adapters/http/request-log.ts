import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { accessLineWriter } from './access-line.js';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    /** A child logger bound to this request's id, made on first use. */
    log: PinoLogger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const CHILD = Symbol('request logger');
const STARTED = Symbol('request started');

/**
 * One log line per request (id, method, path, status, duration) and `req.log` bound to
 * the request id. Headers are never logged: they carry API keys and tokens. This is
 * lighter than pino-http, which serialises the whole request into a child logger for
 * every request before anything is logged; the line itself is built as one string
 * (access-line.ts) and written when the response closes, by one listener shared by
 * every request (no closure per request).
 */
export function logRequests(app: Express, logger: PinoLogger, onDone?: (req: Request, res: Response, ms: number) => void): RequestHandler {
  const log = requestLog(app, logger, onDone);
  return (req, res, next) => {
    log.start(req, res);
    res.on('close', log.finish); // 'close' fires once per response
    next();
  };
}

export interface RequestLog {
  /** Gives the request its id (X-Request-Id) and start time. */
  start(req: Request, res: Response): void;
  /** Writes the line: a response's 'close' listener (`this` is the response), shared by every request. */
  finish(this: Response): void;
}

/** The request log's two halves, for a caller that attaches its own single close listener (the REST front door). */
export function requestLog(app: Express, logger: PinoLogger, onDone?: (req: Request, res: Response, ms: number) => void): RequestLog {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [CHILD]?: PinoLogger }) {
      return (this[CHILD] ??= logger.child({ req_id: this.id }));
    },
  });
  const write = accessLineWriter(logger);
  return {
    start(req, res) {
      const given = req.headers['x-request-id'];
      req.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', req.id);
      (res as Response & { [STARTED]?: number })[STARTED] = performance.now();
    },
    finish(this: Response & { [STARTED]?: number }) {
      const req = this.req;
      const ms = performance.now() - (this[STARTED] ?? 0);
      write({ id: req.id, method: req.method, url: req.originalUrl, status: this.statusCode, ms: Math.round(ms * 10) / 10, aborted: !this.writableFinished });
      onDone?.(req, this, ms); // metrics (adapters/http/metrics.ts), when on
    },
  };
}
