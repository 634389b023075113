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
  const key = typeof raw === 'string' ? raw.trim() : '';
  // The origin is worked out only for the few tools that put links in answers.
  let baseUrl: string | undefined;
  if (!key) {
    return {
      get baseUrl() {
        return (baseUrl ??= runtime.baseUrl(req));
      },
    };
  }
  return {
    get baseUrl() {
      return (baseUrl ??= runtime.baseUrl(req));
    },
    idempotencyKey: key.slice(0, MAX_IDEMPOTENCY_KEY + 1),
  };
}

/**
 * One request's context: the lazy logger and signal of lazyContext, built in one object
 * literal over the request itself (no base object copied, no source closures per call).
 */
function requestContext(principal: Principal, req: Request, res: Response, runtime: Runtime): ToolContext {
  let signal: AbortSignal | undefined;
  return {
    principal,
    requestId: String(req.id),
    services: runtime.services,
    call: callMeta(req, runtime),
    get log() {
      return req.log as Logger;
    },
    get signal() {
      return (signal ??= AbortSignal.any([abortOnDisconnect(res), runtime.shutdown]));
    },
  };
}

/** For a surface that resolved its principal itself and meters its anonymous callers itself (MCP). */
const NOT_METERED_BY_ADDRESS: { address?: string } = Object.freeze({});

/** `principal` is passed when the surface already resolved it (the MCP adapter does, for its audience). */
export async function buildContext(req: Request, res: Response, runtime: Runtime, resolved?: Principal): Promise<ToolContext> {
  const who = resolved ? NOT_METERED_BY_ADDRESS : { address: clientAddress(req) ?? 'unknown' };
  const principal = resolved ?? (await runtime.resolvePrincipal(req.headers, who));
  // The meter answers without a promise when it has nothing to wait for.
  const metered = runtime.meter(principal, res, who);
  if (metered) await metered;
  // Most tools never read their signal; the controller and close listener are made on first read.
  return requestContext(principal, req, res, runtime);
}

/** The same context with more abort sources (the MCP SDK's per-call signal), still made lazily. MCP only. */
export function withAbortSources(ctx: ToolContext, more: () => AbortSignal[]): ToolContext {
  const { principal, requestId, services, call } = ctx;
  // MCP calls share one HTTP request's headers, so an Idempotency-Key there cannot name one call; MCP tools use their own tokens.
  const mcpCall: CallMeta | undefined = call?.baseUrl === undefined ? undefined : { baseUrl: call.baseUrl };
  return lazyContext({ principal, requestId, services, call: mcpCall }, () => ctx.log, () => [ctx.signal, ...more()]);
}
