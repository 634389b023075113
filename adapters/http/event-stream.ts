import type { Response } from 'express';

/**
 * Starts a text/event-stream answer and sends its headers at once. `no-transform` and
 * X-Accel-Buffering keep proxies and compressors from holding events back.
 */
export function openEventStream(res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
}
