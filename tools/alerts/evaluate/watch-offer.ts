import type { Fare } from '../../fares/cheapest-fare.js';
import type { WatchOffer } from '../alert-store.js';

// The bookable offer behind a watch's price, named in alert.triggered so the
// receiver can book it (offer_id, while it holds) or search again.

const hhmm = (local: string) => local.slice(11, 16);

/** "BA117 JFK 18:30 → LHR 06:35"; "+N" days when it lands on a later date. */
function sliceLine(slice: NonNullable<Fare['result']>['slices'][number]): string {
  const flights = slice.segments.map((s) => s.flight).join(', ');
  const later = Math.round((Date.parse(slice.arriving_at.slice(0, 10)) - Date.parse(slice.departing_at.slice(0, 10))) / 86_400_000);
  return `${flights} ${slice.origin} ${hhmm(slice.departing_at)} → ${slice.destination} ${hhmm(slice.arriving_at)}${later > 0 ? ` (+${later})` : ''}`;
}

export function watchOffer(fare: Fare): WatchOffer {
  const slices = fare.result?.slices ?? [];
  return {
    offer_id: fare.result?.offer_id ?? null,
    result_id: fare.resultId,
    search_id: fare.searchId,
    price: fare.price,
    currency: fare.currency,
    expires_at: fare.result?.expires_at ?? null,
    itinerary: slices.map(sliceLine),
    flights: slices.flatMap((s) => s.segments.map((seg) => seg.flight)),
    departing_at: slices[0]?.departing_at ?? null,
    return_departing_at: slices.length > 1 ? (slices[slices.length - 1]!.departing_at ?? null) : null,
  };
}
