import type { StreamEvent } from './define-tool.js';

// An event can carry its JSON already made, so a stream replayed to many callers
// (a search answered from memory) is serialized once, not once per caller.

const EVENT_JSON = Symbol('event-json');

type WithJson = StreamEvent & { [EVENT_JSON]?: string };

/** Returns `event` carrying its own JSON; the event must not change afterwards. */
export function withJson<E extends StreamEvent>(event: E): E {
  (event as WithJson)[EVENT_JSON] = JSON.stringify(event);
  return event;
}

/** The event's JSON: the one it carries, or made now. */
export function eventJson(event: StreamEvent): string {
  return (event as WithJson)[EVENT_JSON] ?? JSON.stringify(event);
}
