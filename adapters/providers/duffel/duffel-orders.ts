import type { FlightBookingProvider, FlightOrder } from '../../../tools/_kit/providers.js';
import type { DuffelResult } from './client.js';
import { seg, type DuffelCalls } from './duffel-calls.js';
import { malformed } from './malformed.js';
import { mapOrder } from './map-order.js';
import { balancePayment } from './map-payments.js';
import { mapAvailableServices } from './map-service.js';
import { orderCreateBody } from './order-request.js';
import type { DuffelAddServices, DuffelAvailableService, DuffelOrder, DuffelPaymentCreate } from './wire.js';

// Orders: creation (201 created, 202 accepted), reads, the lookup that finds an
// accepted order again, paying a hold, and extras bought after booking.

/** Pages of `GET /air/orders` findOrder reads before giving up: the order was made seconds ago. */
const FIND_MAX_PAGES = 5;

type OrderMethods = Pick<FlightBookingProvider, 'createOrder' | 'getOrder' | 'findOrder' | 'payOrder' | 'getOrderServices' | 'addOrderServices'>;

const toOrder = (res: DuffelResult<DuffelOrder>): FlightOrder => mapOrder(res.data);

export function duffelOrderMethods(calls: DuffelCalls): OrderMethods {
  const getOrder = (orderId: string, signal: AbortSignal) => calls.read(`/air/orders/${seg(orderId)}`, undefined, toOrder, signal);

  return {
    createOrder(request, signal) {
      return calls.writeAllowingNoData(
        '/air/orders',
        orderCreateBody(request),
        (res: DuffelResult<DuffelOrder | null>) => {
          // 202: Duffel took the order but the airline has not confirmed it; whatever the body holds is not an order yet.
          if (res.status === 202) return { status: 'accepted' as const };
          if (res.data === null) throw malformed(`order creation answered ${res.status} without an order${res.requestId ? ` [request ${res.requestId}]` : ''}`, res.status);
          return { status: 'created' as const, order: mapOrder(res.data) };
        },
        signal,
      );
    },

    getOrder,

    findOrder({ passengerFamilyName, metadataKey, metadataValue }, signal) {
      return (async () => {
        let after: string | undefined;
        for (let page = 0; page < FIND_MAX_PAGES; page++) {
          const res = await calls.read(
            '/air/orders',
            { 'passenger_name[]': passengerFamilyName, after },
            (r: DuffelResult<DuffelOrder[]>) => {
              if (!Array.isArray(r.data)) throw malformed('order list is not a list');
              // Only the match is mapped: an unrelated malformed order must not hide ours.
              const match = r.data.find((o) => o?.metadata?.[metadataKey] === metadataValue);
              return { order: match ? mapOrder(match) : null, after: r.meta?.after ?? null };
            },
            signal,
          );
          if (res.order) return res.order;
          if (!res.after) return null;
          after = res.after;
        }
        return null;
      })();
    },

    async payOrder(orderId, amount, signal) {
      const body: DuffelPaymentCreate = { order_id: orderId, payment: balancePayment(amount) };
      // The payment object is not what the caller needs; the order with its new payment status is.
      await calls.writeAllowingNoData('/air/payments', body, () => undefined, signal);
      return getOrder(orderId, signal);
    },

    getOrderServices(orderId, signal) {
      return calls.read(`/air/orders/${seg(orderId)}/available_services`, undefined, (res: DuffelResult<DuffelAvailableService[]>) => mapAvailableServices(res.data), signal);
    },

    async addOrderServices(orderId, services, payment, signal) {
      const body: DuffelAddServices = { add_services: services.map((s) => ({ id: s.id, quantity: s.quantity })), payment: balancePayment(payment) };
      await calls.writeAllowingNoData(`/air/orders/${seg(orderId)}/services`, body, () => undefined, signal);
      return getOrder(orderId, signal);
    },
  };
}
