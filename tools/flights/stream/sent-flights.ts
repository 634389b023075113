import { isDeepStrictEqual } from 'node:util';
import { FLIGHT_CHANGING_FIELDS, type FlightResult, type FlightUpdate, type SearchEvent } from '../flight-result.js';

// What one search stream has told its caller about each flight, so a flight is
// sent whole once and afterwards only as the fields a later provider changed.

export class SentFlights {
  private readonly sent = new Map<string, FlightResult>();

  /** The event that brings the caller up to date with `result`, or null when they already have it. */
  eventFor(result: FlightResult): SearchEvent | null {
    const before = this.sent.get(result.id);
    this.sent.set(result.id, result);
    if (!before) return { type: 'result', data: result };
    const update: Record<string, unknown> = { id: result.id };
    let changed = false;
    for (const field of FLIGHT_CHANGING_FIELDS) {
      if (isDeepStrictEqual(before[field], result[field])) continue;
      update[field] = result[field];
      changed = true;
    }
    return changed ? { type: 'update', data: update as FlightUpdate } : null;
  }
}
