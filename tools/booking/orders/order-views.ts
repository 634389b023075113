import type { z } from 'zod';
import { fromMinor } from '../../_kit/money.js';
import type { FlightOrder, FlightSlice, OrderChangeOffer, OrderDocument } from '../../_kit/providers.js';
import { conditionsView, moneyView, sliceView } from '../offers/offer-views.js';
import type { BookingRecord } from '../store.js';
import { cancellationView } from './cancellation-view.js';
import type { BookingView, ChangeOfferView, CompactSliceView, DocumentView, ProviderOrderView } from './order-schemas.js';

// Booking records and provider orders → the REST views of order-schemas.ts.

type Out<T extends z.ZodType> = z.input<T>;

function major(minor: number, currency: string): number {
  return fromMinor(minor, currency).amount;
}

export function documentView(doc: OrderDocument, order: FlightOrder): Out<typeof DocumentView> {
  const names = new Map(order.passengers.map((p) => [p.id, `${p.givenName} ${p.familyName}`]));
  return {
    type: doc.type,
    ticket_number: doc.uniqueIdentifier,
    passenger_ids: doc.passengerIds,
    passenger_names: doc.passengerIds.map((id) => names.get(id) ?? id),
  };
}

export function providerOrderView(o: FlightOrder): Out<typeof ProviderOrderView> {
  return {
    order_id: o.id,
    pnr: o.bookingReference,
    owner: o.owner,
    total: moneyView(o.total),
    slices: o.slices.map(sliceView),
    services: o.services.map((s) => ({
      id: s.id,
      type: s.type,
      quantity: s.quantity,
      passenger_ids: s.passengerIds,
      segment_ids: s.segmentIds,
      total: moneyView(s.total),
      designator: s.designator ?? null,
    })),
    documents: o.documents.map((d) => documentView(d, o)),
    conditions: conditionsView(o.conditions),
    awaiting_payment: o.payment.awaitingPayment,
    available_actions: o.availableActions,
  };
}

export function bookingView(b: BookingRecord, stale: boolean): Out<typeof BookingView> {
  const c = b.currency;
  return {
    id: b.id,
    booking_ref: b.id,
    pnr: b.bookingReference,
    order_id: b.providerOrderId,
    status: b.status,
    type: b.type,
    channel: b.channel,
    totals: {
      currency: c,
      fare: major(b.fareMinor, c),
      services: major(b.servicesMinor, c),
      markup: major(b.markupMinor, c),
      total: major(b.totalMinor, c),
      refund: b.refundMinor === null ? null : major(b.refundMinor, c),
    },
    passengers: b.passengers.map((p) => ({ id: p.slotId, given_name: p.givenName, family_name: p.familyName, type: p.type })),
    payment_required_by: b.paymentRequiredBy,
    price_guarantee_expires_at: b.priceGuaranteeExpiresAt,
    paid_at: b.paidAt,
    cancelled_at: b.cancelledAt,
    cancellation: b.cancellation ? cancellationView(b.cancellation) : null,
    created_at: b.createdAt,
    order: b.order ? providerOrderView(b.order) : null,
    stale,
  };
}

export function compactSliceView(s: FlightSlice): Out<typeof CompactSliceView> {
  const full = sliceView(s);
  return {
    id: full.id,
    origin: full.origin,
    destination: full.destination,
    departing_at: full.departing_at,
    arriving_at: full.arriving_at,
    duration_minutes: full.duration_minutes,
    flights: full.segments.map((g) => g.flight),
  };
}

export function changeOfferView(o: OrderChangeOffer): Out<typeof ChangeOfferView> {
  return {
    id: o.id,
    change_total: moneyView(o.changeTotal),
    new_total: moneyView(o.newTotal),
    penalty: o.penalty ? moneyView(o.penalty) : null,
    refund_to: o.refundTo,
    expires_at: o.expiresAt,
    slices_add: o.slicesAdd.map(compactSliceView),
    slices_remove: o.slicesRemove.map(compactSliceView),
  };
}
