import type { StayBooking } from '../_kit/stays-cars-cruises.js';
import type { DomainEventInput } from '../booking/store.js';

// What hotel tools persist. Implemented with Prisma in adapters/db/stay-store.ts.

export type StayBookingStatus = 'creating' | 'confirmed' | 'cancelled' | 'failed';

export interface StayBookingRecord {
  id: string;
  quoteId: string;
  providerBookingId: string | null;
  userId: string | null;
  status: StayBookingStatus;
  failureReason: string | null;
  reference: string | null;
  currency: string;
  totalMinor: number;
  refundMinor: number | null;
  paymentIntentId: string | null;
  email: string;
  guests: { givenName: string; familyName: string }[];
  checkIn: string;
  checkOut: string;
  accommodationName: string;
  booking: StayBooking | null;
  cancelledAt: string | null;
  createdAt: string;
}

export type NewStayBooking = Pick<StayBookingRecord, 'id' | 'quoteId' | 'userId' | 'currency' | 'totalMinor' | 'paymentIntentId' | 'email' | 'guests' | 'checkIn' | 'checkOut' | 'accommodationName'>;

export interface StayBookingStore {
  /** Inserts in `creating`; `existing` is the booking already made from this quote. */
  create(record: NewStayBooking): Promise<{ ok: true } | { ok: false; existing: StayBookingRecord }>;
  /** By our id (hb_...) or the provider's booking id. */
  get(idOrProviderId: string): Promise<StayBookingRecord | null>;
  /** The booking made from this quote, if any (one per quote). */
  byQuote(quoteId: string): Promise<StayBookingRecord | null>;
  update(id: string, patch: StayBookingPatch, events?: DomainEventInput[]): Promise<StayBookingRecord>;
  /**
   * Applies `patch` and writes `events` in one transaction, only while the booking
   * is still `creating`; null when it had already left `creating` (settled by someone else).
   */
  settle(id: string, patch: StayBookingPatch, events?: DomainEventInput[]): Promise<StayBookingRecord | null>;
  /** Bookings still `creating` that were created before `createdBefore`, oldest first: their outcome needs settling. */
  unsettled(createdBefore: Date, limit: number): Promise<StayBookingRecord[]>;
}

export type StayBookingPatch = Partial<Pick<StayBookingRecord, 'providerBookingId' | 'status' | 'failureReason' | 'reference' | 'refundMinor' | 'booking' | 'cancelledAt'>>;

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    stayBookings: StayBookingStore;
  }
}
