import { z } from 'zod';
import { defineTool } from '../../_kit/define-tool.js';
import { principalUserId } from '../../_kit/principal.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import { withIdempotency } from '../../_kit/with-idempotency.js';
import { providerOfferId } from '../offer-id.js';
import { BookableOffer, bookableOffer } from '../checkout/bookable-offer.js';
import { BookingResult, bookingResult } from '../checkout/booking-result.js';
import { CreateOfferInput } from '../checkout/create-offer-input.js';
import { placePaidOrder } from '../checkout/place-order.js';
import { searchOffersMcp } from '../mcp/search-offers-mcp.js';

const SearchAnswer = z.object({
  mode: z.literal('search'),
  offer_request: z.object({ origin: z.string(), destination: z.string(), departure_date: z.string(), return_date: z.string().nullable(), cabin_class: z.string() }),
  offers: z.array(BookableOffer),
  total_found: z.number().int(),
});
const CheckoutAnswer = BookingResult.extend({ mode: z.literal('checkout') });

export const createOfferTool = defineTool({
  name: 'booking.create_offer',
  title: 'Search bookable offers, or check out a paid offer',
  description:
    'Two modes. Checkout, when both offer_id and payment_intent_id are set: checks the payment is yours (a guest also sends its client_secret) and was opened for this offer, verifies with the card processor that it is paid (authorized) for exactly the checkout price (fare + extras + held seats + markup) and was not used before, charges the card (captures the authorization), creates the order, and returns {booking_ref, status, confirmation_url}. If a check fails after you paid (the price changed, the offer expired) the authorization is released and nothing is charged; if the airline refuses the order the payment is refunded in full; the error says which. Send an Idempotency-Key header; one payment never pays for two orders. Search, otherwise: creates an offer request and returns bookable offers, cheapest first.',
  area: 'Flight booking',
  input: CreateOfferInput,
  output: z.discriminatedUnion('mode', [CheckoutAnswer, SearchAnswer]),
  errors: ['NOT_FOUND', 'PAYMENT_REQUIRED', 'CONFLICT', 'GONE', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'optional',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/booking/create-offer', idempotencyKey: true },
  mcp: searchOffersMcp,
  handler: async (ctx, input) => {
    if (input.offer_id !== undefined && input.payment_intent_id !== undefined) {
      const offerId = providerOfferId(input.offer_id);
      const paymentIntentId = input.payment_intent_id;
      const booking = await withIdempotency(ctx, 'booking.checkout', input, async () => {
        const placed = await placePaidOrder(ctx, {
          offerId,
          paymentIntentId,
          clientSecret: input.client_secret,
          passengers: input.passengers ?? [],
          services: input.services,
          channel: 'checkout',
          userId: principalUserId(ctx.principal) ?? null,
          agentUserId: null,
        });
        return { mode: 'checkout' as const, ...bookingResult(ctx, placed) };
      });
      return booking;
    }
    const query = {
      origin: input.origin!,
      destination: input.destination!,
      departureDate: input.departure_date!,
      ...(input.return_date ? { returnDate: input.return_date } : {}),
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      cabin: input.cabin_class,
      ...(input.max_connections !== undefined ? { maxConnections: input.max_connections } : {}),
      currency: input.currency,
    };
    let offers;
    try {
      offers = await ctx.services.providers.flights.searchOffers(query, ctx.signal);
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
    const sorted = offers.filter((o) => o.bookable).sort((a, b) => a.total.amount - b.total.amount);
    return {
      mode: 'search' as const,
      offer_request: { origin: query.origin, destination: query.destination, departure_date: query.departureDate, return_date: input.return_date ?? null, cabin_class: query.cabin },
      offers: sorted.slice(0, input.limit).map(bookableOffer),
      total_found: sorted.length,
    };
  },
});
