import type { FlightResult, SearchEvent, StreamedSlice } from '../flight-result.js';

// Rebuilds every flight in its latest version from a search's events, as a client
// does: a slice event brings a slice, a result event a flight naming its slices by
// id, an update event replaces the fields it carries.

type SliceView = FlightResult['slices'][number];

/** Each flight by id, in the order the stream first sent them, with its slices whole. */
export function foldResults(events: Iterable<SearchEvent>): Map<string, FlightResult> {
  const slices = new Map<string, SliceView>();
  const latest = new Map<string, FlightResult>();
  for (const event of events) {
    if (event.type === 'slice') slices.set(event.data.id, withoutId(event.data));
    else if (event.type === 'result') {
      const { slice_ids: ids, ...flight } = event.data;
      latest.set(flight.id, { ...flight, slices: ids.map((id) => slices.get(id) ?? unsent(id)) });
    } else if (event.type === 'update') {
      const before = latest.get(event.data.id);
      if (before) latest.set(event.data.id, { ...before, ...event.data });
    }
  }
  return latest;
}

function unsent(id: string): never {
  throw new Error(`a result names slice ${id}, which the stream has not sent`);
}

function withoutId(slice: StreamedSlice): SliceView {
  const { id: _id, ...view } = slice;
  return view;
}
