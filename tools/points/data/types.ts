// The shapes of the points datasets. Each dataset file exports one constant of
// one of these types, with `asOf` (YYYY-MM-DD) and `sources` so a reader knows
// how fresh and how sourced the figures are.

export type ProgramKind = 'bank' | 'airline' | 'hotel';
export type Alliance = 'star_alliance' | 'oneworld' | 'skyteam' | null;

export interface Program {
  /** Stable slug used everywhere: `amex_mr`, `chase_ur`, `aeroplan`, `flying_blue`, `world_of_hyatt`… */
  id: string;
  name: string;
  kind: ProgramKind;
  /** Airline programmes: the operating airline's IATA code(s) and alliance. */
  airlines?: string[];
  alliance?: Alliance;
  /** The seats.aero source slug when it differs from `id` (e.g. `aeroplan`, `united`, `flyingblue`). */
  seatsAeroSource?: string;
  /** Duffel Stays loyalty reference for hotel programmes. */
  duffelReference?: string;
  /** Whether the programme releases partner award space it can book (airline programmes). */
  partnerAwards?: boolean;
  /** Reference value in US cents per point, for verdicts. */
  referenceCpp: number;
  /** Points bought from the programme: cents per point before bonuses, and the usual yearly cap. */
  purchase?: { centsPerPoint: number; maxPerYear: number | null };
}

export interface TransferEdge {
  from: string;
  to: string;
  /** Points received per point sent (1 for 1:1, 0.5 for 2:1, 3 for 1:3). */
  ratio: number;
  /** Smallest transfer and step, in `from` points. */
  minimum: number;
  increment: number;
  /** Typical time until points arrive. */
  transferTime: 'instant' | 'hours' | 'days';
  typicalHours: number;
  /** Extra points per block, e.g. Marriott's 5,000 bonus per 60,000 sent to most airlines. */
  blockBonus?: { per: number; bonus: number };
}

export interface TransferBonus {
  from: string;
  to: string;
  /** Extra percentage, e.g. 30 for +30 %. */
  percent: number;
  /** Inclusive dates YYYY-MM-DD. */
  start: string;
  end: string;
  note?: string;
  /**
   * Where the promotion was announced and the day someone checked it there. Without
   * one an entry is unverified: shown apart as such, never used in paths, ratios or
   * recommendations.
   */
  source?: { url: string; checked: string };
}

export type Region =
  | 'north_america'
  | 'central_america'
  | 'caribbean'
  | 'south_america'
  | 'europe'
  | 'middle_east'
  | 'africa'
  | 'south_asia'
  | 'north_asia'
  | 'southeast_asia'
  | 'oceania';

export type AwardCabin = 'economy' | 'premium_economy' | 'business' | 'first';

/** One programme's price for a one-way award between two regions, by cabin: a chart band, or a dynamic range. */
export interface AwardPrice {
  program: string;
  fromRegion: Region;
  toRegion: Region;
  /** Distance band in miles when the chart is distance-based; absent for zone charts. */
  distanceBand?: { min: number; max: number };
  pricing: 'chart' | 'dynamic';
  /** Saver (chart) or typical low (dynamic) miles per cabin. */
  miles: Partial<Record<AwardCabin, number>>;
  /** Dynamic pricing: the usual high. */
  milesHigh?: Partial<Record<AwardCabin, number>>;
  /** Typical taxes and carrier surcharges per one-way, USD. */
  typicalTaxesUsd: Partial<Record<AwardCabin, number>>;
  /** Whether awards can be held before transferring points, and for how long. */
  hold?: { possible: boolean; hours: number | null };
  /**
   * The programme sells round trips only (ANA on its own chart): `miles` and taxes are
   * half the round trip, and a one-way traveller pays the whole of it.
   */
  roundTripOnly?: boolean;
}

export interface SweetSpot {
  id: string;
  title: string;
  program: string;
  /** e.g. "US to Europe, business, one way". */
  route: string;
  cabin: AwardCabin;
  miles: number;
  taxesUsd: number;
  typicalCashUsd: number;
  /** (cash − taxes) / miles × 100. */
  cpp: number;
  notes: string;
}

export interface Dataset<T> {
  asOf: string;
  sources: string[];
  items: T[];
}
