import express, { type Router } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Runtime } from '../http/request-context.js';
import { planInput } from './input-plan.js';
import { sendError, toolHandler } from './mount-tool.js';

/**
 * Literal segments before parameters, position by position, so /api/booking/baggage
 * is tried before /api/booking/{order_id} whatever the registry order.
 */
export function bySpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = (sa[i] as string).startsWith('{') ? 1 : 0;
    const pb = (sb[i] as string).startsWith('{') ? 1 : 0;
    if (pa !== pb) return pa - pb;
  }
  return 0;
}

/** Mounts every tool that has a REST binding; unknown methods on known paths get 405. */
export function restRouter(tools: readonly AnyTool[], runtime: Runtime): Router {
  const router = express.Router();
  const methodsByPath = new Map<string, Set<string>>();
  const bound = tools.filter((t) => t.rest).sort((a, b) => bySpecificity(a.rest ? a.rest.path : '', b.rest ? b.rest.path : ''));
  for (const tool of bound) {
    if (!tool.rest) continue;
    const plan = planInput(tool);
    const method = tool.rest.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](plan.expressPath, toolHandler(tool, plan, runtime));
    const methods = methodsByPath.get(plan.expressPath) ?? new Set<string>();
    methods.add(tool.rest.method);
    methodsByPath.set(plan.expressPath, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    router.all(path, (req, res) => {
      res.setHeader('Allow', allow);
      sendError(req, res, new ToolError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed here`, { hint: `Use ${allow}.` }));
    });
  }
  return router;
}
