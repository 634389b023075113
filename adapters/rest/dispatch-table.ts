import express, { type Request, type RequestHandler } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Runtime } from '../http/request-context.js';
import { isJsonContentType } from '../http/json-type.js';
import { bodyErrors } from './body-errors.js';
import { planInput } from './input-plan.js';
import { sendError, toolHandler, type ToolHandler } from './mount-tool.js';
import { compileRoutes } from './route-table.js';

/**
 * The whole REST surface as one express middleware, mounted before the app's other
 * routes: one table lookup answers the request (tool, 405 with Allow, or express's 400
 * for an undecodable parameter); anything else falls through to the rest of the app.
 */
export function restDispatch(tools: readonly AnyTool[], runtime: Runtime, opts: { bodyLimit: string }): RequestHandler {
  const lookup = compileRoutes<ToolHandler>(
    tools.flatMap((tool) => (tool.rest ? [{ method: tool.rest.method, path: tool.rest.path, route: toolHandler(tool, planInput(tool), runtime) }] : [])),
  );
  // The JSON parser runs only for REST routes; body-parser passes bodiless requests at once.
  const json = express.json({ limit: opts.bodyLimit, type: (req) => isJsonContentType(req.headers['content-type']) });
  return (req, res, next) => {
    const found = lookup(req.method, req.url);
    if (found.kind === 'none') return next();
    if (found.kind === 'malformed') return next(Object.assign(new URIError('Failed to decode a path parameter'), { status: 400 }));
    // As before, the body is read (and a bad one refused) before the method is checked.
    json(req, res, (err?: unknown) => {
      if (err) return bodyErrors(err, req, res, next);
      if (found.kind === 'wrong-method') {
        res.setHeader('Allow', found.allow);
        sendError(req, res, new ToolError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed here`, { hint: `Use ${found.allow}.` }));
        return;
      }
      req.params = found.params as Request['params'];
      void found.route(req, res, found.params);
    });
  };
}
