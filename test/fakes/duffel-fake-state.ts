import type { DuffelAvailableService, DuffelOffer, DuffelOrder, DuffelOrderCancellation, DuffelOrderChange, DuffelOrderChangeOffer, DuffelOrderChangeRequest, DuffelPaymentIntent, DuffelSeatMap } from '../../adapters/providers/duffel/wire.js';
import { validationError, type SimErrorSpec } from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import { minorToDecimal, toMinor } from '../../tools/_kit/money.js';

// The Duffel fake's in-memory sandbox: what the order, cancellation, change and
// payment handlers share, and the answers they give the HTTP layer.

/** A success body (undefined: an empty body), or one Duffel error the HTTP layer wraps with a request id. */
export type FakeAnswer = { status: number; body?: unknown } | { status: number; error: SimErrorSpec };

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The request's `data`, already unwrapped; undefined when there was no body. */
  data: unknown;
  now: Date;
}

/** Offers and seat maps come from the simulator, so order bodies match what search returned. */
export interface FakeOfferSource {
  offer(offerId: string, now: Date): Promise<DuffelOffer | null>;
  seatMaps(offerId: string, now: Date): Promise<DuffelSeatMap[]>;
}

export interface OrderEntry {
  order: DuffelOrder;
  /** The offer it was booked from, with its available services: what can still be bought. */
  offer: DuffelOffer;
  /** Quantity bought per available-service id. */
  bought: Map<string, number>;
}

export interface FakeState {
  orders: Map<string, OrderEntry>;
  bookedOffers: Set<string>;
  cancellations: Map<string, DuffelOrderCancellation>;
  changeRequests: Map<string, DuffelOrderChangeRequest>;
  changeOffers: Map<string, DuffelOrderChangeOffer>;
  changes: Map<string, DuffelOrderChange>;
  paymentIntents: Map<string, DuffelPaymentIntent>;
  /** Page size of `GET /air/orders` when the caller sends no `limit`; small in tests to exercise paging. */
  orderPageSize: number;
  nextId(prefix: string): string;
  /** A fresh 13-digit ticket number: a 3-digit airline prefix and a serial. */
  nextTicket(): string;
}

export function createFakeState(orderPageSize: number): FakeState {
  let counter = 0;
  let tickets = 0;
  return {
    orders: new Map(),
    bookedOffers: new Set(),
    cancellations: new Map(),
    changeRequests: new Map(),
    changeOffers: new Map(),
    changes: new Map(),
    paymentIntents: new Map(),
    orderPageSize,
    // Duffel ids are a prefix and 22 base62 characters; a counter keeps ours readable and unique per fake.
    nextId: (prefix) => `${prefix}_0000Fake${String(++counter).padStart(14, '0')}`,
    nextTicket: () => `125${String(4_100_000_000 + ++tickets).padStart(10, '0')}`,
  };
}

// ---------- answers ----------

export const ok = (status: number, data: unknown): FakeAnswer => ({ status, body: { data } });
export const fail = (status: number, error: SimErrorSpec): FakeAnswer => ({ status, error });
export const notFound = (): FakeAnswer => fail(404, { type: 'invalid_request_error', code: 'not_found', title: 'Not found', message: 'The resource you asked for does not exist.' });
export const invalid = (field: string, pointer: string, message: string): FakeAnswer => fail(422, validationError('validation_required', field, pointer, message));
/** An action the resource's state does not allow. Duffel's exact code for each case is UNCONFIRMED. */
export const wrongState = (code: string, message: string): FakeAnswer => fail(422, { type: 'invalid_state_error', code, title: 'Invalid state', message });

export const AMOUNT_MISMATCH: SimErrorSpec = {
  type: 'validation_error',
  code: 'payment_amount_does_not_match_order_amount',
  title: 'Payment amount does not match',
  message: 'The payment amount and currency must match the amount due.',
};

// ---------- reading request bodies ----------

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

// ---------- money in minor units, as Duffel's decimal strings ----------

export function minor(amount: unknown, currency: string): number | null {
  if (typeof amount !== 'string' || !/^-?\d+(\.\d+)?$/.test(amount)) return null;
  return toMinor({ amount: Number(amount), currency });
}

export function decimal(minorUnits: number, currency: string): string {
  return minorToDecimal(minorUnits, currency);
}

/** A balance payment's amount in minor units when its currency is the expected one, else null. */
export function paymentMinor(payment: unknown, currency: string): number | null {
  if (!isRecord(payment) || payment.currency !== currency) return null;
  return minor(payment.amount, currency);
}

export function remainingQuantity(entry: OrderEntry, service: DuffelAvailableService): number {
  return service.maximum_quantity - (entry.bought.get(service.id) ?? 0);
}
