import type { Response } from 'express';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { sseBlock, sseText } from '../../tools/_kit/event-json.js';
import { prepareEventStream } from '../http/event-stream.js';

/**
 * Writes Server-Sent Events: one `data:` line per event. Events produced together
 * (everything one provider answer brings) go out in one write: they are gathered
 * until the event loop turns, which costs no waiting, only fewer writes. A run of
 * events that carries its SSE text ready-made (a cached search) is written as
 * that text, whole, and its events after the first are not serialized again.
 */
export class SseWriter {
  private pending = '';
  private scheduled = false;
  /** The ready block already gathered, and how many of its events are still to come (they are in its text). */
  private block: ReadonlySet<StreamEvent> | null = null;
  private blockLeft = 0;

  constructor(private readonly res: Response) {}

  /**
   * Readies the headers; they go out with the first write, not in a write of their
   * own (one socket write less per stream). The caller has its first event in hand
   * when it opens, so that write follows at the event loop's next turn.
   */
  open(): void {
    prepareEventStream(this.res);
  }

  get closed(): boolean {
    return this.res.writableEnded || this.res.destroyed;
  }

  send(event: StreamEvent): void {
    if (this.closed) return;
    if (this.block?.has(event)) {
      if (--this.blockLeft === 0) this.block = null;
      return;
    }
    const block = sseBlock(event);
    if (block) {
      this.pending += block.text;
      this.blockLeft = block.events.size - 1;
      this.block = this.blockLeft > 0 ? block.events : null;
    } else this.pending += sseText(event);
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
