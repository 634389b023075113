import type { Response } from 'express';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';

/**
 * Writes Server-Sent Events: one `data:` line per event, sent as soon as it is
 * produced. `no-transform` and X-Accel-Buffering keep proxies and compression
 * from holding events back.
 */
export class SseWriter {
  constructor(private readonly res: Response) {}

  open(): void {
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('Connection', 'keep-alive');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.flushHeaders();
  }

  get closed(): boolean {
    return this.res.writableEnded || this.res.destroyed;
  }

  send(event: StreamEvent): void {
    if (this.closed) return;
    this.res.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  end(): void {
    if (!this.closed) this.res.end();
  }
}
