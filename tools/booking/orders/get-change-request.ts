import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { changeRequestView, loadChangeRequest } from './change-request-view.js';
import { ChangeIdInput } from './change-request-input.js';
import { ChangeRequestView } from './order-schemas.js';

export const getChangeRequestTool = defineTool({
  name: 'booking.change_request_get',
  title: 'Poll a change request',
  description:
    'A change request of a booking with the change offers found so far, read live from the provider. Offers fill in over a few seconds after creation: ' +
    'poll while `complete` is false (every poll_after_ms), then accept one with change-confirm.',
  area: 'Flight booking',
  input: z.object({ change_request_id: ChangeIdInput }),
  output: ChangeRequestView,
  errors: ['NOT_FOUND', 'GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/change-requests/{change_request_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const { cr, booking, stored } = await loadChangeRequest(ctx, input.change_request_id);
    return changeRequestView(cr, booking, stored, ctx.services.clock());
  },
});
