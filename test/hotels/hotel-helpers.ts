import { expect } from 'vitest';
import type { TestServer } from '../helpers/start-test-server.js';

// Shared steps of the hotel tests: search, rates and quote through REST, with the
// answer shapes the tools promise.

export interface Money {
  amount: number;
  currency: string;
}

export interface HotelResult {
  search_result_id: string;
  hotel: { id: string; name: string; kind: 'hotel' | 'vacation_rental'; rating: number | null; chain: string | null; brand: string | null; location: { latitude: number; longitude: number } };
  cheapest: { total: Money; per_night: Money };
  loyalty_program: string | null;
  expires_at: string | null;
}

export interface SearchOut {
  results: HotelResult[];
  count: number;
  nights: number;
  area: { latitude: number; longitude: number; radius_km: number; city: string | null; country: string | null };
}

export interface RateOut {
  rate_id: string;
  room: string;
  board_type: string;
  payment_type: string;
  total: Money;
  per_night: Money;
  cancellation_timeline: { before: string; refund: Money }[];
  refundable: boolean;
}

export interface RatesOut {
  search_result_id: string;
  hotel: { id: string; name: string };
  nights: number;
  rates: RateOut[];
}

export interface QuoteOut {
  quote_id: string;
  total: Money;
  expires_at: string;
  ttl_seconds: number;
  hotel: { id: string; name: string };
  room: string;
  board_type: string;
  cancellation_timeline: { before: string; refund: Money }[];
}

export interface BookingOut {
  booking_id: string;
  provider_booking_id: string | null;
  reference: string | null;
  status: string;
  hotel: { id: string; name: string } | null;
  hotel_name: string;
  check_in: string;
  check_out: string;
  total: Money;
  refund: Money | null;
  payment_intent_id: string | null;
  cancellation_timeline: { before: string; refund: Money }[];
  confirmation_url: string;
  cancelled_at: string | null;
  stale: boolean;
}

export function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export async function searchHotels(server: TestServer, body: Record<string, unknown>, query = ''): Promise<SearchOut> {
  return json<SearchOut>(await server.post(`/api/hotels/search${query}`, body));
}

export async function ratesOf(server: TestServer, searchResultId: string): Promise<RatesOut> {
  return json<RatesOut>(await server.post('/api/hotels/rates', { search_result_id: searchResultId }));
}

/** A refundable rate whose first free-cancellation deadline is still ahead, from the cheapest hotels of a city search. */
export async function refundableRate(server: TestServer, city: string, checkIn: string, checkOut: string): Promise<{ hotel: HotelResult; rate: RateOut }> {
  const found = await searchHotels(server, { city, check_in: checkIn, check_out: checkOut });
  for (const hotel of found.results.slice(0, 8)) {
    const { rates } = await ratesOf(server, hotel.search_result_id);
    const rate = rates.find((r) => r.refundable && r.cancellation_timeline.some((t) => Date.parse(t.before) > Date.now() && t.refund.amount > 0));
    if (rate) return { hotel, rate };
  }
  throw new Error(`no refundable rate in ${city}`);
}

export async function quoteRate(server: TestServer, rateId: string, headers: Record<string, string> = {}): Promise<QuoteOut> {
  return json<QuoteOut>(await server.post('/api/hotels/quote', { rate_id: rateId }, { headers }));
}

let counter = 0;
export function bookingBody(quoteId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    quote_id: quoteId,
    guests: [{ given_name: 'Grace', family_name: `Hopper${counter}` }, { given_name: 'Alan', family_name: 'Turing' }],
    email: `grace${counter}@example.com`,
    phone_number: '+442080160509',
    ...extra,
  };
}
