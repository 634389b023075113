// Fare alerts and the watches that evaluate them, as plain records. Implemented
// with Prisma and set-based SQL in adapters/db/alert-store.ts. Money is integer
// minor units; dates are YYYY-MM-DD; "today" is the UTC calendar date.

export type AlertChannel = 'webhook' | 'in_app';

export interface AlertRecord {
  id: string;
  userId: string;
  origin: string;
  destination: string;
  dateFrom: string;
  dateTo: string;
  /** A round trip's return date; null for one way. */
  returnDate: string | null;
  cabin: string;
  /** Null: notify on any drop. */
  targetPriceMinor: number | null;
  currency: string;
  channels: AlertChannel[];
  active: boolean;
  triggerCount: number;
  lastTriggeredAt: string | null;
  createdAt: string;
  /** Cheapest price now on the alert's watches (dates still ahead), null until one was checked. */
  lastPriceMinor: number | null;
  lastCheckedAt: string | null;
}

export type NewAlert = Pick<AlertRecord, 'id' | 'userId' | 'origin' | 'destination' | 'dateFrom' | 'dateTo' | 'returnDate' | 'cabin' | 'targetPriceMinor' | 'currency' | 'channels'>;

/** One route/date(/return)/cabin/currency the evaluator searches once for every alert on it. */
export interface WatchToCheck {
  id: string;
  origin: string;
  destination: string;
  date: string;
  /** null for one way. */
  returnDate: string | null;
  cabin: string;
  currency: string;
}

/** The bookable offer behind a watch's price, as alert.triggered carries it (JSON, snake_case). */
export interface WatchOffer {
  offer_id: string | null;
  result_id: string;
  search_id: string;
  price: number;
  currency: string;
  expires_at: string | null;
  /** e.g. "BA117 JFK 18:30 → LHR 06:35 (+1)"; one line per slice. */
  itinerary: string[];
  flights: string[];
  departing_at: string | null;
  return_departing_at: string | null;
}

/** What one search found for a watch: the cheapest fare, or null when nothing is sold. */
export interface WatchCheck {
  id: string;
  currency: string;
  priceMinor: number | null;
  /** The offer of that fare; null with no fare. */
  offer: WatchOffer | null;
}

export interface AlertStore {
  /** Inserts unless the user already has `maxPerUser` alerts; then says how many they have. */
  create(alert: NewAlert, maxPerUser: number): Promise<{ ok: true; alert: AlertRecord } | { ok: false; count: number }>;
  /** The user's alerts, newest first, with the latest prices of their watches. */
  list(userId: string, today: string): Promise<AlertRecord[]>;
  /** Deletes the user's own alert; false when it is unknown or someone else's. */
  remove(id: string, userId: string): Promise<boolean>;

  // Evaluation, one cycle: expire → expand → (search each due watch) → apply checks in batches.
  /** Deactivates alerts whose last date is before today; returns how many. */
  expire(today: string): Promise<number>;
  /** Creates the missing watches of every active alert (dates from today on); returns how many were new. */
  expandWatches(today: string): Promise<number>;
  /** Watches some active alert needs, dated today or later, not checked since `checkedBefore`. */
  dueWatches(today: string, checkedBefore: Date): Promise<WatchToCheck[]>;
  /**
   * Records the batch's prices (previous price kept, check sequence bumped) and, in
   * the same transaction, fires `alert.triggered` into the outbox for every alert
   * the new prices satisfy. Returns the number of events written.
   */
  applyChecks(checks: readonly WatchCheck[], today: string, now: Date): Promise<{ events: number }>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    alerts: AlertStore;
  }
}
