// Fare history: every price a search observes, and the statistics built on it.
// Implemented with Prisma in adapters/db/fare-history-store.ts.

export interface PriceObservationInput {
  searchId: string;
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  departureDate: string;
  returnDate: string | null;
  cabin: string;
  /** The provider that quoted it: duffel, serpapi, ... */
  source: string;
  priceMinor: number;
  currency: string;
  /** ISO timestamp */
  observedAt: string;
}

export interface DailyLowQuery {
  origin: string;
  destination: string;
  cabin: string;
  currency: string;
  /** Observations from this day on (YYYY-MM-DD, local to `timeZone`). */
  sinceDay: string;
  /**
   * The origin's IANA time zone: each observation's day is its local date there, the
   * same calendar the prediction's "today" uses (by UTC day, an evening search west of
   * UTC would fall on tomorrow and be dropped as future history).
   */
  timeZone: string;
}

/** The lowest price seen for one departure date on one observation day. */
export interface DailyLowRow {
  departureDate: string;
  /** The observation's local date at the origin. */
  day: string;
  priceMinor: number;
}

export interface FareHistoryStore {
  /** Appends observations; never throws for an empty list. */
  record(observations: readonly PriceObservationInput[]): Promise<void>;
  /** One-way observations of a route reduced to daily lows per departure date, oldest day first. */
  dailyLows(q: DailyLowQuery): Promise<DailyLowRow[]>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    /** Prices searches observed: the fare history behind prediction, deals and stats. */
    fares: FareHistoryStore;
  }
}
