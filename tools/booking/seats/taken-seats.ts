import type { ToolContext } from '../../_kit/context.js';
import { holdsLapsedBefore } from './hold-lapse.js';
import type { SeatOffer } from './seat-offer.js';
import type { TakenSeats } from './seat-map-view.js';

/** Seats on the offer's flights that someone other than `holder` has held (and not let lapse) or bought through us. */
export async function takenSeatsFor(ctx: ToolContext, seatOffer: SeatOffer, holder: string | null): Promise<TakenSeats> {
  const flightKeys = [...new Set(seatOffer.segments.map((s) => s.flightKey))];
  const rows = await ctx.services.seats.takenOnFlights(flightKeys, holder, holdsLapsedBefore(ctx.services.clock()));
  const taken = new Map<string, Set<string>>();
  for (const row of rows) {
    const seats = taken.get(row.flightKey) ?? new Set<string>();
    seats.add(row.designator);
    taken.set(row.flightKey, seats);
  }
  return taken;
}
