import type { Request, Response } from 'express';
import type { CallMeta, Services, ToolContext } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { Meter } from './meter.js';
import { clientAddress } from './client-address.js';
import type { PrincipalResolver } from '../identity/resolve-principal.js';

/**
 * Aborts when the client goes away before we finished answering. Called when a tool
 * first reads its signal, which may be after the client left: then it is aborted already.
 */
export function abortOnDisconnect(res: Response): AbortSignal {
  const gone = res.socket === null ? res.destroyed : res.socket.destroyed;
  if (gone && !res.writableFinished) return AbortSignal.abort(new Error('client disconnected'));
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
  base: Pick<ToolContext, 'principal' | 'requestId' | 'services' | 'call'>,
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

/** Idempotency keys longer than this are refused as not a key (Stripe allows 255). */
const MAX_IDEMPOTENCY_KEY = 255;

function callMeta(req: Request, runtime: Runtime): CallMeta {
  const raw = req.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : undefined;
  // The origin is worked out only for the few tools that put links in answers.
  let baseUrl: string | undefined;
  return {
    get baseUrl() {
      return (baseUrl ??= runtime.baseUrl(req));
    },
    ...(key ? { idempotencyKey: key.slice(0, MAX_IDEMPOTENCY_KEY + 1) } : {}),
  };
}

/** `principal` is passed when the surface already resolved it (the MCP adapter does, for its audience). */
export async function buildContext(req: Request, res: Response, runtime: Runtime, resolved?: Principal): Promise<ToolContext> {
  // A surface that resolved the principal itself (MCP) also meters its anonymous callers itself.
  const address = resolved ? undefined : (clientAddress(req) ?? 'unknown');
  const principal = resolved ?? (await runtime.resolvePrincipal(req.headers, { address }));
  await runtime.meter(principal, res, { address });
  // Most tools never read their signal; the controller and close listener are made on first read.
  return lazyContext(
    { principal, requestId: String(req.id), services: runtime.services, call: callMeta(req, runtime) },
    () => req.log as Logger,
    () => [abortOnDisconnect(res), runtime.shutdown],
  );
}

/** The same context with more abort sources (the MCP SDK's per-call signal), still made lazily. MCP only. */
export function withAbortSources(ctx: ToolContext, more: () => AbortSignal[]): ToolContext {
  const { principal, requestId, services, call } = ctx;
  // MCP calls share one HTTP request's headers, so an Idempotency-Key there cannot name one call; MCP tools use their own tokens.
  const mcpCall: CallMeta | undefined = call?.baseUrl === undefined ? undefined : { baseUrl: call.baseUrl };
  return lazyContext({ principal, requestId, services, call: mcpCall }, () => ctx.log, () => [ctx.signal, ...more()]);
}
