import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { liveOfferStrict } from './live-offer.js';
import { OfferIdInput, OfferView } from './offer-schemas.js';
import { offerView } from './offer-views.js';

export const getOfferTool = defineTool({
  name: 'offers.get',
  title: 'Check a flight offer',
  description:
    'Reads a flight offer live from the airline provider: 200 with its current price, flights, passengers, fare conditions and payment requirements while it can be booked. ' +
    '410 when the provider no longer knows it (offers expire about 30 minutes after search: search again). ' +
    '502 for any other upstream or transport failure; the offer may still be bookable then.',
  area: 'Flight booking',
  input: z.object({ offer_id: OfferIdInput }),
  output: OfferView,
  errors: ['GONE', 'UPSTREAM_FAILED', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/offers/{offer_id}' },
  mcp: false,
  handler: async (ctx, input) => offerView(await liveOfferStrict(ctx, input.offer_id)),
});
