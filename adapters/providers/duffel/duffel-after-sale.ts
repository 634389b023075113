import { toMinor } from '../../../tools/_kit/money.js';
import type { FlightBookingProvider } from '../../../tools/_kit/providers.js';
import type { DuffelResult } from './client.js';
import { seg, type DuffelCalls } from './duffel-calls.js';
import { mapCancellation } from './map-cancellation.js';
import { mapChangeOffer, mapChangeRequest, mapOrderChange } from './map-change.js';
import { balancePayment } from './map-payments.js';
import { changeRequestBody } from './order-request.js';
import type { DuffelOrderCancellation, DuffelOrderChange, DuffelOrderChangeOffer, DuffelOrderChangeRequest } from './wire.js';

// After the sale: cancellation (quote, then confirm) and customer changes
// (request, offers filling in, select and confirm).

type AfterSaleMethods = Pick<FlightBookingProvider, 'quoteCancellation' | 'confirmCancellation' | 'createChangeRequest' | 'getChangeRequest' | 'getChangeOffer' | 'confirmChange'>;

const toCancellation = (res: DuffelResult<DuffelOrderCancellation>) => mapCancellation(res.data);
const toChangeRequest = (res: DuffelResult<DuffelOrderChangeRequest>) => mapChangeRequest(res.data);

export function duffelAfterSaleMethods(calls: DuffelCalls): AfterSaleMethods {
  return {
    // A quote changes nothing, but Duffel creates an object per call, so it is not retried either.
    quoteCancellation: (orderId, signal) => calls.write('/air/order_cancellations', { order_id: orderId }, toCancellation, signal),

    confirmCancellation: (cancellationId, signal) => calls.write(`/air/order_cancellations/${seg(cancellationId)}/actions/confirm`, undefined, toCancellation, signal),

    createChangeRequest: (orderId, change, signal) => calls.write('/air/order_change_requests', changeRequestBody(orderId, change), toChangeRequest, signal),

    getChangeRequest: (id, signal) => calls.read(`/air/order_change_requests/${seg(id)}`, undefined, toChangeRequest, signal),

    getChangeOffer: (id, signal) => calls.read(`/air/order_change_offers/${seg(id)}`, undefined, (res: DuffelResult<DuffelOrderChangeOffer>) => mapChangeOffer(res.data), signal),

    async confirmChange(changeOfferId, payment, signal) {
      const pending = await calls.write('/air/order_changes', { selected_order_change_offer: changeOfferId }, (res: DuffelResult<DuffelOrderChange>) => mapOrderChange(res.data), signal);
      // Duffel wants no payment when the change costs nothing or refunds.
      const body = payment !== null && toMinor(payment) > 0 ? { payment: balancePayment(payment) } : undefined;
      return calls.write(`/air/order_changes/${seg(pending.id)}/actions/confirm`, body, (res: DuffelResult<DuffelOrderChange>) => mapOrderChange(res.data), signal);
    },
  };
}
