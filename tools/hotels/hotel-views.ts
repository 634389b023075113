import type { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { fromMinor, toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/provider-basics.js';
import type { Accommodation, StayRate } from '../_kit/stays-cars-cruises.js';
import type { HotelOut, StayBookingView, TimelineOut } from './hotel-schemas.js';
import { nightsBetween } from './search-request.js';
import type { StayBookingRecord } from './stay-store.js';

// Domain records to the answers' snake_case shapes.

export function hotelView(a: Accommodation): z.output<typeof HotelOut> {
  return {
    id: a.id,
    name: a.name,
    kind: a.kind,
    rating: a.rating,
    review_score: a.reviewScore,
    chain: a.chain,
    brand: a.brand,
    address: { line_one: a.address.lineOne, city: a.address.city, postal_code: a.address.postalCode, region: a.address.region, country_code: a.address.countryCode },
    location: { latitude: a.location.latitude, longitude: a.location.longitude },
    amenities: a.amenities,
  };
}

export function timelineView(timeline: StayRate['cancellationTimeline']): z.output<typeof TimelineOut> {
  return [...timeline].sort((a, b) => Date.parse(a.before) - Date.parse(b.before)).map((t) => ({ before: t.before, refund: t.refund }));
}

/** A total spread over the nights, rounded to the currency's minor unit. */
export function perNight(total: Money, nights: number): Money {
  return fromMinor(Math.round(toMinor(total) / Math.max(1, nights)), total.currency);
}

export function bookingUrl(ctx: ToolContext, id: string): string {
  return `${ctx.call?.baseUrl ?? ''}/api/hotels/booking/${id}`;
}

export function stayBookingView(ctx: ToolContext, b: StayBookingRecord, stale = false): StayBookingView {
  const stay = b.booking;
  return {
    booking_id: b.id,
    provider_booking_id: b.providerBookingId,
    reference: b.reference,
    status: b.status,
    hotel: stay ? hotelView(stay.accommodation) : null,
    hotel_name: b.accommodationName,
    check_in: b.checkIn,
    check_out: b.checkOut,
    nights: nightsBetween(b.checkIn, b.checkOut),
    guests: b.guests.map((g) => ({ given_name: g.givenName, family_name: g.familyName })),
    email: b.email,
    total: fromMinor(b.totalMinor, b.currency),
    cancellation_timeline: stay ? timelineView(stay.cancellationTimeline) : [],
    refund: b.refundMinor === null ? null : fromMinor(b.refundMinor, b.currency),
    payment_intent_id: b.paymentIntentId,
    confirmed_at: stay?.confirmedAt ?? null,
    cancelled_at: b.cancelledAt,
    created_at: b.createdAt,
    confirmation_url: bookingUrl(ctx, b.id),
    stale,
  };
}
