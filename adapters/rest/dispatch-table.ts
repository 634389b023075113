import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Runtime } from '../http/request-context.js';
import { isJsonContentType } from '../http/json-type.js';
import { bodyErrors } from './body-errors.js';
import { planInput } from './input-plan.js';
import { sendError, toolHandler, type ToolHandler } from './mount-tool.js';
import { compileRoutes, type Lookup } from './route-table.js';
import type { QueryParser } from './request-query.js';

/** Requests the front door answers itself, ahead of the express app. */
export interface FrontDoorRoutes<F> {
  /** What answers this request, or undefined when the rest of the app serves it. */
  claim(req: IncomingMessage): F | undefined;
  /** Answers a claimed request; `next(err)` for errors the app's error handlers own. */
  serve(found: F, req: Request, res: Response, next: (err?: unknown) => void): void;
}

export type RestDispatch = FrontDoorRoutes<Exclude<Lookup<ToolHandler>, { kind: 'none' }>>;

/** body-parser's own test (type-is hasBody): without one, the JSON parser would only pass the request on. */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * The whole REST surface as one table lookup: a claimed request is answered (tool,
 * 405 with Allow, or express's 400 for an undecodable parameter); anything else is
 * left to the rest of the app.
 */
export function restDispatch(tools: readonly AnyTool[], runtime: Runtime, opts: { bodyLimit: string; parseQuery: QueryParser }): RestDispatch {
  const lookup = compileRoutes<ToolHandler>(
    tools.flatMap((tool) => (tool.rest ? [{ method: tool.rest.method, path: tool.rest.path, route: toolHandler(tool, planInput(tool), runtime, opts.parseQuery) }] : [])),
  );
  const json = express.json({ limit: opts.bodyLimit, type: (req) => isJsonContentType(req.headers['content-type']) });
  const answer = (found: Exclude<Lookup<ToolHandler>, { kind: 'none' } | { kind: 'malformed' }>, req: Request, res: Response) => {
    if (found.kind === 'wrong-method') {
      res.setHeader('Allow', found.allow);
      sendError(req, res, new ToolError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed here`, { hint: `Use ${found.allow}.` }));
      return;
    }
    req.params = found.params as Request['params'];
    void found.route(req, res, found.params);
  };
  return {
    claim: (req) => {
      const found = lookup(req.method ?? 'GET', req.url ?? '/');
      return found.kind === 'none' ? undefined : found;
    },
    serve: (found, req, res, next) => {
      if (found.kind === 'malformed') return next(Object.assign(new URIError('Failed to decode a path parameter'), { status: 400 }));
      if (!hasBody(req)) return answer(found, req, res);
      // As before, a body is read (and a bad one refused) before the method is checked.
      json(req, res, (err?: unknown) => (err ? bodyErrors(err, req, res, next) : answer(found, req, res)));
    },
  };
}

const noop = () => {};

/** What every request the front door answers still needs: drain tracking and the request log. */
export interface FrontDoorHooks {
  /** Before anything else: gives the request its id, start time, drain entry. */
  start(req: Request, res: Response): void;
  /** The one 'close' listener per response (`this` is the response). */
  finish(this: Response): void;
}

/**
 * The server's request listener: a request the REST table claims is answered right
 * here, on node's 'request' event, with express's request/response API (its
 * prototypes, as app.handle sets them) but none of express's app or router; anything
 * else goes to `app` unchanged. `onError` is the app's last-resort error handler.
 */
export function frontDoor<F>(app: express.Express, dispatch: FrontDoorRoutes<F>, hooks: FrontDoorHooks, onError: ErrorRequestHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const { request, response } = app;
  const fail = (err: unknown, req: Request, res: Response) => void onError(err ?? new Error('REST route passed the request on'), req, res, noop);
  return (incoming, outgoing) => {
    const found = dispatch.claim(incoming);
    if (found === undefined) return void app(incoming, outgoing);
    // Built by expressHttpClasses (http/express-classes.ts) they have express's prototypes already: changing a live object's prototype is slow in V8.
    const req = (Object.getPrototypeOf(incoming) === request ? incoming : Object.setPrototypeOf(incoming, request)) as Request;
    const res = (Object.getPrototypeOf(outgoing) === response ? outgoing : Object.setPrototypeOf(outgoing, response)) as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = req.url;
    req.baseUrl = '';
    hooks.start(req, res);
    res.on('close', hooks.finish);
    try {
      dispatch.serve(found, req, res, (err) => fail(err, req, res));
    } catch (err) {
      fail(err, req, res);
    }
  };
}

const MOUNTED = Symbol('mounted router');

/**
 * `routes`, plus every request for exactly `path` (any method, any query) answered by
 * `router` as if mounted there with app.use(path, router): such requests skip the
 * app's own layers. The router must answer every request for its root itself.
 */
export function withMountedRouter<F>(routes: FrontDoorRoutes<F>, path: string, router: express.RequestHandler): FrontDoorRoutes<F | typeof MOUNTED> {
  return {
    claim: (req) => {
      const url = req.url ?? '/';
      return url.startsWith(path) && (url.length === path.length || url[path.length] === '?') ? MOUNTED : routes.claim(req);
    },
    serve: (found, req, res, next) => {
      if (found !== MOUNTED) return routes.serve(found, req, res, next);
      req.baseUrl = path;
      req.url = `/${req.url.slice(path.length)}`;
      router(req, res, (err?: unknown) => next(err ?? new Error(`the router at ${path} passed a request on`)));
    },
  };
}
