// Public, anonymous figures: searches per route and day, price drops, counters.
// Nothing here is per user. Implemented in adapters/db/stats-store.ts.

export interface RouteSearches {
  origin: string;
  destination: string;
  searches: number;
}

export interface PriceDrop {
  origin: string;
  destination: string;
  cabin: string;
  roundTrip: boolean;
  currency: string;
  /** The latest search's cheapest price and its departure date (YYYY-MM-DD). */
  latestMinor: number;
  departureDate: string;
  observedAt: Date;
  /** Median of the earlier searches' cheapest prices in the window. */
  medianMinor: number;
  earlierSearches: number;
}

export interface PublicCounters {
  searchesTotal: number;
  searchesToday: number;
  routesTracked: number;
  dealsTotal: number;
  dealsSince: number;
}

/** Searches of a route on a day (YYYY-MM-DD). */
export interface RouteDayCount {
  day: string;
  origin: string;
  destination: string;
  searches: number;
}

export interface StatsStore {
  /** Adds `searches` (default 1) searches of the route on `day` (YYYY-MM-DD): a single upsert. */
  countSearch(day: string, origin: string, destination: string, searches?: number): Promise<void>;
  /** Adds every route's searches at once (one statement for a whole batch); each day and route at most once. */
  countSearches(counts: readonly RouteDayCount[]): Promise<void>;
  /** Routes by searches on days >= `fromDay`, most first. */
  topRoutes(fromDay: string, limit: number): Promise<RouteSearches[]>;
  /** Routes whose latest price since `since` is below the median of their earlier ones, biggest drop first. */
  priceDrops(since: Date, minEarlier: number, limit: number): Promise<PriceDrop[]>;
  /** `today` is YYYY-MM-DD (UTC); `dealsSince` counts deals detected at or after it. */
  counters(today: string, dealsSince: Date): Promise<PublicCounters>;
}
