import { fromMinor, toMinor } from '../../../tools/_kit/money.js';
import type { NewSeatHold, SeatSelectionRecord, SeatStore } from '../../../tools/booking/store.js';

/** A seat_selections row: the record's facts, the flight it is on and the seat key that gives the seat one holder. */
interface SeatRow extends Omit<SeatSelectionRecord, 'price'> {
  flightKey: string;
  /** flight|designator while held or confirmed, null once released: unique among rows, as the index is. */
  seatKey: string | null;
  priceMinor: number | null;
  currency: string | null;
}

const toRecord = ({ flightKey: _f, seatKey: _k, priceMinor, currency, ...r }: SeatRow): SeatSelectionRecord => ({
  ...r,
  price: priceMinor !== null && currency !== null ? fromMinor(priceMinor, currency) : null,
});

/** Passenger, then segment: the order a seat map is read in (as adapters/db/seat-store.ts sorts). */
const ordered = (rows: SeatRow[]): SeatSelectionRecord[] =>
  rows.map(toRecord).sort((a, b) => a.passengerSlot.localeCompare(b.passengerSlot) || a.segmentId.localeCompare(b.segmentId));

/**
 * Seat selections with adapters/db/seat-store.ts's rules: one selection per (offer, holder,
 * passenger, segment), replaced by a new hold unless confirmed; one holder per seat of a
 * flight (the seat key), which a lapsed hold by someone else gives up; released rows kept.
 * Times are the test clock's.
 */
export function memorySeats(clock: () => Date): SeatStore & { rows: SeatRow[] } {
  const rows: SeatRow[] = [];
  const now = () => clock().toISOString();
  const held = (offerId: string, userId: string) => rows.filter((r) => r.offerId === offerId && r.userId === userId && r.status === 'held');
  const release = (row: SeatRow, at: string) => Object.assign(row, { status: 'released', seatKey: null, releasedAt: at });

  const place = (seat: NewSeatHold, seatKey: string, at: string) => ({
    flightKey: seat.flightKey, seatKey, designator: seat.designator, serviceId: seat.serviceId,
    priceMinor: seat.price ? toMinor(seat.price) : null, currency: seat.price ? seat.price.currency.toUpperCase() : null,
    status: 'held' as const, bookingId: null, heldAt: at, confirmedAt: null, releasedAt: null,
  });

  return {
    rows,
    async hold(seat, lapsedBefore) {
      const at = now();
      const seatKey = `${seat.flightKey}|${seat.designator}`;
      // Someone else's hold that has lapsed gives the seat up; a confirmed seat never does.
      for (const r of rows) {
        if (r.seatKey === seatKey && r.status === 'held' && Date.parse(r.heldAt) < lapsedBefore.getTime() && r.userId !== seat.userId) release(r, at);
      }
      const mine = rows.find((r) => r.offerId === seat.offerId && r.userId === seat.userId && r.passengerSlot === seat.passengerSlot && r.segmentId === seat.segmentId);
      // The upsert leaves a bought selection as it is, before the seat key is looked at.
      if (mine?.status === 'confirmed') return { ok: false, reason: 'already_confirmed' };
      if (rows.some((r) => r !== mine && r.seatKey === seatKey)) return { ok: false, reason: 'seat_taken' };
      if (mine) Object.assign(mine, place(seat, seatKey, at));
      else rows.push({ offerId: seat.offerId, userId: seat.userId, passengerSlot: seat.passengerSlot, segmentId: seat.segmentId, ...place(seat, seatKey, at) });
      const row = mine ?? rows[rows.length - 1]!;
      return { ok: true, seat: toRecord(structuredClone(row)) };
    },

    async byHolder(offerId, userId) {
      return ordered(structuredClone(rows.filter((r) => r.offerId === offerId && r.userId === userId)));
    },

    async confirm(offerId, userId, bookingId, serviceIds) {
      if (serviceIds.length === 0) return [];
      const at = now();
      const bought = held(offerId, userId).filter((r) => r.serviceId !== null && serviceIds.includes(r.serviceId));
      for (const r of bought) Object.assign(r, { status: 'confirmed', bookingId, confirmedAt: at });
      return ordered(structuredClone(bought));
    },

    async release(offerId, userId) {
      const at = now();
      const mine = held(offerId, userId);
      for (const r of mine) release(r, at);
      return ordered(structuredClone(mine));
    },

    async confirmedForBooking(bookingId) {
      return ordered(structuredClone(rows.filter((r) => r.bookingId === bookingId && r.status === 'confirmed')));
    },

    async takenOnFlights(flightKeys, exceptUserId, lapsedBefore) {
      if (flightKeys.length === 0) return [];
      return rows
        .filter((r) => flightKeys.includes(r.flightKey) && r.seatKey !== null && (r.status === 'confirmed' || Date.parse(r.heldAt) >= lapsedBefore.getTime()) && r.userId !== exceptUserId)
        .map((r) => ({ flightKey: r.flightKey, designator: r.designator }));
    },
  };
}
