// A process-local note that this process wrote domain events, so a job runner that
// stretched its polling while idle (adapters/jobs/idle-backoff.ts) goes back to its
// usual interval: a new event is dispatched as soon as before, not after the stretch.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` whenever this process writes outbox events; returns the unsubscribe. */
export function onOutboxWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function outboxWritten(): void {
  for (const listener of listeners) listener();
}
