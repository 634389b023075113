// Detected mistake fares (the public deals feed) and the price statistics that
// find them. Implemented with Prisma in adapters/db/mistake-fare-store.ts.
import type { DomainEventInput } from '../booking/store.js';
import type { StatsStore } from '../stats/stats-store.js';

/** Which history one observation is compared with. */
export interface RouteHistoryQuery {
  origin: string;
  destination: string;
  cabin: string;
  /** One-way fares are compared with one-way fares, round trips with round trips. */
  roundTrip: boolean;
  /** Round trips: only stays of this many nights (inclusive) count; ignored for one-way. */
  stayNights: { min: number; max: number };
  /** Departures from … to (YYYY-MM-DD, inclusive). */
  departFrom: string;
  departTo: string;
  /** Only observations made at or after this instant, and at or before `observedUntil`. */
  observedSince: Date;
  observedUntil: Date;
  /** The search being judged: its own prices are not its history. */
  excludeSearchId: string;
}

/** Statistics over the cheapest price of each earlier search, per currency (minor units). */
export interface PriceStats {
  currency: string;
  samples: number;
  mean: number;
  stddev: number;
  median: number;
}

export interface MistakeFare {
  id: string;
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  departureDate: string;
  /** YYYY-MM-DD; null for a one-way fare. */
  returnDate: string | null;
  cabin: string;
  /** The provider that quoted it. */
  source: string;
  priceMinor: number;
  typicalMinor: number;
  currency: string;
  sigmas: number;
  pctOff: number;
  samples: number;
  detectedAt: Date;
}

export interface MistakeFareStore {
  /**
   * The route's history statistics, one row per currency seen. Answered from
   * running per-route samples kept up to date as observations are recorded, so
   * its cost does not grow with the route's traffic.
   */
  historyStats(query: RouteHistoryQuery): Promise<PriceStats[]>;
  /**
   * Records the deal and its public event in one transaction. False (and nothing
   * written) when a deal with this dedupe key was already recorded.
   */
  record(fare: MistakeFare, dedupeKey: string, event: DomainEventInput): Promise<boolean>;
  /** Deals detected at or after `since`, newest first. */
  since(since: Date, limit: number): Promise<MistakeFare[]>;
  /** Public counters and trending figures (kept here so no new service is needed). */
  stats: StatsStore;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    mistakeFares: MistakeFareStore;
  }
}
