import { expect } from 'vitest';
import type { TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { searchOffers, type OfferOut } from './booking-helpers.js';

// Seat tests work on real simulated offers: the seat map says which passengers,
// segments and seats exist, and which a caller may hold.

export interface SeatElementOut {
  type: string;
  designator?: string;
  name?: string;
  available?: boolean;
  available_services?: { id: string; passenger_id: string; price: { amount: number; currency: string } }[];
}

export interface SeatMapOut {
  id: string;
  slice_id: string;
  segment_id: string;
  flight: string;
  advance_seat_selection: boolean | null;
  cabins: { cabin_class: string; rows: { sections: { elements: SeatElementOut[] }[] }[] }[];
}

export interface SeatMapsOut {
  offer_id: string;
  passengers: { id: string; type: string }[];
  seat_maps: SeatMapOut[];
}

export interface Seat {
  offer_id: string;
  passenger_slot: string;
  segment_id: string;
  designator: string;
  service_id: string | null;
  price: { amount: number; currency: string } | null;
  status: 'held' | 'confirmed' | 'released';
  booking_id: string | null;
  held_at: string;
  confirmed_at: string | null;
  released_at: string | null;
}

export async function seatMap(server: TestServer, offerId: string, headers: Record<string, string> = {}): Promise<SeatMapsOut> {
  const res = await server.get(`/api/booking/seat-map?offer_id=${encodeURIComponent(offerId)}`, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SeatMapsOut;
}

export const seatsOf = (map: SeatMapOut): SeatElementOut[] => map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.filter((e) => e.designator !== undefined))));

/** Available seats of a segment that cost money, cheapest first (a paid seat shows in the price). */
export function paidSeats(map: SeatMapOut): SeatElementOut[] {
  return seatsOf(map)
    .filter((s) => s.available && (s.available_services?.[0]?.price.amount ?? 0) > 0)
    .sort((a, b) => a.available_services![0]!.price.amount - b.available_services![0]!.price.amount);
}

export const priceOf = (seat: SeatElementOut, passengerId: string): number => seat.available_services!.find((s) => s.passenger_id === passengerId)!.price.amount;

/**
 * The cheapest JFK–LHR offer `day` days ahead whose fare lets seats be chosen, with paid
 * seats on its first segment. Each test takes its own day, so no two share a flight's seats.
 */
export async function seatableOffer(server: TestServer, day: number, body: Record<string, unknown> = {}): Promise<{ offer: OfferOut; map: SeatMapsOut }> {
  for (const offer of await searchOffers(server, { departure_date: daysAhead(day), ...body })) {
    const map = await seatMap(server, offer.offer_id);
    const first = map.seat_maps[0];
    if (first && map.seat_maps.every((m) => m.advance_seat_selection !== false) && paidSeats(first).length >= 4) return { offer, map };
  }
  throw new Error('no offer lets seats be chosen');
}

/** An offer whose fare does not allow choosing seats in advance. */
export async function seatlessOffer(server: TestServer, day: number): Promise<{ offer: OfferOut; map: SeatMapsOut }> {
  for (const offer of await searchOffers(server, { departure_date: daysAhead(day) })) {
    const map = await seatMap(server, offer.offer_id);
    if (map.seat_maps.length > 0 && map.seat_maps.every((m) => m.advance_seat_selection === false)) return { offer, map };
  }
  throw new Error('every offer lets seats be chosen');
}

export async function holdSeat(server: TestServer, headers: Record<string, string>, body: Record<string, unknown>): Promise<Seat> {
  const res = await server.post('/api/booking/seat-hold', body, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Seat;
}

export async function mySelections(server: TestServer, offerId: string, headers: Record<string, string>): Promise<Seat[]> {
  const res = await server.get(`/api/booking/seat-selections?offer_id=${encodeURIComponent(offerId)}`, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { selections: Seat[] }).selections;
}

export const summary = (seats: Seat[]) => seats.map((s) => `${s.passenger_slot}/${s.segment_id}=${s.designator}:${s.status}`);
