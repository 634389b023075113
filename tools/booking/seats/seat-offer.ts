import type { ToolContext } from '../../_kit/context.js';
import { isProviderError, providerToolError } from '../../_kit/provider-error.js';
import type { CashOffer, FlightSegment, SeatMap } from '../../_kit/providers.js';
import { loadLiveOffer } from '../checkout/load-offer.js';
import { flightKeyOf } from './flight-key.js';

// An offer as seat selection needs it: its passengers, its seat maps, and for each
// segment the flight it is and whether the fare lets seats be chosen in advance.

export interface SeatSegment {
  segmentId: string;
  sliceId: string;
  flightKey: string;
  flight: string;
  origin: string;
  destination: string;
  departingAt: string;
  /** The fare's rule for this segment's slice; null when the airline does not say. */
  advanceSeatSelection: boolean | null;
  map: SeatMap | null;
}

export interface SeatOffer {
  offer: CashOffer & { passengers: NonNullable<CashOffer['passengers']> };
  segments: SeatSegment[];
}

function segmentOf(offer: CashOffer, maps: readonly SeatMap[], seg: FlightSegment, sliceIndex: number, segIndex: number): SeatSegment {
  // Seat maps name segments by the provider's id; a segment without one has no map to choose from.
  const segmentId = seg.providerSegmentId ?? `${sliceIndex}.${segIndex}`;
  return {
    segmentId,
    sliceId: offer.slices[sliceIndex]?.providerSliceId ?? String(sliceIndex),
    flightKey: flightKeyOf(seg),
    flight: `${seg.marketingCarrier}${seg.flightNumber}`,
    origin: seg.origin,
    destination: seg.destination,
    departingAt: seg.departingAt,
    advanceSeatSelection: offer.sliceConditions?.[sliceIndex]?.advanceSeatSelection ?? null,
    map: maps.find((m) => m.segmentId === segmentId) ?? null,
  };
}

/** The live offer (410 once gone) and its seat maps, read from the flights provider. */
export async function loadSeatOffer(ctx: ToolContext, providerOfferId: string): Promise<SeatOffer> {
  const offer = await loadLiveOffer(ctx, providerOfferId);
  let maps: SeatMap[];
  try {
    maps = await ctx.services.providers.flights.getSeatMaps(providerOfferId, ctx.signal);
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
  const segments = offer.slices.flatMap((slice, si) => slice.segments.map((seg, gi) => segmentOf(offer, maps, seg, si, gi)));
  return { offer, segments };
}
