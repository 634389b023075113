import type { Response } from 'express';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { eventJson } from '../../tools/_kit/event-json.js';
import { openEventStream } from '../http/event-stream.js';

/**
 * Writes Server-Sent Events: one `data:` line per event. Events produced together
 * (everything one provider answer brings) go out in one write: they are gathered
 * until the event loop turns, which costs no waiting, only fewer writes.
 */
export class SseWriter {
  private pending = '';
  private scheduled = false;

  constructor(private readonly res: Response) {}

  open(): void {
    openEventStream(this.res);
  }

  get closed(): boolean {
    return this.res.writableEnded || this.res.destroyed;
  }

  send(event: StreamEvent): void {
    if (this.closed) return;
    this.pending += `data: ${eventJson(event)}\n\n`;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const text = this.pending;
    this.pending = '';
    if (text && !this.closed) this.res.write(text);
  };

  /** Ends the stream, with whatever is still gathered in the same write. */
  end(): void {
    const text = this.pending;
    this.pending = '';
    if (this.closed) return;
    if (text) this.res.end(text);
    else this.res.end();
  }
}
