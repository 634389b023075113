import type { Response } from 'express';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { toToolError } from '../../tools/_kit/errors.js';
import { SseWriter } from './sse.js';

/**
 * Streams a tool's events as SSE. The first event is pulled before the 200 is
 * committed, so a failure up front is still an ordinary error response. A failure
 * mid-stream, or a server shutdown, ends the stream with an `error` event.
 */
export async function pipeToSse(events: AsyncIterable<StreamEvent>, res: Response, ctx: ToolContext, shutdown: AbortSignal): Promise<void> {
  const iterator = events[Symbol.asyncIterator]();
  let next = await iterator.next();
  const sse = new SseWriter(res);
  sse.open();
  try {
    while (!next.done && !ctx.signal.aborted) {
      sse.send(next.value);
      next = await iterator.next();
    }
    if (shutdown.aborted) sse.send({ type: 'error', data: { code: 'UNAVAILABLE', detail: 'Server is shutting down', hint: 'Retry the search; another instance will answer.' } });
  } catch (err) {
    const toolErr = toToolError(err);
    if (toolErr.code === 'INTERNAL') ctx.log.error({ err: toolErr.cause ?? err }, 'stream failed');
    sse.send({ type: 'error', data: { code: toolErr.code, detail: toolErr.message, hint: toolErr.hint } });
  } finally {
    if (ctx.signal.aborted) await iterator.return?.(undefined);
    sse.end();
  }
}
