import { expect } from 'vitest';
import type { TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';

// Shared steps of the car tests: search, drivers, and paying by card on the
// card simulator.

export interface RateOut {
  offer_token: string;
  supplier: string;
  car: { name: string; acriss: string; category: string; transmission: string; seats: number; bags: { large: number; small: number } };
  mileage: { type: string };
  payment_type: 'postpaid' | 'guarantee' | 'prepaid';
  flow: 'legacy' | 'partner';
  total: { amount: number; currency: string };
  per_day: { amount: number; currency: string };
  days: number;
  pick_up: { name: string; at: string; latitude: number; longitude: number };
  drop_off: { name: string; at: string };
}

export interface CarBookingOut {
  booking_id: string;
  provider_booking_id: string | null;
  reference: string | null;
  status: string;
  flow: 'legacy' | 'partner';
  supplier: string | null;
  car: { acriss: string } | null;
  pick_up: { at: string | null };
  drop_off: { at: string | null };
  add_ons: { code: string; quantity: number; total: { amount: number } }[];
  rental: { amount: number; currency: string };
  rental_due_at_counter: { amount: number; currency: string };
  fee: { amount: number; currency: string };
  charged: { amount: number; currency: string };
  refund: { amount: number; currency: string } | null;
  cancelled_at: string | null;
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A rental from `start` days ahead for `days` days at 10:00 local time. */
export function period(start: number, days: number): { pick_up_at: string; drop_off_at: string } {
  return { pick_up_at: `${daysAhead(start)}T10:00`, drop_off_at: `${daysAhead(start + days)}T10:00` };
}

export async function searchCars(server: TestServer, place: string | { latitude: number; longitude: number } = 'LAX', start = 30, days = 3, headers: Record<string, string> = {}): Promise<{ search_id: string; days: number; rates: RateOut[] }> {
  const p = period(start, days);
  return json(await server.post('/api/cars/search', { pick_up: { place, at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 35 }, { headers }));
}

export async function rateOf(server: TestServer, flow: 'legacy' | 'partner', start = 30, place = 'LAX'): Promise<RateOut> {
  const { rates } = await searchCars(server, place, start);
  const rate = rates.find((r) => r.flow === flow);
  if (!rate) throw new Error(`no ${flow} rate at ${place}`);
  return rate;
}

let counter = 0;
export function driver(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return { given_name: 'Grace', family_name: `Hopper${counter}`, email: `grace${counter}@example.com`, phone_number: '+14155550123', date_of_birth: '1986-12-09', ...overrides };
}

export interface IntentOut {
  payment_intent_id: string;
  client_secret: string | null;
  amount: number;
  currency: string;
  flow: 'legacy' | 'partner';
  breakdown: { service_fee: { amount: number }; add_ons: { code: string; total: { amount: number } }[]; rental: { amount: number } | null };
  rental_due_at_counter: { amount: number; currency: string };
}

/** Creates the car payment intent for `body` and pays it with a test card. */
export async function payCar(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<IntentOut> {
  const intent = await json<IntentOut>(await server.post('/api/cars/payment-intent', body, { headers }));
  expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
  await json(await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: 'pm_card_visa', client_secret: intent.client_secret }, { headers }));
  return intent;
}

/**
 * What the card processor still holds of a payment: an authorization not yet
 * captured or released, or what was charged and not refunded. For a charge it asks
 * the processor to refund more than was ever charged: the simulator refuses,
 * naming what remains (as Stripe does), or says the charge is refunded in full.
 * Nothing changes.
 */
export async function unrefundedMinor(server: TestServer, paymentIntentId: string, chargedMinor: number): Promise<number> {
  // Paying only authorizes the card until goods are made: an authorization still held counts whole, a released one as nothing.
  const intent = await server.services.providers.cards.retrievePaymentIntent(paymentIntentId, AbortSignal.timeout(5_000));
  if (intent.status === 'requires_capture') return intent.amountMinor;
  if (intent.status === 'canceled') return 0;
  try {
    await server.services.providers.cards.refundPaymentIntent(paymentIntentId, { amountMinor: chargedMinor + 1, idempotencyKey: `probe:${paymentIntentId}:${Date.now()}` }, AbortSignal.timeout(5_000));
  } catch (err) {
    const e = err as { code?: string; message: string };
    if (e.code === 'charge_already_refunded') return 0;
    const remaining = /unrefunded amount on charge \((\d+)\)/.exec(e.message);
    if (e.code === 'amount_too_large' && remaining) return Number(remaining[1]);
    throw err;
  }
  throw new Error('a refund larger than the charge went through');
}
