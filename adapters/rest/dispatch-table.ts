import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Runtime } from '../http/request-context.js';
import { isJsonContentType } from '../http/json-type.js';
import { bodyErrors } from './body-errors.js';
import { planInput } from './input-plan.js';
import { sendError, toolHandler, type ToolHandler } from './mount-tool.js';
import { compileRoutes, type Lookup } from './route-table.js';

export interface RestDispatch {
  /** The REST table's answer for this request, or undefined when the rest of the app serves it. */
  claim(req: Request): Exclude<Lookup<ToolHandler>, { kind: 'none' }> | undefined;
  /** Answers a claimed request; `next(err)` for errors the app's error handlers own. */
  serve(found: Exclude<Lookup<ToolHandler>, { kind: 'none' }>, req: Request, res: Response, next: (err?: unknown) => void): void;
}

/** body-parser's own test (type-is hasBody): without one, the JSON parser would only pass the request on. */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * The whole REST surface as one table lookup: a claimed request is answered (tool,
 * 405 with Allow, or express's 400 for an undecodable parameter); anything else is
 * left to the rest of the app.
 */
export function restDispatch(tools: readonly AnyTool[], runtime: Runtime, opts: { bodyLimit: string }): RestDispatch {
  const lookup = compileRoutes<ToolHandler>(
    tools.flatMap((tool) => (tool.rest ? [{ method: tool.rest.method, path: tool.rest.path, route: toolHandler(tool, planInput(tool), runtime) }] : [])),
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
      const found = lookup(req.method, req.url);
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

/**
 * Puts the REST table in front of express's router: a claimed request gets what
 * express's app.handle would give it (its request/response prototypes), then only
 * the middleware every request needs (`before`: drain tracking, the request log),
 * then its route; the app's ~200 layers are never walked. Everything else goes
 * through express unchanged. `onError` is the app's last-resort error handler.
 */
export function mountInFront(app: express.Express, dispatch: RestDispatch, before: RequestHandler[], onError: ErrorRequestHandler): void {
  const expressHandle = (app as unknown as { handle: (req: Request, res: Response, cb?: unknown) => void }).handle.bind(app);
  (app as unknown as { handle: typeof expressHandle }).handle = (req, res, cb) => {
    const found = dispatch.claim(req);
    if (!found) return expressHandle(req, res, cb);
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    if (!res.locals) res.locals = Object.create(null) as Response['locals'];
    req.originalUrl ??= req.url;
    req.baseUrl = '';
    // One continuation per request walks `before`, then serves; an error goes to the app's last resort.
    let i = 0;
    const next = (err?: unknown): void => {
      if (err === undefined || err === null) {
        const step = i < before.length ? before[i++] : undefined;
        if (!step) return dispatch.serve(found, req, res, (e) => next(e ?? new Error('REST route passed the request on')));
        try {
          void step(req, res, next);
          return;
        } catch (e) {
          err = e;
        }
      }
      void onError(err, req, res, noop);
    };
    next();
  };
}
