// The payments ledger as tools see it: one record per card payment the service
// opened, implemented with Prisma in adapters/db. Money is integer minor units.
//
// A payment's life: `open` (created; maybe authorized by the customer's card) →
// `claimed` by goods being made (the authorization is captured then) → `attached`
// once they exist; or → `refunding` → `refunded` (captured money sent back) or
// `void` (never captured: the authorization released, the intent cancelled).
// Claiming and starting a refund are both compare-and-set from `open`, so a
// payment is never both spent on goods and refunded as unused, whatever races.

export type PaymentPurpose = 'order' | 'hold_payment' | 'change' | 'services' | 'custom' | 'car_service_fee' | 'car_partner_rental' | 'hotel' | 'provider_balance';
export type PaymentState = 'open' | 'claimed' | 'attached' | 'refunding' | 'refunded' | 'void';
/** A stay is named by its quote: one quote books one stay, and the quote id is known before the booking exists. */
export type GoodsKind = 'flight_booking' | 'car_booking' | 'stay_quote';

export interface GoodsRef {
  kind: GoodsKind;
  id: string;
}

export interface PaymentRecord {
  id: string;
  payerUserId: string | null;
  payerSecretHash: string | null;
  openedBy: 'user' | 'guest' | 'internal';
  purpose: PaymentPurpose;
  subject: string | null;
  amountMinor: number;
  currency: string;
  state: PaymentState;
  goods: GoodsRef | null;
  refundedMinor: number;
  createdAt: string;
  updatedAt: string;
}

export type NewPayment = Pick<PaymentRecord, 'id' | 'payerUserId' | 'payerSecretHash' | 'openedBy' | 'purpose' | 'subject' | 'amountMinor' | 'currency'> & {
  /** `open` unless said: a payment the card processor does not hold starts `attached` (see recordProviderPayment). */
  state?: PaymentState;
};

export interface ProcessorRefund {
  id: string;
  amountMinor: number;
  currency: string;
  reason: string;
}

/** The `payment.refunded` announcement, written with the refund in one transaction. */
export interface RefundEvent {
  dedupeKey: string;
  userId: string | null;
  payload: Record<string, unknown>;
}

export interface PaymentStore {
  /** Records a new payment; a second call for the same id (a retried creation) keeps the first. */
  open(payment: NewPayment): Promise<PaymentRecord>;
  get(id: string): Promise<PaymentRecord | null>;
  /** `open` → `claimed` by these goods. Re-claiming by the same goods is fine. Otherwise the record as it is. */
  claim(id: string, goods: GoodsRef): Promise<{ ok: true } | { ok: false; current: PaymentRecord | null }>;
  /** `claimed` → `attached`: the goods exist. */
  attach(id: string): Promise<void>;
  /** `claimed` → `open` again: the goods were surely not made and the payment may be spent again. */
  unclaim(id: string, goods: GoodsRef): Promise<void>;
  /**
   * Compare-and-set from one of `from` to `refunding`, stamped `at` (the services clock, which the
   * reconciler's grace period is measured on); true when this call moved it.
   */
  startRefund(id: string, from: readonly PaymentState[], at: Date): Promise<boolean>;
  /** `open` (or one of `from`) → `void`: never captured, and cancelled at the processor. True when this call moved it. */
  markVoid(id: string, from?: readonly PaymentState[]): Promise<boolean>;
  /** Ends a `refunding`: back to the state it came from when the refund did not go through, or `refunded` when nothing was left. */
  abandonRefund(id: string, backTo: PaymentState): Promise<void>;
  /**
   * Records one processor refund (once per refund id, so a replay counts once),
   * sets the refunded total to the sum of the payment's refunds and the state to
   * `state`, and writes the event, all in one transaction.
   */
  recordRefund(id: string, refund: ProcessorRefund, state: PaymentState, event: RefundEvent): Promise<PaymentRecord>;
  /** Payments in one of `states` not touched since `olderThan`, oldest first. */
  stale(states: readonly PaymentState[], olderThan: Date, limit: number): Promise<PaymentRecord[]>;
  /** Every payment attached to or claimed by these goods. */
  ofGoods(goods: GoodsRef): Promise<PaymentRecord[]>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    /** Every card payment the service opened: its payer, purpose, and whether it ended with goods or refunded. */
    payments: PaymentStore;
  }
}
