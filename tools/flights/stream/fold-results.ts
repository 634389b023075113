import type { FlightResult, SearchEvent } from '../flight-result.js';

// Rebuilds every flight in its latest version from a search's events: a result
// event brings a flight, an update event replaces the fields it carries.

/** Each flight by id, in the order the stream first sent them. */
export function foldResults(events: Iterable<SearchEvent>): Map<string, FlightResult> {
  const latest = new Map<string, FlightResult>();
  for (const event of events) {
    if (event.type === 'result') latest.set(event.data.id, event.data);
    else if (event.type === 'update') {
      const before = latest.get(event.data.id);
      if (before) latest.set(event.data.id, { ...before, ...event.data });
    }
  }
  return latest;
}
