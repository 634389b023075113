import type { CarBooking } from '../_kit/stays-cars-cruises.js';
import type { DomainEventInput } from '../booking/store.js';

// What car tools persist. Implemented with Prisma in adapters/db/car-store.ts.

export type CarBookingStatus = 'creating' | 'confirmed' | 'cancelled' | 'failed';

export interface CarBookingRecord {
  id: string;
  flow: 'legacy' | 'partner';
  quoteId: string;
  providerBookingId: string | null;
  userId: string | null;
  status: CarBookingStatus;
  failureReason: string | null;
  reference: string | null;
  currency: string;
  rentalMinor: number;
  feeMinor: number;
  chargedMinor: number;
  refundMinor: number | null;
  paymentIntentId: string | null;
  /** Legacy flow: the add-ons paid with the fee, each with its price then (a cancellation refunds them). */
  addOns: { code: string; quantity: number; totalMinor: number }[];
  driver: { givenName: string; familyName: string; email: string };
  /** Pick-up as local time with its UTC offset (2026-03-01T10:00:00-05:00): both the counter's clock and the instant. */
  pickUpAt: string;
  booking: CarBooking | null;
  cancelledAt: string | null;
  createdAt: string;
}

export type NewCarBooking = Pick<
  CarBookingRecord,
  'id' | 'flow' | 'quoteId' | 'userId' | 'currency' | 'rentalMinor' | 'feeMinor' | 'chargedMinor' | 'paymentIntentId' | 'addOns' | 'driver' | 'pickUpAt'
>;

export interface CarBookingStore {
  /**
   * Inserts in `creating`. Refused when the quote was already booked (`existing`)
   * or the card payment already paid for another rental (`usedBy`).
   */
  create(record: NewCarBooking): Promise<{ ok: true } | { ok: false; existing: CarBookingRecord }>;
  /** By our id (cb_...) or the provider's booking id. */
  get(idOrProviderId: string): Promise<CarBookingRecord | null>;
  /** The booking made from this provider quote, if any: a repeated partner booking answers it. */
  byQuote(quoteId: string): Promise<CarBookingRecord | null>;
  /** The booking this card payment paid for, if any: a repeated MCP book_car answers it. */
  byPayment(paymentIntentId: string): Promise<CarBookingRecord | null>;
  update(id: string, patch: CarBookingPatch, events?: DomainEventInput[]): Promise<CarBookingRecord>;
  /**
   * Applies `patch` and writes `events` in one transaction, only while the booking
   * is still `creating`; null when it had already left `creating` (settled by someone else).
   */
  settle(id: string, patch: CarBookingPatch, events?: DomainEventInput[]): Promise<CarBookingRecord | null>;
  /** Bookings still `creating` that were created before `createdBefore`, oldest first: their outcome needs settling. */
  unsettled(createdBefore: Date, limit: number): Promise<CarBookingRecord[]>;
}

export type CarBookingPatch = Partial<Pick<CarBookingRecord, 'providerBookingId' | 'status' | 'failureReason' | 'reference' | 'refundMinor' | 'booking' | 'cancelledAt'>>;

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    carBookings: CarBookingStore;
  }
}
