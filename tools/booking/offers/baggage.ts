import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { liveOffer } from './live-offer.js';
import { OfferIdInput, ServiceOptionView } from './offer-schemas.js';
import { publicOfferId, serviceOptionView } from './offer-views.js';

const IncludedView = z.object({
  slice_id: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  checked: z.number().int().nullable().describe('Checked bags included per passenger; null when the airline does not say.'),
  carry_on: z.number().int().nullable(),
});

export const baggageTool = defineTool({
  name: 'booking.baggage',
  title: 'Baggage of an offer',
  description:
    'What a flight offer includes in baggage per slice, and the extra bags the airline sells with it at their live prices (per unit, per passenger and segments). ' +
    '`options` is empty when the carrier publishes no bag extras through the provider. Buy an option by passing its service_id at booking. Open to guests.',
  area: 'Flight booking',
  input: z.object({ offer_id: OfferIdInput }),
  output: z.object({
    offer_id: z.string(),
    included: z.array(IncludedView),
    options: z.array(ServiceOptionView.extend({ type: z.literal('baggage'), kind: z.enum(['checked', 'carry_on']) })),
  }),
  errors: ['GONE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/booking/baggage' },
  mcp: false,
  handler: async (ctx, input) => {
    const offer = await liveOffer(ctx, input.offer_id);
    // The provider states one allowance for the fare (first passenger, first flight); it applies to each slice.
    const included = offer.slices.map((s) => ({
      slice_id: s.providerSliceId ?? null,
      origin: s.origin,
      destination: s.destination,
      checked: offer.baggage?.checked ?? null,
      carry_on: offer.baggage?.carryOn ?? null,
    }));
    const options = (offer.availableServices ?? [])
      .filter((s) => s.type === 'baggage' && s.baggage)
      .map((s) => ({ ...serviceOptionView(s), type: 'baggage' as const, kind: s.baggage?.kind ?? 'checked' }));
    return { offer_id: publicOfferId(offer), included, options };
  },
});
