import type { Request, Response } from 'express';
import type { Services, ToolContext } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { Meter } from './meter.js';
import type { PrincipalResolver } from '../identity/resolve-principal.js';

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
  /** Rate limits and usage counting for metered callers. */
  meter: Meter;
  /** The public origin, e.g. https://api.example.com: PUBLIC_BASE_URL, or the request's own. */
  baseUrl: (req: Request) => string;
}

/**
 * A ToolContext whose logger and signal are made on first read: most calls use
 * neither, and both cost something per request (a child logger; AbortSignal.any
 * costs more than the rest of the context on Node 20). Each is the same object an
 * eager context would have held.
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

/** `principal` is passed when the surface already resolved it (the MCP adapter does, for its audience). */
export async function buildContext(req: Request, res: Response, runtime: Runtime, resolved?: Principal): Promise<ToolContext> {
  const principal = resolved ?? (await runtime.resolvePrincipal(req.headers));
  await runtime.meter(principal, res);
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
