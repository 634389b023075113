import { expect } from 'vitest';
import type { TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';

// Shared steps of the booking tests: find a bookable offer, describe travellers,
// and pay by card on the card simulator.

export interface OfferOut {
  offer_id: string;
  total: { amount: number; currency: string };
  refundable: boolean | null;
  changeable: boolean | null;
  can_hold: boolean | null;
  fare_brand: string | null;
  passengers: { id: string; type: string }[];
}

export async function searchOffers(server: TestServer, body: Record<string, unknown> = {}): Promise<OfferOut[]> {
  const res = await server.post('/api/booking/create-offer', { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), limit: 100, ...body });
  expect(res.status).toBe(200);
  const out = (await res.json()) as { mode: string; offers: OfferOut[] };
  expect(out.mode).toBe('search');
  return out.offers;
}

/** The cheapest offer matching `pick`. */
export async function findOffer(server: TestServer, pick: (o: OfferOut) => boolean, body: Record<string, unknown> = {}): Promise<OfferOut> {
  const offer = (await searchOffers(server, body)).find(pick);
  if (!offer) throw new Error('no offer matches');
  return offer;
}

let counter = 0;
export function traveller(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    title: 'ms',
    gender: 'f',
    given_name: 'Ada',
    family_name: `Lovelace${String.fromCharCode(97 + (counter % 26))}`,
    born_on: '1985-12-10',
    email: `ada${counter}@example.com`,
    phone_number: '+442080160509',
    ...overrides,
  };
}

/** Creates a card payment intent for `body` and pays it with a test card; returns its id and amount. */
export async function payByCard(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}, card = 'pm_card_visa'): Promise<{ id: string; amount: number; currency: string }> {
  const res = await server.post('/api/booking/payment-intent', body, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  const intent = (await res.json()) as { payment_intent_id: string; client_secret: string | null; amount: number; currency: string };
  expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
  const paid = await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: card }, { headers });
  if (card === 'pm_card_visa') expect(paid.status, await paid.clone().text()).toBe(200);
  return { id: intent.payment_intent_id, amount: intent.amount, currency: intent.currency };
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
