// A held seat keeps its place for as long as an offer lives (30 minutes): after
// that anyone may take it, so an abandoned checkout never blocks a seat for good.
// Until someone does, the holder still has it and checkout still buys it.

export const SEAT_HOLD_LAPSE_MS = 30 * 60_000;

/** Holds made before this instant no longer keep others from the seat. */
export function holdsLapsedBefore(now: Date): Date {
  return new Date(now.getTime() - SEAT_HOLD_LAPSE_MS);
}
