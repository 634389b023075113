// Shapes of the curated deal datasets. Each file exports one constant with an
// as-of date and sources, and every entry carries the dates it is valid.

export interface DealDataset<T> {
  /** YYYY-MM-DD: when the figures were last checked. */
  asOf: string;
  sources: string[];
  items: T[];
}

export interface CardOffer {
  id: string;
  card: string;
  issuer: string;
  /** Programme id from tools/points (the currency the bonus pays in). */
  program: string;
  bonusPoints: number;
  /** Spend needed, US dollars, within `months`. */
  spendUsd: number;
  months: number;
  annualFeeUsd: number;
  /** Inclusive YYYY-MM-DD; the end is our best guess where the issuer states none. */
  validFrom: string;
  validUntil: string;
  url: string;
  note?: string;
}

export interface HotelPromotion {
  id: string;
  /** Programme id from tools/points. */
  program: string;
  title: string;
  /** What the promotion gives, in words. */
  offer: string;
  /** Stays between these dates (inclusive, YYYY-MM-DD). */
  validFrom: string;
  validUntil: string;
  registration: boolean;
  url: string;
}
