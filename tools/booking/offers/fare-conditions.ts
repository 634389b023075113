import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { conditionsSummary } from './conditions-summary.js';
import { liveOffer } from './live-offer.js';
import { ConditionsView, OfferIdInput } from './offer-schemas.js';
import { conditionsView, publicOfferId } from './offer-views.js';

const SliceConditionsView = ConditionsView.extend({
  slice_id: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  fare_brand: z.string().nullable(),
  priority_boarding: z.boolean().nullable(),
  advance_seat_selection: z.boolean().nullable().describe('Seats can be chosen before check-in.'),
});

export const fareConditionsTool = defineTool({
  name: 'booking.fare_conditions',
  title: 'Fare conditions of an offer',
  description:
    'Refund and change policies before departure (allowed, and the fee when the airline states one) for a flight offer as a whole and per slice, ' +
    'with each slice\'s fare brand, priority boarding and advance seat selection, plus a one-line human summary. null means the airline does not say. Open to guests.',
  area: 'Flight booking',
  input: z.object({ offer_id: OfferIdInput }),
  output: ConditionsView.extend({
    offer_id: z.string(),
    fare_brand: z.string().nullable(),
    slices: z.array(SliceConditionsView),
    summary: z.string(),
  }),
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/fare-conditions' },
  mcp: false,
  handler: async (ctx, input) => {
    const offer = await liveOffer(ctx, input.offer_id);
    const slices = offer.slices.map((s, i) => {
      const own = offer.sliceConditions?.[i];
      return {
        slice_id: s.providerSliceId ?? null,
        origin: s.origin,
        destination: s.destination,
        // A slice without its own conditions is sold under the offer's.
        ...conditionsView(own?.conditions ?? offer.conditions),
        fare_brand: own ? own.fareBrand : offer.fareBrand,
        priority_boarding: own?.priorityBoarding ?? null,
        advance_seat_selection: own?.advanceSeatSelection ?? null,
      };
    });
    return {
      offer_id: publicOfferId(offer),
      fare_brand: offer.fareBrand,
      ...conditionsView(offer.conditions),
      slices,
      summary: conditionsSummary(offer.conditions),
    };
  },
});
