import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { cardPaysChange, dayWithFlightsBy, findOffer, json, payByCard, sleep, traveller } from './booking-helpers.js';

// The whole life of one booking on the embedded default (and, in CI's second
// pass, on PostgreSQL and Redis): search → offer → seat → payment intent → card
// payment → checkout → seat confirm → documents → change → cancel.

const INTERNAL = 'internal-lifecycle-key-0123456789abcdef';
const internal = { 'x-internal-key': INTERNAL };
const TRANSATLANTIC_TRUNK = new Set(['BA', 'AA', 'VS', 'DL', 'UA']);
let server: TestServer;
/** The traveller: seat holds belong to a signed-in user, so the whole booking is theirs. */
let me: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL, BOOKING_MARKUP_PCT: '2' } });
  me = await bearer(server, 'lifecycle-traveller');
});
afterAll(async () => {
  await server.close();
});

interface BookingOut {
  booking_ref: string;
  status: string;
  confirmation_url: string;
  order_id: string | null;
  pnr: string | null;
  total: { amount: number; currency: string };
}

async function freeSeat(offerId: string): Promise<{ segmentId: string; designator: string; serviceId: string; price: number; passengerId: string }> {
  const maps = await server.services.providers.flights.getSeatMaps(offerId.replace(/^duffel:/, ''), AbortSignal.timeout(5_000));
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const el of section.elements) {
            const svc = el.services?.[0];
            if (el.type === 'seat' && el.available && svc && el.designator) {
              return { segmentId: map.segmentId, designator: el.designator, serviceId: svc.serviceId, price: svc.price.amount, passengerId: svc.passengerId };
            }
          }
        }
      }
    }
  }
  throw new Error('no paid seat on sale');
}

describe('flight booking life cycle', () => {
  it('searches, pays, books, seats, tickets, changes and cancels', async () => {
    // 1. Search mode of create-offer: a flexible fare (refundable and changeable) on an
    // airline that flies JFK–LHR several times a day, so a change has several flights to offer.
    const offer = await findOffer(server, (o) => o.refundable === true && o.changeable === true && TRANSATLANTIC_TRUNK.has(o.owner));
    expect(offer.offer_id).toMatch(/^duffel:off_/);
    expect((await server.get(`/api/offers/${offer.offer_id}`)).status).toBe(200);

    // 2. Hold a paid seat: its price joins the checkout price.
    const seat = await freeSeat(offer.offer_id);
    const held = await json<{ status: string }>(
      await server.post('/api/booking/seat-hold', { offer_id: offer.offer_id, passenger_slot: seat.passengerId, segment_id: seat.segmentId, designator: seat.designator }, { headers: me }),
    );
    expect(held.status).toBe('held');

    // 3. Payment intent priced by the provider: fare + seat + 2 % markup on the fare.
    const paid = await payByCard(server, { offer_id: offer.offer_id }, me);
    const expected = Math.round((offer.total.amount * 1.02 + seat.price) * 100) / 100;
    expect(paid.amount).toBeCloseTo(expected, 1);

    // 4. Checkout mode.
    const booking = await json<BookingOut>(
      await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller({ loyalty_programme_accounts: [{ airline_iata_code: 'BA', account_number: '12345678' }] })] }, { headers: { ...me, 'idempotency-key': 'lifecycle-checkout-1' } }),
    );
    expect(booking.status).toBe('confirmed');
    expect(booking.booking_ref).toMatch(/^bk_[0-9a-z]{26}$/);
    expect(booking.confirmation_url).toBe(`${server.url}/api/booking/${booking.booking_ref}`);
    expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(booking.total.amount).toBeCloseTo(paid.amount, 2);

    // 5. Seats confirmed and linked to the booking; the order carries the seat service.
    const confirmed = await json<{ confirmed: { status: string; booking_id: string }[] }>(await server.post('/api/booking/seat-confirm', { offer_id: offer.offer_id, booking_id: booking.booking_ref }, { headers: me }));
    expect(confirmed.confirmed).toEqual([expect.objectContaining({ status: 'confirmed', booking_id: booking.booking_ref })]);
    const byBooking = await json<{ selections: unknown[] }>(await server.get(`/api/booking/seat-selections/by-booking/${booking.booking_ref}`, { headers: me }));
    expect(byBooking.selections).toHaveLength(1);
    const view = await json<{ order: { services: { type: string; designator: string | null }[] } }>(await server.get(`/api/booking/${booking.booking_ref}`, { headers: me }));
    expect(view.order.services).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'seat', designator: seat.designator })]));

    // 6. Documents: empty while the airline processes, then an e-ticket.
    let docs = await json<{ documents: { type: string; ticket_number: string }[]; processing: boolean }>(await server.get(`/api/booking/${booking.booking_ref}/documents`, { headers: me }));
    for (let i = 0; i < 40 && docs.documents.length === 0; i++) {
      expect(docs.processing).toBe(true);
      await sleep(150);
      docs = await json(await server.get(`/api/booking/${booking.booking_ref}/documents`, { headers: me }));
    }
    expect(docs.documents[0]).toMatchObject({ type: 'electronic_ticket', ticket_number: expect.stringMatching(/^\d{13}$/) });

    // 7. Change request to a day the airline flies the route at least twice: offers fill in while polled.
    const newDate = await dayWithFlightsBy(server, offer.owner, 2, 47);
    const order = await json<{ order: { slices: { id: string | null }[] } }>(await server.get(`/api/booking/${booking.booking_ref}`, { headers: me }));
    const sliceId = order.order.slices[0]!.id!;
    const request = await json<{ id: string; offers: { id: string; change_total: { amount: number; currency: string } }[] }>(
      await server.post(`/api/booking/${booking.booking_ref}/change-request`, { slices: { remove: [{ slice_id: sliceId }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: newDate }] } }, { headers: me }),
    );
    let offers = request.offers;
    for (let i = 0; i < 60 && offers.length < 2; i++) {
      await sleep(150);
      offers = (await json<{ offers: typeof offers }>(await server.get(`/api/booking/change-requests/${request.id}/offers`, { headers: me }))).offers;
    }
    expect(offers.length).toBeGreaterThanOrEqual(2);

    // 8. Confirm a change, paying the difference by card when there is one (one under the card minimum is waived).
    const change = offers[0]!;
    let body: Record<string, unknown> = { change_offer_id: change.id };
    const waived = change.change_total.amount > 0 && !cardPaysChange(change.change_total) ? change.change_total.amount : 0;
    if (cardPaysChange(change.change_total)) {
      const diff = await payByCard(server, { order_id: booking.booking_ref, change_offer_id: change.id }, me);
      expect(diff.amount).toBeCloseTo(change.change_total.amount, 2);
      body = { ...body, payment_intent_id: diff.id };
    }
    const changed = await json<BookingOut & { change: { id: string; waived: { amount: number } | null } }>(await server.post(`/api/booking/${booking.booking_ref}/change-confirm`, body, { headers: me }));
    expect(changed.status).toBe('confirmed');
    expect(changed.change.waived?.amount ?? 0).toBe(waived);
    expect(changed.total.amount).toBeCloseTo(booking.total.amount + change.change_total.amount - waived, 1);

    // 9. Cancel needs the internal key; the card gets the airline's refund back.
    expect((await server.post(`/api/booking/${booking.booking_ref}/cancel`, {})).status).toBe(401);
    const cancelled = await json<BookingOut & { cancellation: { refunded_to_customer: { amount: number } } }>(await server.post(`/api/booking/${booking.booking_ref}/cancel`, {}, { headers: internal }));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellation.refunded_to_customer.amount).toBeGreaterThan(0);
    const again = await json<BookingOut>(await server.post(`/api/booking/${booking.booking_ref}/cancel`, {}, { headers: internal }));
    expect(again.status).toBe('cancelled');

    // 10. Every state change was announced through the outbox, once.
    const events = (await server.services.bookings.undeliveredEvents(500)).filter((e) => e.aggregateId === booking.booking_ref || e.aggregateId === paid.id);
    const types = events.map((e) => e.type).filter((t) => t !== 'payment.refunded').sort();
    expect(types).toEqual(['booking.canceled', 'booking.confirmed', 'booking.confirmed', 'booking.created', 'payment.completed']);
    const payments = await server.services.bookings.payments(booking.booking_ref);
    expect(payments[0]).toMatchObject({ paymentIntentId: paid.id, purpose: 'order' });
    expect(payments.reduce((s, p) => s + p.refundedMinor, 0)).toBeGreaterThan(0);
    // Every refund to the order's card was announced once, and the announcements add up to what its record says.
    const refunds = events.filter((e) => e.type === 'payment.refunded');
    expect(refunds.length).toBeGreaterThan(0);
    const announcedMinor = refunds.reduce((sum, e) => sum + Math.round((e.payload.amount as { amount: number }).amount * 100), 0);
    expect(announcedMinor).toBe(payments[0]!.refundedMinor);
  });
});
