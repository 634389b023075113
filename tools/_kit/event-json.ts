import type { StreamEvent } from './define-tool.js';

// An event can carry its JSON already made, so a stream replayed to many callers
// (a search answered from memory) is serialized once, not once per caller. A run
// of such events can also carry the SSE text of the whole run, so a transport
// writes it as one piece instead of event by event.

const EVENT_JSON = Symbol('event-json');
const EVENT_BLOCK = Symbol('event-block');

/** The SSE text (`data: …\n\n` per event) of a run of events, hung on its first event. */
export interface SseBlock {
  text: string;
  /** Every event of the run: a stream may interleave others (a flexible search's dates), which are not in the text. */
  events: ReadonlySet<StreamEvent>;
}

type WithJson = StreamEvent & { [EVENT_JSON]?: string; [EVENT_BLOCK]?: SseBlock };

/** Returns `event` carrying its own JSON; the event must not change afterwards. */
export function withJson<E extends StreamEvent>(event: E): E {
  (event as WithJson)[EVENT_JSON] = JSON.stringify(event);
  return event;
}

/** The event's JSON: the one it carries, or made now. */
export function eventJson(event: StreamEvent): string {
  return (event as WithJson)[EVENT_JSON] ?? JSON.stringify(event);
}

/** One event as Server-Sent Events text. */
export function sseText(event: StreamEvent): string {
  return `data: ${eventJson(event)}\n\n`;
}

/**
 * Makes `events` one ready SSE block, hung on the first event; they must be
 * sent in this order and not change afterwards.
 * Returns the block's length in UTF-16 units (about its bytes, for bounding memory).
 */
export function withSseBlock(events: readonly StreamEvent[]): number {
  if (events.length === 0) return 0;
  const text = events.map(sseText).join('');
  (events[0] as WithJson)[EVENT_BLOCK] = { text, events: new Set(events) };
  return text.length;
}

/** The ready SSE block that starts at `event`, if it carries one. */
export function sseBlock(event: StreamEvent): SseBlock | undefined {
  return (event as WithJson)[EVENT_BLOCK];
}
