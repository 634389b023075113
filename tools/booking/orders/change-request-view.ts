import type { z } from 'zod';
import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { OrderChangeRequest } from '../../_kit/providers.js';
import { loadBooking } from '../booking-access.js';
import type { BookingRecord } from '../store.js';
import type { ChangeRequestView } from './order-schemas.js';
import { changeOfferView } from './order-views.js';

/**
 * Airlines add change offers over a few seconds (usually under 5). For this long
 * after creation the list may still grow; after it, what is there is all.
 */
export const OFFERS_MAY_GROW_MS = 10_000;
const POLL_AFTER_MS = 1_000;

type StoredChangeRequest = { confirmedOfferId: string | null; confirmedAt: string | null } | null;

export function changeRequestView(cr: OrderChangeRequest, booking: BookingRecord, stored: StoredChangeRequest, now: Date): z.input<typeof ChangeRequestView> {
  const created = Date.parse(cr.createdAt);
  const mayGrow = !Number.isFinite(created) || now.getTime() - created < OFFERS_MAY_GROW_MS;
  return {
    id: cr.id,
    booking_id: booking.id,
    order_id: cr.orderId,
    created_at: cr.createdAt,
    offers: cr.offers.map(changeOfferView),
    offers_may_grow: mayGrow,
    complete: !mayGrow,
    poll_after_ms: mayGrow ? POLL_AFTER_MS : null,
    confirmed_offer_id: stored?.confirmedOfferId ?? null,
    confirmed_at: stored?.confirmedAt ?? null,
  };
}

/** A change request we recorded, its booking if this caller may see it (else 404), and its live state from the provider. */
export async function loadChangeRequest(ctx: ToolContext, changeRequestId: string): Promise<{ cr: OrderChangeRequest; booking: BookingRecord; stored: StoredChangeRequest }> {
  const stored = await ctx.services.bookings.changeRequest(changeRequestId);
  if (!stored) throw new ToolError('NOT_FOUND', `No change request ${changeRequestId}`, { details: { change_request_id: changeRequestId } });
  let booking: BookingRecord;
  try {
    booking = await loadBooking(ctx, stored.bookingId);
  } catch {
    // Same answer as an unknown id, so ids of other people's change requests cannot be probed.
    throw new ToolError('NOT_FOUND', `No change request ${changeRequestId}`, { details: { change_request_id: changeRequestId } });
  }
  try {
    return { cr: await ctx.services.providers.flights.getChangeRequest(changeRequestId, ctx.signal), booking, stored };
  } catch (err) {
    if (isProviderError(err)) throw providerToolError(err);
    throw err;
  }
}
