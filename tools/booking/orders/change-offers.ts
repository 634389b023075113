import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { changeRequestView, loadChangeRequest } from './change-request-view.js';
import { ChangeIdInput } from './change-request-input.js';
import { ChangeOfferView } from './order-schemas.js';

export const changeOffersTool = defineTool({
  name: 'booking.change_offers',
  title: 'Change offers of a change request',
  description:
    'The change offers of a change request: for each, what the change costs or refunds, the new order total, the penalty, and the flights added and removed. ' +
    'The list may still grow while `complete` is false.',
  area: 'Flight booking',
  input: z.object({ change_request_id: ChangeIdInput }),
  output: z.object({ change_request_id: z.string(), offers: z.array(ChangeOfferView), complete: z.boolean() }),
  errors: ['NOT_FOUND', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/change-requests/{change_request_id}/offers' },
  mcp: false,
  handler: async (ctx, input) => {
    const { cr, booking, stored } = await loadChangeRequest(ctx, input.change_request_id);
    const view = changeRequestView(cr, booking, stored, ctx.services.clock());
    return { change_request_id: view.id, offers: view.offers, complete: view.complete };
  },
});
