import type { Response } from 'express';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { openEventStream } from '../http/event-stream.js';

/**
 * Writes Server-Sent Events: one `data:` line per event, sent as soon as it is
 * produced.
 */
export class SseWriter {
  constructor(private readonly res: Response) {}

  open(): void {
    openEventStream(this.res);
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
