import express, { type Router } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import type { Runtime } from '../http/request-context.js';
import { planInput } from './input-plan.js';
import { sendError, toolHandler } from './mount-tool.js';

/** Mounts every tool that has a REST binding; unknown methods on known paths get 405. */
export function restRouter(tools: readonly AnyTool[], runtime: Runtime): Router {
  const router = express.Router();
  const methodsByPath = new Map<string, Set<string>>();
  for (const tool of tools) {
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
