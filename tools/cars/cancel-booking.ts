import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { fromMinor } from '../_kit/money.js';
import { loadCarBooking } from './car-access.js';
import { CarBookingView, carBookingView } from './booking-view.js';
import { cancelCarBooking } from './cancel-flow.js';
import { CarBookingIdInput, MoneyOut } from './schemas.js';

export const carCancelBookingTool = defineTool({
  name: 'cars.cancel_booking',
  title: 'Cancel a car booking',
  description:
    'Cancels a car booking with the rental company and refunds the card. Partner flow: what the supplier refunds of the prepaid rental under its cancellation policy, plus our margin when the rental is refunded in full. ' +
    'Legacy flow: the add-ons, and the service fee when cancelled before the pick-up time (nothing was paid to us for the rental itself). ' +
    'Cancelling a cancelled booking answers it unchanged. Allowed to the owner, the back end and admins, and to anyone holding the id of a guest booking.',
  area: 'Cars and cruises',
  input: z.object({ booking_id: CarBookingIdInput }),
  output: CarBookingView.extend({
    refund_breakdown: z
      .object({ rental: MoneyOut, fee: MoneyOut, add_ons: MoneyOut, pending_review: z.boolean().describe('True when part of the refund could not be settled at once and support will follow up.') })
      .nullable()
      .describe('This cancellation\'s refund; null when the booking was already cancelled.'),
  }),
  errors: ['NOT_FOUND', 'CONFLICT', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/booking/{booking_id}/cancel' },
  mcp: false,
  handler: async (ctx, input) => {
    const { record, plan } = await cancelCarBooking(ctx, await loadCarBooking(ctx, input.booking_id));
    const money = (minor: number) => fromMinor(minor, record.currency);
    return {
      ...carBookingView(record),
      refund_breakdown: plan ? { rental: money(plan.rentalMinor), fee: money(plan.feeMinor), add_ons: money(plan.addOnsMinor), pending_review: plan.pending } : null,
    };
  },
});
