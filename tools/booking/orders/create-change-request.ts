import type { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { ToolError, type ValidationIssue } from '../../_kit/errors.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { ChangeSliceAdd, FlightOrder } from '../../_kit/providers.js';
import { tripProblems } from '../../flights/search-input.js';
import { findMetroCity } from '../../_kit/reference/airports.js';
import { loadBooking } from '../booking-access.js';
import { changeRequestView } from './change-request-view.js';
import { CreateChangeRequestInput } from './change-request-input.js';
import { withFreshOrder } from './fresh-order.js';
import { ChangeRequestView } from './order-schemas.js';

type Input = z.output<typeof CreateChangeRequestInput>;

/** Removed slices must be the order's own; added ones must be real trips that have not left yet. */
function inputProblems(input: Input, order: FlightOrder, now: Date): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const sliceIds = new Set(order.slices.flatMap((s) => (s.providerSliceId ? [s.providerSliceId] : [])));
  input.slices.remove.forEach((r, i) => {
    if (!sliceIds.has(r.slice_id)) {
      issues.push({ loc: ['body', 'slices', 'remove', i, 'slice_id'], msg: `Not a slice of this booking; its slices are ${[...sliceIds].join(', ') || 'unknown'}`, type: 'value_error' });
    }
  });
  input.slices.add.forEach((a, i) => {
    const names = { origin: 'origin', destination: 'destination', departure: 'departure_date', ret: 'departure_date' };
    for (const p of tripProblems({ origin: a.origin, destination: a.destination, departure: a.departure_date }, names, now)) {
      issues.push({ loc: ['body', 'slices', 'add', i, ...p.path], msg: p.message, type: 'value_error' });
    }
  });
  return issues;
}

function toSliceAdd(a: Input['slices']['add'][number]): ChangeSliceAdd {
  // A city code asks for its main airport, as flight search does.
  const airport = (code: string) => findMetroCity(code)?.airports[0] ?? code;
  return { origin: airport(a.origin), destination: airport(a.destination), departureDate: a.departure_date, cabin: a.cabin_class ?? 'economy' };
}

export const createChangeRequestTool = defineTool({
  name: 'booking.change_request',
  title: 'Ask to change a booked flight',
  description:
    'Starts a change of a confirmed booking: remove slices by their slice id (from GET /api/booking/{order_id}) and add new ones (origin, destination, date, cabin). ' +
    'Answers the change request with the change offers found so far; the airline adds more over a few seconds, so poll GET /api/booking/change-requests/{id} while `complete` is false, ' +
    'then accept one with change-confirm. 409 unless the booking is confirmed; 422 for a slice that is not the booking\'s or a date in the past.',
  area: 'Flight booking',
  input: CreateChangeRequestInput,
  output: ChangeRequestView,
  errors: ['NOT_FOUND', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/{order_id}/change-request' },
  mcp: false,
  handler: async (ctx, input) => {
    const loaded = await loadBooking(ctx, input.order_id);
    if (loaded.status !== 'confirmed' || !loaded.providerOrderId) {
      throw new ToolError('CONFLICT', `Only a confirmed booking can be changed; ${loaded.id} is ${loaded.status}`, { details: { booking_id: loaded.id, status: loaded.status } });
    }
    const { booking } = await withFreshOrder(ctx, loaded);
    const orderId = loaded.providerOrderId;
    // Without any copy of the order its slices cannot be checked; the provider is down then anyway.
    if (!booking.order) throw new ToolError('UPSTREAM_FAILED', 'Could not read the airline order to check the change', { details: { booking_id: booking.id } });
    const issues = inputProblems(input, booking.order, ctx.services.clock());
    if (issues.length > 0) throw new ToolError('VALIDATION_FAILED', 'The change request does not fit this booking', { issues });
    let cr;
    try {
      cr = await ctx.services.providers.flights.createChangeRequest(orderId, { removeSliceIds: input.slices.remove.map((r) => r.slice_id), add: input.slices.add.map(toSliceAdd) }, ctx.signal);
    } catch (err) {
      if (isProviderError(err)) throw providerToolError(err);
      throw err;
    }
    await ctx.services.bookings.addChangeRequest(cr.id, booking.id);
    return changeRequestView(cr, booking, null, ctx.services.clock());
  },
});
