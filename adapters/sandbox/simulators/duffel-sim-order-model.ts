import type { DuffelAvailableService, DuffelOrder, DuffelOrderDocument, DuffelPaymentInput } from '../../providers/duffel/wire.js';

// The order as the simulator keeps it: Duffel's wire order plus what Duffel keeps
// to itself (when tickets appear, what each slice cost, which bags were bought).

/** A document with its life: shown from issuedAtMs until a reissue voids it. */
export interface StoredDocument extends DuffelOrderDocument {
  issuedAtMs: number;
  voidedAtMs: number | null;
}

export interface FareCents {
  base: number;
  tax: number;
}

export interface StoredOrder {
  /** The order as last written; `documents` is rendered from `tickets` at read time. */
  order: DuffelOrder;
  offerId: string;
  /** A 202-accepted order stays invisible until then. */
  visibleFromMs: number;
  paymentType: DuffelPaymentInput['type'] | null;
  tickets: StoredDocument[];
  ticketRound: number;
  /** Per order slice id: the part of the fare it carries (every passenger). */
  sliceFares: Record<string, FareCents>;
  servicesCents: number;
  /** The offer's baggage services, bought with the order or later. */
  bagCatalog: DuffelAvailableService[];
  /** Quantity bought per baggage service id. */
  bagsBought: Record<string, number>;
  /** How many service purchases have been made: keeps service line ids distinct. */
  purchases: number;
  /** Bumped whenever slices or totals change, so quotes and change offers made before go stale. */
  version: number;
}
