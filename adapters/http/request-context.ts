import type { Request, Response } from 'express';
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

export async function buildContext(req: Request, res: Response, runtime: Runtime): Promise<ToolContext> {
  return {
    principal: await runtime.resolvePrincipal(req.headers),
    requestId: String(req.id),
    log: req.log as Logger,
    signal: AbortSignal.any([abortOnDisconnect(res), runtime.shutdown]),
    services: runtime.services,
  };
}
