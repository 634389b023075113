import type { FlightOrder, Money } from '../_kit/providers.js';
import type { BookingCancellation } from './cancellation-record.js';

// What booking tools may persist, as plain records. Implemented with Prisma in
// adapters/db; tools never see rows. Money here is integer minor units.

export type BookingStatus = 'creating' | 'pending' | 'hold' | 'confirmed' | 'cancelled' | 'failed';
export type BookingChannel = 'checkout' | 'book' | 'agent' | 'hold' | 'mcp';
export type CardPaymentPurpose = 'order' | 'hold_payment' | 'change' | 'services';

/** The webhook events the service announces (spec "Webhook events"). */
export type DomainEventType = 'booking.created' | 'booking.confirmed' | 'booking.canceled' | 'payment.completed' | 'payment.refunded' | 'alert.triggered' | 'alert.mistake_fare';

export interface DomainEventInput {
  type: DomainEventType;
  aggregateId: string;
  /** One event per fact: a second write with the same key is ignored. */
  dedupeKey: string;
  userId: string | null;
  payload: Record<string, unknown>;
}

export interface BookingPassengerRecord {
  slotId: string;
  givenName: string;
  familyName: string;
  type: string | null;
  loyaltyAccounts?: { airlineIataCode: string; accountNumber: string }[];
}

export interface BookingRecord {
  id: string;
  userId: string | null;
  agentUserId: string | null;
  channel: BookingChannel;
  offerId: string;
  providerOrderId: string | null;
  bookingReference: string | null;
  type: 'instant' | 'hold';
  status: BookingStatus;
  failureReason: string | null;
  currency: string;
  fareMinor: number;
  servicesMinor: number;
  markupMinor: number;
  totalMinor: number;
  refundMinor: number | null;
  passengers: BookingPassengerRecord[];
  contactEmail: string | null;
  paymentRequiredBy: string | null;
  priceGuaranteeExpiresAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  /** Set once cancelled: what came back, as card refund and airline credits. */
  cancellation: BookingCancellation | null;
  /** The provider's order as last read. */
  order: FlightOrder | null;
  createdAt: string;
  updatedAt: string;
}

export type NewBooking = Pick<
  BookingRecord,
  'id' | 'userId' | 'agentUserId' | 'channel' | 'offerId' | 'type' | 'currency' | 'fareMinor' | 'servicesMinor' | 'markupMinor' | 'totalMinor' | 'passengers' | 'contactEmail'
>;

export type BookingPatch = Partial<
  Pick<
    BookingRecord,
    | 'providerOrderId'
    | 'bookingReference'
    | 'status'
    | 'failureReason'
    | 'currency'
    | 'fareMinor'
    | 'servicesMinor'
    | 'totalMinor'
    | 'refundMinor'
    | 'paymentRequiredBy'
    | 'priceGuaranteeExpiresAt'
    | 'paidAt'
    | 'cancelledAt'
    | 'cancellation'
    | 'order'
  >
>;

export interface CardPaymentRecord {
  paymentIntentId: string;
  bookingId: string;
  purpose: CardPaymentPurpose;
  amountMinor: number;
  currency: string;
  status: 'used' | 'refunded' | 'partially_refunded';
  refundedMinor: number;
  createdAt: string;
}

export type ClaimResult = { ok: true } | { ok: false; usedBy: string };

export interface BookingStore {
  /**
   * Inserts a booking in `creating` together with the card payment that pays for
   * it, in one transaction. `usedBy` names the booking that already spent the payment.
   */
  create(booking: NewBooking, payment: { paymentIntentId: string; amountMinor: number; currency: string } | null): Promise<ClaimResult>;
  /** By our id (bk_...) or the provider's order id. */
  get(idOrOrderId: string): Promise<BookingRecord | null>;
  /** Applies the patch and writes the events, in one transaction. */
  update(id: string, patch: BookingPatch, events?: DomainEventInput[]): Promise<BookingRecord>;
  /** Claims a later payment (hold payment, change, extras) for a booking. */
  claimPayment(payment: { paymentIntentId: string; bookingId: string; purpose: CardPaymentPurpose; amountMinor: number; currency: string }): Promise<ClaimResult>;
  /** Forgets a claim whose operation definitely did not happen and whose money was not kept. */
  releasePayment(paymentIntentId: string): Promise<void>;
  /** Records that at least this much of a payment has been refunded in all (monotonic, so replays and webhooks agree). */
  recordRefund(paymentIntentId: string, totalRefundedMinor: number): Promise<void>;
  payments(bookingId: string): Promise<CardPaymentRecord[]>;
  payment(paymentIntentId: string): Promise<CardPaymentRecord | null>;
  /** Bookings in `pending` created before `olderThan`, and those a crash left `creating` for minutes longer, oldest first. */
  pending(olderThan: Date, limit: number): Promise<BookingRecord[]>;
  addChangeRequest(changeRequestId: string, bookingId: string): Promise<void>;
  changeRequest(changeRequestId: string): Promise<{ id: string; bookingId: string; confirmedOfferId: string | null; confirmedAt: string | null } | null>;
  confirmChangeRequest(changeRequestId: string, changeOfferId: string): Promise<void>;
  /** The booking's change request ids, newest first. */
  changeRequestsOf(bookingId: string): Promise<string[]>;
  /** Events not yet delivered, oldest first (the webhooks issue delivers them). */
  undeliveredEvents(limit: number): Promise<(DomainEventInput & { id: string; createdAt: string })[]>;
  /** Applies a provider webhook once: false when this event id was seen before. The events are written in the same transaction. */
  recordWebhook(provider: string, eventId: string, type: string, events: DomainEventInput[]): Promise<boolean>;
}

export interface SeatSelectionRecord {
  offerId: string;
  /** The signed-in user holding the seat. */
  userId: string | null;
  passengerSlot: string;
  segmentId: string;
  designator: string;
  serviceId: string | null;
  price: Money | null;
  status: 'held' | 'confirmed' | 'released';
  bookingId: string | null;
  heldAt: string;
  confirmedAt: string | null;
  releasedAt: string | null;
}

export interface NewSeatHold {
  offerId: string;
  userId: string;
  passengerSlot: string;
  segmentId: string;
  /** The flight the segment is, shared by every offer on it: a seat has one holder per flight. */
  flightKey: string;
  designator: string;
  serviceId: string | null;
  price: Money | null;
}

/** A hold either stands, or the seat is someone else's (or another of the holder's passengers'), or the selection is already bought. */
export type SeatHoldResult = { ok: true; seat: SeatSelectionRecord } | { ok: false; reason: 'seat_taken' | 'already_confirmed' };

/** Every call is scoped to one holder: no method reads or changes another holder's selections. */
export interface SeatStore {
  /**
   * Atomic upsert on (offer, holder, passenger slot, segment): the new hold replaces the holder's
   * earlier one and is `held`. Holds by others made before `lapsedBefore` give their seat up.
   */
  hold(seat: NewSeatHold, lapsedBefore: Date): Promise<SeatHoldResult>;
  /** The holder's selections of the offer, whatever their status. */
  byHolder(offerId: string, userId: string): Promise<SeatSelectionRecord[]>;
  /** The holder's held seats of the offer whose service is in `serviceIds` become confirmed and linked to the booking. */
  confirm(offerId: string, userId: string, bookingId: string, serviceIds: readonly string[]): Promise<SeatSelectionRecord[]>;
  /** The holder's held seats of the offer become released; rows are kept. Returns them. */
  release(offerId: string, userId: string): Promise<SeatSelectionRecord[]>;
  confirmedForBooking(bookingId: string): Promise<SeatSelectionRecord[]>;
  /** Seats on these flights that are confirmed, or held since `lapsedBefore`, by anyone but `exceptUserId`. */
  takenOnFlights(flightKeys: readonly string[], exceptUserId: string | null, lapsedBefore: Date): Promise<{ flightKey: string; designator: string }[]>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    /** Flight bookings, their card payments, change requests and the event outbox. */
    bookings: BookingStore;
    seats: SeatStore;
  }
}
