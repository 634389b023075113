import type { Response } from 'express';

/**
 * Sets a text/event-stream answer's status and headers without sending them: they
 * go out with the first write. `no-transform` and X-Accel-Buffering keep proxies
 * and compressors from holding events back.
 */
export function prepareEventStream(res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
}

/** Starts a text/event-stream answer and sends its headers at once, for a stream whose first event may be a while coming. */
export function openEventStream(res: Response): void {
  prepareEventStream(res);
  res.flushHeaders();
}
