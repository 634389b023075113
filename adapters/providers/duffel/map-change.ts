import type { OrderChange, OrderChangeOffer, OrderChangeRequest } from '../../../tools/_kit/providers.js';
import { isRecord, malformed, requireString } from './malformed.js';
import { optionalMoney, toMoney } from './map-money.js';
import { mapSlice } from './map-offer.js';
import type { DuffelOrderChange, DuffelOrderChangeOffer, DuffelOrderChangeRequest, DuffelSlice } from './wire.js';

// Duffel customer changes: change requests, their offers, and the change itself.

function slicesOf(list: unknown, what: string): ReturnType<typeof mapSlice>[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw malformed(`${what} is not a list`);
  return (list as DuffelSlice[]).map(mapSlice);
}

export function mapChangeOffer(o: DuffelOrderChangeOffer): OrderChangeOffer {
  if (!isRecord(o)) throw malformed('order change offer is not an object');
  const id = requireString(o.id, 'order change offer id');
  return {
    id,
    changeTotal: toMoney(o.change_total_amount, o.change_total_currency),
    newTotal: toMoney(o.new_total_amount, o.new_total_currency),
    penalty: optionalMoney(o.penalty_amount, o.penalty_currency) ?? null,
    refundTo: o.refund_to ?? null,
    expiresAt: requireString(o.expires_at, `change offer ${id} expires_at`),
    slicesAdd: slicesOf(o.slices?.add, `change offer ${id} added slices`),
    slicesRemove: slicesOf(o.slices?.remove, `change offer ${id} removed slices`),
  };
}

export function mapChangeRequest(r: DuffelOrderChangeRequest): OrderChangeRequest {
  if (!isRecord(r)) throw malformed('order change request is not an object');
  const id = requireString(r.id, 'order change request id');
  const offers = r.order_change_offers ?? [];
  if (!Array.isArray(offers)) throw malformed(`change request ${id} offers are not a list`);
  return {
    id,
    orderId: requireString(r.order_id, `change request ${id} order_id`),
    createdAt: requireString(r.created_at, `change request ${id} created_at`),
    offers: offers.map(mapChangeOffer),
  };
}

export function mapOrderChange(c: DuffelOrderChange): OrderChange {
  if (!isRecord(c)) throw malformed('order change is not an object');
  const id = requireString(c.id, 'order change id');
  return {
    id,
    orderId: requireString(c.order_id, `order change ${id} order_id`),
    changeTotal: toMoney(c.change_total_amount, c.change_total_currency),
    newTotal: toMoney(c.new_total_amount, c.new_total_currency),
    confirmedAt: c.confirmed_at ?? null,
  };
}
