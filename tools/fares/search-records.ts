// What a search leaves behind for the fare history, the deals feed and the
// trending figures, handed over without waiting: the search's path does no
// database round trip for them. An adapter buffers these records and writes
// them in batches (adapters/runtime/search-record-buffer.ts) through
// writeSearchRecords (record-searches.ts).
import type { PriceObservationInput } from './history-store.js';

export interface SearchRecord {
  /** A search a caller asked for, counted for trending (null: nested searches, which are not counted). */
  counted: { day: string; origin: string; destination: string } | null;
  /** The prices a fresh search saw (observations.ts); empty for a cache hit or an uncounted shape. */
  observations: PriceObservationInput[];
}

export interface SearchRecorder {
  /** Queues the record and returns at once; never throws. */
  record(entry: SearchRecord): void;
  /** Writes everything queued so far (tests, shutdown); resolves when it is in the database. */
  flush(): Promise<void>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    /** Observations, route counts and the mistake-fare check each search leaves behind, written in background batches. */
    searchRecords: SearchRecorder;
  }
}
