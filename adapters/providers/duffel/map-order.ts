import type { FlightOrder, OrderDocument, OrderDocumentType, OrderServiceLine } from '../../../tools/_kit/providers.js';
import { isRecord, malformed, requireString } from './malformed.js';
import { optionalMoney, toMoney } from './map-money.js';
import { mapConditions, mapSlice, passengerType } from './map-offer.js';
import type { DuffelOrder, DuffelOrderDocument, DuffelOrderPassenger, DuffelOrderService, DuffelOrderSlice } from './wire.js';

// Duffel Order → FlightOrder. An order is what the customer paid for, so a body
// without its id, reference, price, owner or payment status is a bad_response
// rather than something half-filled.

const SERVICE_TYPES: readonly OrderServiceLine['type'][] = ['baggage', 'seat', 'cancel_for_any_reason'];
const DOCUMENT_TYPES: readonly OrderDocumentType[] = ['electronic_ticket', 'electronic_miscellaneous_document_associated', 'electronic_miscellaneous_document_standalone'];
const ACTIONS: readonly FlightOrder['availableActions'][number][] = ['cancel', 'change', 'update'];

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

type SeatedPassenger = DuffelOrderSlice['segments'][number]['passengers'][number];

/** The seat a passenger holds on a segment, as the order's slices state it. */
function seatOnSegment(slices: readonly DuffelOrderSlice[], segmentId: string | undefined, passengerId: string | undefined): string | undefined {
  for (const slice of slices) {
    const seg = slice.segments?.find((s) => s.id === segmentId);
    const passengers: SeatedPassenger[] = Array.isArray(seg?.passengers) ? seg.passengers : [];
    const seat = passengers.find((p) => p.passenger_id === passengerId)?.seat;
    if (seat && typeof seat.designator === 'string') return seat.designator;
  }
  return undefined;
}

function mapService(service: DuffelOrderService, slices: readonly DuffelOrderSlice[]): OrderServiceLine {
  const id = requireString(service?.id, 'order service id');
  const type = (SERVICE_TYPES as readonly string[]).includes(service.type) ? (service.type as OrderServiceLine['type']) : 'other';
  const out: OrderServiceLine = {
    id,
    type,
    quantity: typeof service.quantity === 'number' ? service.quantity : 1,
    passengerIds: strings(service.passenger_ids),
    segmentIds: strings(service.segment_ids),
    total: toMoney(service.total_amount, service.total_currency),
  };
  if (type === 'seat') {
    // Duffel puts the seat in the service's metadata; the segment passenger's `seat` is the fallback.
    const fromMeta = isRecord(service.metadata) && typeof service.metadata.designator === 'string' ? service.metadata.designator : undefined;
    const designator = fromMeta ?? seatOnSegment(slices, out.segmentIds[0], out.passengerIds[0]);
    if (designator) out.designator = designator;
  }
  return out;
}

function mapDocument(doc: DuffelOrderDocument): OrderDocument | null {
  // A document kind Duffel adds later is left out rather than failing the order.
  if (!doc || !(DOCUMENT_TYPES as readonly string[]).includes(doc.type) || typeof doc.unique_identifier !== 'string') return null;
  return { type: doc.type, uniqueIdentifier: doc.unique_identifier, passengerIds: strings(doc.passenger_ids) };
}

function mapPassenger(p: DuffelOrderPassenger): FlightOrder['passengers'][number] {
  const id = requireString(p?.id, 'order passenger id');
  return {
    id,
    givenName: typeof p.given_name === 'string' ? p.given_name : '',
    familyName: typeof p.family_name === 'string' ? p.family_name : '',
    type: p.type === undefined || p.type === null ? null : passengerType(p.type, null),
  };
}

function stringMetadata(meta: unknown): Record<string, string> {
  if (!isRecord(meta)) return {};
  return Object.fromEntries(Object.entries(meta).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Duffel's type; older bodies say `pay_later` for a hold, and a body without one is told by its payment status. */
function orderType(order: DuffelOrder): FlightOrder['type'] {
  if (order.type === 'hold' || order.type === 'pay_later') return 'hold';
  if (order.type === 'instant') return 'instant';
  return order.payment_status.awaiting_payment ? 'hold' : 'instant';
}

export function mapOrder(order: DuffelOrder): FlightOrder {
  if (!isRecord(order)) throw malformed('order is not an object');
  const id = requireString(order.id, 'order id');
  const bookingReference = requireString(order.booking_reference, `order ${id} booking_reference`);
  const owner = requireString(order.owner?.iata_code, `order ${id} owner`);
  const createdAt = requireString(order.created_at, `order ${id} created_at`);
  if (!Array.isArray(order.slices)) throw malformed(`order ${id} has no slices`);
  if (!Array.isArray(order.passengers)) throw malformed(`order ${id} has no passengers`);
  const ps = order.payment_status;
  if (!isRecord(ps) || typeof ps.awaiting_payment !== 'boolean') throw malformed(`order ${id} has no payment_status`);

  const out: FlightOrder = {
    id,
    bookingReference,
    type: orderType(order),
    total: toMoney(order.total_amount, order.total_currency),
    slices: order.slices.map(mapSlice),
    passengers: order.passengers.map(mapPassenger),
    services: (Array.isArray(order.services) ? order.services : []).map((s) => mapService(s, order.slices)),
    documents: (Array.isArray(order.documents) ? order.documents : []).flatMap((d) => mapDocument(d) ?? []),
    payment: {
      awaitingPayment: ps.awaiting_payment,
      paymentRequiredBy: ps.payment_required_by ?? null,
      priceGuaranteeExpiresAt: ps.price_guarantee_expires_at ?? null,
      paidAt: ps.paid_at ?? null,
    },
    availableActions: strings(order.available_actions).filter((a): a is FlightOrder['availableActions'][number] => (ACTIONS as readonly string[]).includes(a)),
    createdAt,
    cancelledAt: order.cancelled_at ?? null,
    owner,
    metadata: stringMetadata(order.metadata),
  };
  const base = optionalMoney(order.base_amount, order.base_currency);
  if (base) out.base = base;
  const tax = optionalMoney(order.tax_amount, order.tax_currency);
  if (tax) out.tax = tax;
  if (order.conditions) out.conditions = mapConditions(order.conditions);
  return out;
}
