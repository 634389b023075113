import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { toMinor } from '../../tools/_kit/money.js';
import type { CashOffer, FlightOrder } from '../../tools/_kit/providers.js';
import { stripeMinimumChargeMinor } from '../../tools/_kit/reference/card-minimum-charge.js';
import type { BookingStatus } from '../../tools/booking/store.js';
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
  owner: string;
  slices: { segments: { flight: string }[] }[];
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

/**
 * The first departure date from `fromDay` days ahead on which `airline` sells at least
 * `flights` distinct JFK–LHR itineraries (searchOffers' route): the simulated schedule varies by date, so
 * a test that needs several change offers must not assume a fixed day has them.
 */
export async function dayWithFlightsBy(server: TestServer, airline: string, flights: number, fromDay: number): Promise<string> {
  for (let day = fromDay; day < fromDay + 14; day++) {
    const offers = await searchOffers(server, { departure_date: daysAhead(day) });
    const itineraries = new Set(offers.filter((o) => o.owner === airline).map((o) => o.slices.map((s) => s.segments.map((g) => g.flight).join('+')).join('/')));
    if (itineraries.size >= flights) return daysAhead(day);
  }
  throw new Error(`${airline} sells fewer than ${flights} itineraries on every day searched`);
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
    // The default route (JFK–LHR) crosses a border: the airline needs a passport.
    passport: { number: `P${counter}123456`, issuing_country_code: 'GB', expires_on: '2034-01-01' },
    ...overrides,
  };
}

/** Whether a change's difference is paid by card: positive and at least the card minimum (smaller ones are waived). */
export function cardPaysChange(changeTotal: { amount: number; currency: string }): boolean {
  return toMinor(changeTotal) >= stripeMinimumChargeMinor(changeTotal.currency);
}

/** Creates a card payment intent for `body` and pays it with a test card; returns its id, amount and client_secret (a guest's proof of paying). */
export async function payByCard(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}, card = 'pm_card_visa'): Promise<{ id: string; amount: number; currency: string; clientSecret: string }> {
  const res = await server.post('/api/booking/payment-intent', body, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  const intent = (await res.json()) as { payment_intent_id: string; client_secret: string | null; amount: number; currency: string };
  expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
  const clientSecret = intent.client_secret!;
  const paid = await server.post(`/api/booking/card-payments/${intent.payment_intent_id}/confirm`, { payment_method: card, client_secret: clientSecret }, { headers });
  if (card === 'pm_card_visa') expect(paid.status, await paid.clone().text()).toBe(200);
  return { id: intent.payment_intent_id, amount: intent.amount, currency: intent.currency, clientSecret };
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real order on the simulator and our booking record for it, as checkout leaves them. */
export async function bookOnSimulator(server: TestServer, offer: CashOffer, opts: { userId: string | null; status?: BookingStatus; paymentMinor?: number }): Promise<{ id: string; order: FlightOrder }> {
  const flights = server.services.providers.flights;
  const live = await flights.getOffer(offer.providerOfferId, AbortSignal.timeout(10_000));
  const id = `bk_${randomBytes(13).toString('hex').slice(0, 26)}`;
  const creation = await flights.createOrder(
    {
      offerId: live.providerOfferId,
      type: 'instant',
      passengers: (live.passengers ?? []).map((p, i) => ({
        id: p.id, title: 'ms', gender: 'f', givenName: `Ada${i}`, familyName: 'Lovelace', bornOn: '1985-12-10',
        email: `ada${i}@example.com`, phoneNumber: '+442080160509',
        identityDocument: { type: 'passport', number: `P${i}1234567`, issuingCountryCode: 'GB', expiresOn: '2034-01-01' },
      })),
      payment: live.total,
      metadata: { booking_id: id },
    },
    AbortSignal.timeout(10_000),
  );
  if (creation.status !== 'created') throw new Error('the simulator accepted the order asynchronously');
  const order = creation.order;
  const totalMinor = Math.round(order.total.amount * 100);
  const payment = opts.paymentMinor ? { paymentIntentId: `pi_${randomBytes(8).toString('hex')}`, amountMinor: opts.paymentMinor, currency: order.total.currency } : null;
  const created = await server.services.bookings.create(
    {
      id, userId: opts.userId, agentUserId: null, channel: 'book', offerId: live.providerOfferId, type: 'instant', currency: order.total.currency,
      fareMinor: totalMinor, servicesMinor: 0, markupMinor: 1_500, totalMinor: totalMinor + 1_500,
      passengers: order.passengers.map((p) => ({ slotId: p.id, givenName: p.givenName, familyName: p.familyName, type: p.type })), contactEmail: 'ada0@example.com',
    },
    payment,
  );
  expect(created).toEqual({ ok: true });
  await server.services.bookings.update(id, {
    status: opts.status ?? 'confirmed', providerOrderId: order.id, bookingReference: order.bookingReference, order, paidAt: new Date().toISOString(),
  });
  return { id, order };
}
