import { hash } from 'node:crypto';
import type { FlightResult } from '../flight-result.js';

// A slice's id names its content, so the same slice gets the same id in every
// stream, replay and date of a flexible search, and two slices that differ in any
// field (an aircraft one provider knows and another does not) never share one.

type SliceView = FlightResult['slices'][number];

/** Ids already worked out, by the slice object: a flight's slices are made once and shown many times. */
const known = new WeakMap<SliceView, string>();

/** Every field of the slice, in a fixed order; the separator cannot occur in them. */
function fingerprint(slice: SliceView): string {
  let text = `${slice.origin}\u0001${slice.destination}\u0001${slice.departing_at}\u0001${slice.arriving_at}\u0001${slice.duration_minutes}\u0001${slice.stops}`;
  for (const s of slice.segments) {
    text += `\u0002${s.flight}\u0001${s.carrier}\u0001${s.operating_carrier ?? ''}\u0001${s.operating_carrier === null ? 0 : 1}\u0001${s.origin}\u0001${s.destination}` +
      `\u0001${s.departing_at}\u0001${s.arriving_at}\u0001${s.duration_minutes}\u0001${s.aircraft ?? ''}\u0001${s.aircraft === null ? 0 : 1}`;
  }
  return text;
}

export function sliceId(slice: SliceView): string {
  let id = known.get(slice);
  if (id === undefined) {
    id = `sl_${hash('sha1', fingerprint(slice)).slice(0, 16)}`;
    known.set(slice, id);
  }
  return id;
}
