import type { Server } from 'node:http';
import type { RequestHandler, Response } from 'express';

// Shutdown in the order a balancer needs: stop accepting, let ordinary requests
// that already arrived finish, then end the open streams (SSE searches get their
// `error` event, MCP streams close) and release resources. Streams are ended
// last because they would otherwise hold the drain for as long as they last.

export interface Drain {
  /** Counts each request in flight until its response closes. Mount first. */
  track: RequestHandler;
  /** Counts a response in flight; the caller runs `leave` (with `this` the response) when it closes. */
  enter(res: Response): void;
  leave(this: Response): void;
  /** Resolves once every request in flight is a stream (or none is left), or after `timeoutMs`. */
  ordinaryRequestsDone(timeoutMs: number): Promise<void>;
}

const isStream = (res: Response) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

export function createDrain(): Drain {
  const inFlight = new Set<Response>();
  let changed: (() => void) | undefined;
  // One listener shared by every response ('close' fires once each): no closure per request.
  function untrack(this: Response): void {
    inFlight.delete(this);
    changed?.();
  }
  return {
    enter: (res) => void inFlight.add(res),
    leave: untrack,
    track: (_req, res, next) => {
      inFlight.add(res);
      res.on('close', untrack);
      next();
    },
    async ordinaryRequestsDone(timeoutMs) {
      const until = Date.now() + timeoutMs;
      // A stream's headers go out with its first event, so "only streams left" is re-checked as responses change.
      while ([...inFlight].some((res) => !isStream(res)) && Date.now() < until) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(50, Math.max(0, until - Date.now())));
          changed = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        changed = undefined;
      }
    },
  };
}

export interface GracefulClose {
  server: Server;
  drain: Drain;
  /** Aborted once ordinary requests are done: ends SSE and MCP streams. */
  endStreams: AbortController;
  /** Budget for in-flight requests and streams to end; after it connections are cut. */
  graceMs: number;
  release: () => Promise<void>;
}

/** Stop accepting, finish in-flight requests, end streams (all within graceMs), then release resources. */
export async function closeGracefully({ server, drain, endStreams, graceMs, release }: GracefulClose): Promise<void> {
  const deadline = Date.now() + graceMs;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive sockets become idle as their last response ends; close them as they do.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  cut.unref();
  await drain.ordinaryRequestsDone(Math.max(0, deadline - Date.now()));
  endStreams.abort(new Error('server shutting down'));
  await closed;
  clearInterval(sweeper);
  clearTimeout(cut);
  await release();
}
