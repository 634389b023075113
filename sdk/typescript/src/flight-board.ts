// Folds the search stream back into whole flights. The server sends each slice once
// (a `slice` event) and results name their slices by id, so a result alone is not a
// whole flight; updates carry only the fields that changed.
import type { SearchEvent } from './client.js';
import type { components } from './generated/schema.js';

/** A flight as a `result` event sends it: its slices given by id (slice_ids). */
export type StreamedFlight = Extract<SearchEvent, { type: 'result' }>['data'];
export type FlightSlice = components['schemas']['FlightSlice'];
/** A whole flight (OpenAPI's Flight): a result with `slices` in place of slice_ids, with every update applied. */
export type Flight = components['schemas']['Flight'];

export class FlightBoard {
  readonly #slices = new Map<string, FlightSlice>();
  readonly #flights = new Map<string, Flight>();

  /**
   * Takes every event of one search stream, in order. Returns the whole flight a
   * `result` or `update` event brought or changed (a new object each time), else null.
   * Throws on an update for a flight never sent or a result naming an unsent slice:
   * the stream promises neither happens.
   */
  apply(event: SearchEvent): Flight | null {
    switch (event.type) {
      case 'slice': {
        const { id, ...slice } = event.data;
        this.#slices.set(id, slice);
        return null;
      }
      case 'result': {
        const result = event.data;
        const slices = result.slice_ids.map((id) => this.#slice(id, result.id));
        // Rebuilt key by key so `slices` sits where a FlightResult has it (and unknown new fields pass through).
        const flight = Object.fromEntries(
          Object.entries(result).map(([key, value]) => (key === 'slice_ids' ? ['slices', slices] : [key, value])),
        ) as Flight;
        this.#flights.set(flight.id, flight);
        return flight;
      }
      case 'update': {
        const before = this.#flights.get(event.data.id);
        if (!before) throw new Error(`search stream: update for flight ${event.data.id}, which no result sent`);
        // Each field present replaces the old value whole (lists included).
        const flight: Flight = { ...before, ...event.data };
        this.#flights.set(flight.id, flight);
        return flight;
      }
      default:
        return null;
    }
  }

  /** Every flight in its latest version, in the order the stream first sent them. */
  flights(): Flight[] {
    return [...this.#flights.values()];
  }

  #slice(id: string, flightId: string): FlightSlice {
    const slice = this.#slices.get(id);
    if (!slice) throw new Error(`search stream: result ${flightId} names slice ${id}, which no slice event sent`);
    return slice;
  }
}
