import type { DuffelPaymentRequirements, DuffelSlice } from '../../providers/duffel/wire.js';
import { localToUtcMs } from './world/geo.js';

// Timings and test triggers of the simulated Duffel sandbox (see the comment at
// the top of duffel-sim-orders.ts for what a caller can rely on).

/** Tickets are issued this long after an order is paid: "the airline is still processing" before. */
export const TICKETING_DELAY_MS = 2_000;
/** An order accepted with 202 becomes visible to GET and list this long after creation. */
export const ASYNC_ORDER_DELAY_MS = 2_000;
/** When each change offer of a change request appears, after the request's created_at. */
export const CHANGE_OFFER_DELAYS_MS: readonly number[] = [800, 2_500, 4_500];
/** How long a change offer may be selected once it has appeared. */
export const CHANGE_OFFER_LIFETIME_MS = 30 * 60_000;
export const CANCELLATION_QUOTE_MS = 15 * 60_000;

/**
 * The sandbox's pace and the few things a test may pin. The defaults are what a
 * caller of the simulator sees; test/fakes serves the same sandbox at once
 * (no delays) and with fixed change prices, so its assertions need no waiting.
 */
export interface SandboxRules {
  ticketingDelayMs: number;
  asyncOrderDelayMs: number;
  /** One entry per change offer a change request makes. */
  changeOfferDelaysMs: readonly number[];
  /** Page size of GET /air/orders when the caller sends no limit. */
  orderPageSize: number;
  /** Change totals (cents) of a change request's offers, in place of pricing the new flights; null: priced from the world. */
  changeTotalsCents: readonly number[] | null;
  /** Which offers ask for every passenger's passport: those crossing a border, or none (as Duffel's own test airline). */
  identityDocuments: IdentityDocumentRule;
  /** Every branded fare may be changed (for its usual fee), as Duffel's test airline sells them; false: as the fare brand says. */
  allFaresChangeable: boolean;
}

export type IdentityDocumentRule = 'cross_border' | 'never';

/** The rules that shape an offer itself. */
export type OfferTerms = Pick<SandboxRules, 'identityDocuments' | 'allFaresChangeable'>;

export const DUFFEL_PACE: SandboxRules = {
  ticketingDelayMs: TICKETING_DELAY_MS,
  asyncOrderDelayMs: ASYNC_ORDER_DELAY_MS,
  changeOfferDelaysMs: CHANGE_OFFER_DELAYS_MS,
  orderPageSize: 50,
  changeTotalsCents: null,
  identityDocuments: 'cross_border',
  allFaresChangeable: false,
};

const HOUR_MS = 3_600_000;
const HOLD_MAX_MS = 72 * HOUR_MS;
const PAY_BEFORE_DEPARTURE_MS = 24 * HOUR_MS;
const PRICE_GUARANTEE_MS = 24 * HOUR_MS;
/** A hold shorter than this is not worth offering: the airline asks for instant payment. */
const MIN_HOLD_MS = HOUR_MS;

export type SandboxTrigger = 'async' | 'insufficient' | 'price_changed';

/** The trigger in an email's local part ("jo+async@example.com"), if any. */
export function triggerOf(email: string | null | undefined): SandboxTrigger | null {
  const local = (email ?? '').split('@')[0] ?? '';
  for (const t of ['async', 'insufficient', 'price_changed'] as const) if (local.endsWith(`+${t}`)) return t;
  return null;
}

const floorMinute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/** UTC departure of the first flight of the first slice. */
export function departureMs(slices: readonly DuffelSlice[]): number {
  const seg = slices[0]?.segments[0];
  if (!seg) return Number.NaN;
  return localToUtcMs(seg.origin.time_zone, seg.departing_at);
}

/**
 * How long an unpaid hold lasts: pay within 72 h and at least 24 h before
 * departure; the price holds for 24 h (or until payment is due, if sooner).
 */
export function holdTerms(createdMs: number, departsMs: number, lowCost: boolean): DuffelPaymentRequirements {
  const payBy = floorMinute(Math.min(createdMs + HOLD_MAX_MS, departsMs - PAY_BEFORE_DEPARTURE_MS));
  if (lowCost || !(payBy - createdMs >= MIN_HOLD_MS)) return { requires_instant_payment: true, price_guarantee_expires_at: null, payment_required_by: null };
  const guarantee = floorMinute(Math.min(createdMs + PRICE_GUARANTEE_MS, payBy));
  return { requires_instant_payment: false, payment_required_by: new Date(payBy).toISOString(), price_guarantee_expires_at: new Date(guarantee).toISOString() };
}
