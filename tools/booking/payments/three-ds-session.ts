import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { ServiceRequestInput } from '../checkout/create-offer-input.js';
import { loadBooking } from '../booking-access.js';
import { providerOfferId } from '../offer-id.js';

export const threeDsSessionTool = defineTool({
  name: 'booking.three_ds_session',
  title: 'Start a 3-D Secure session',
  description:
    "Creates a 3-D Secure session with the flight provider for a tokenised card and what it will pay for (an offer, an order or a change). status ready_for_payment: pay with the session id; client_action_required: run the provider's 3-D Secure component with client_id first.",
  area: 'Flight booking',
  input: z.strictObject({
    card_id: z.string().trim().min(1).max(200).describe("The tokenised card (tcd_...) from the provider's card component."),
    resource_id: z.string().trim().min(1).max(200).describe('What is paid for: an offer (off_...), an order (ord_... or our bk_..., which must be visible to the caller) or a change offer.'),
    services: z.array(ServiceRequestInput).max(20).default([]),
    cardholder_present: z.boolean().default(true).describe('False for a merchant-initiated payment (the customer is not there to authenticate).'),
  }),
  output: z.object({ id: z.string(), status: z.string(), resource_id: z.string(), card_id: z.string(), client_id: z.string().nullable(), expires_at: z.string() }),
  errors: ['NOT_FOUND', 'UNPROCESSABLE', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/booking/3ds-session' },
  mcp: false,
  handler: async (ctx, input) => {
    let resourceId = input.resource_id.includes(':') ? providerOfferId(input.resource_id) : input.resource_id;
    // An order is somebody's: only who may see the booking may pay for it (anyone else gets the 404 of an unknown id).
    if (/^(ord|bk)_/.test(resourceId)) resourceId = (await loadBooking(ctx, resourceId)).providerOrderId ?? resourceId;
    try {
      const s = await ctx.services.providers.flights.createThreeDSecureSession(
        { cardId: input.card_id, resourceId, services: input.services, cardholderPresent: input.cardholder_present },
        ctx.signal,
      );
      return { id: s.id, status: s.status, resource_id: s.resourceId, card_id: s.cardId, client_id: s.clientId, expires_at: s.expiresAt };
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
  },
});
