// The MCP surface covers the jobs of the web app (issue 20, item 5): reading a
// booking and its documents, paying a hold, changing a flight, buying extras,
// choosing seats, fare alerts, hotel and car cancellation, trip members, budget,
// polls and share links, and the points catalogue, each through the official SDK
// client. Money moves only after a confirmation (token, or the person's yes by
// elicitation); a "no" changes nothing and charges nothing. Someone else's
// booking is NOT_FOUND over MCP as over REST.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traveller, type OfferOut } from './booking/booking-helpers.js';
import { seatableOffer } from './booking/seat-helpers.js';
import { driver, searchCars } from './cars/car-helpers.js';
import { daysAhead } from './flights/search-helpers.js';
import { call, connectMcp, errorText, failing, type CallResult } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
let alice: Client;
let bob: Client;
let eliciting: Client;
/** What the eliciting client answers. */
let answer: ElicitResult = { action: 'decline' };
let asked = 0;

beforeAll(async () => {
  server = await startTestServer();
  const aliceKey = (await server.services.identity.createKey({ userId: 'mcp-surface-alice', tier: 'pro' })).secret;
  alice = await connectMcp(server.url, aliceKey, 'surface-alice');
  bob = await connectMcp(server.url, (await server.services.identity.createKey({ userId: 'mcp-surface-bob', tier: 'pro' })).secret, 'surface-bob');
  eliciting = new SdkClient({ name: 'surface-eliciting', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  eliciting.setRequestHandler(ElicitRequestSchema, async () => {
    asked++;
    return answer;
  });
  await eliciting.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${aliceKey}` } } }));
}, 60_000);
afterAll(async () => {
  await Promise.all([alice?.close(), bob?.close(), eliciting?.close()]);
  await server?.close();
});

interface Booked {
  booking_ref: string;
  status: string;
  order_id: string | null;
}
interface MoneyStep {
  action: string;
  confirmationToken: string | null;
  price: { amount: number; currency: string } | null;
  payment: { paymentIntentId: string } | null;
  booking?: Booked & { change?: { id: string } };
  changeRequest?: { id: string; offers: { id: string }[] };
}

const payCard = (paymentIntentId: string) =>
  server.services.providers.cards.confirmPaymentIntent(paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${paymentIntentId}` }, AbortSignal.timeout(5_000));

let day = 60;
async function offers(filter: (o: OfferOut) => boolean, route = { origin: 'JFK', destination: 'LHR' }): Promise<OfferOut> {
  for (let tries = 0; tries < 4; tries++) {
    const { offers: found } = await call<{ offers: OfferOut[] }>(alice, 'search_offers', { ...route, date: daysAhead(day++), limit: 30 });
    const hit = found.find(filter);
    if (hit) return hit;
  }
  throw new Error('no suitable offer');
}

async function bookFlight(offer: OfferOut): Promise<Booked> {
  const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'book' });
  await payCard(quote.payment.paymentIntentId);
  return call<Booked>(alice, 'book_flight', { confirmationToken: quote.confirmationToken });
}

async function holdFlight(): Promise<Booked> {
  const offer = await offers((o) => o.can_hold === true);
  const quote = await call<{ confirmationToken: string }>(alice, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()], purpose: 'hold' });
  return call<Booked>(alice, 'hold_flight', { confirmationToken: quote.confirmationToken });
}

describe('manage_booking', () => {
  let booked: Booked;
  beforeAll(async () => {
    booked = await bookFlight(await offers((o) => o.changeable === true));
  }, 60_000);

  it('reads the booking, its documents, check-in links and the extras on sale', { timeout: 30_000 }, async () => {
    const got = await call<{ booking: Booked & { order: { slices: { id: string }[] } } }>(alice, 'manage_booking', { action: 'get', bookingRef: booked.booking_ref });
    expect(got.booking).toMatchObject({ booking_ref: booked.booking_ref, status: 'confirmed' });
    expect(got.booking.order.slices[0]?.id).toMatch(/^sli_/);
    const docs = await call<{ documents: unknown[]; more: number }>(alice, 'manage_booking', { action: 'documents', bookingRef: booked.booking_ref });
    expect(Array.isArray(docs.documents)).toBe(true);
    expect(docs.more).toBeGreaterThanOrEqual(0);
    const links = await call<{ links: { url?: string }[] }>(alice, 'manage_booking', { action: 'check_in', bookingRef: booked.booking_ref });
    expect(Array.isArray(links.links)).toBe(true);
    const services = await call<{ services: { id: string }[]; more: number }>(alice, 'manage_booking', { action: 'services', bookingRef: booked.booking_ref, limit: 1 });
    expect(services.services.length).toBeLessThanOrEqual(1);
  });

  it('answers another user, and a bad argument combination, with an error', async () => {
    expect(await failing(bob, 'manage_booking', { action: 'get', bookingRef: booked.booking_ref })).toMatch(/^NOT_FOUND: /);
    expect(await failing(bob, 'manage_booking', { action: 'documents', bookingRef: booked.booking_ref })).toMatch(/^NOT_FOUND: /);
    expect(await failing(alice, 'manage_booking', { action: 'change_offers', bookingRef: booked.booking_ref })).toMatch(/^VALIDATION_FAILED: [\s\S]*changeRequestId/);
  });

  it('changes the flight: a change request, its offers, then a confirmed change', { timeout: 60_000 }, async () => {
    const got = await call<{ booking: { order: { slices: { id: string; origin: string; destination: string }[] } } }>(alice, 'manage_booking', { action: 'get', bookingRef: booked.booking_ref });
    const slice = got.booking.order.slices[0]!;
    expect(await failing(bob, 'change_booking', { action: 'request_change', bookingRef: booked.booking_ref, removeSliceIds: [slice.id] })).toMatch(/^NOT_FOUND: /);
    expect(await failing(alice, 'change_booking', { action: 'request_change', bookingRef: booked.booking_ref })).toMatch(/^VALIDATION_FAILED: /);
    const created = await call<MoneyStep>(alice, 'change_booking', {
      action: 'request_change',
      bookingRef: booked.booking_ref,
      removeSliceIds: [slice.id],
      addSlices: [{ origin: slice.origin, destination: slice.destination, date: daysAhead(day + 5) }],
    });
    const changeRequestId = created.changeRequest!.id;
    expect(changeRequestId).toMatch(/^ocr_/);
    let offersFound: { id: string; change_total: { amount: number } }[] = [];
    for (let i = 0; i < 15 && offersFound.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 700));
      offersFound = (await call<{ changeOffers: typeof offersFound }>(alice, 'manage_booking', { action: 'change_offers', bookingRef: booked.booking_ref, changeRequestId })).changeOffers;
    }
    expect(offersFound.length).toBeGreaterThan(0);
    const offer = offersFound[0]!;
    // The first call states the price and changes nothing.
    const quoted = await call<MoneyStep>(alice, 'change_booking', { action: 'confirm_change', bookingRef: booked.booking_ref, changeOfferId: offer.id });
    expect(quoted.confirmationToken).toMatch(/^cb_/);
    expect(quoted.price?.amount).toBeCloseTo(Math.max(offer.change_total.amount, -Infinity), 2);
    expect((await server.services.bookings.changeRequest(changeRequestId))?.confirmedOfferId).toBeNull();
    if (quoted.payment) await payCard(quoted.payment.paymentIntentId);
    const done = await call<MoneyStep>(alice, 'change_booking', { action: 'confirm_change', bookingRef: booked.booking_ref, changeOfferId: offer.id, confirmationToken: quoted.confirmationToken });
    expect(done.booking?.change?.id).toBeTruthy();
    expect((await server.services.bookings.changeRequest(changeRequestId))?.confirmedOfferId).toBe(offer.id);
  });
});

describe('change_booking pay_hold', () => {
  it('states the price with a token, then pays the hold once the card is paid', { timeout: 60_000 }, async () => {
    const held = await holdFlight();
    expect(held.status).toBe('hold');
    expect(await failing(bob, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref })).toMatch(/^NOT_FOUND: /);
    const quoted = await call<MoneyStep>(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref });
    expect(quoted.price!.amount).toBeGreaterThan(0);
    expect(quoted.payment?.paymentIntentId).toBeTruthy();
    // Not paid by the traveller yet: nothing happens.
    expect(await failing(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref, confirmationToken: quoted.confirmationToken })).toMatch(/^PAYMENT_REQUIRED: /);
    expect((await server.services.bookings.get(held.booking_ref))?.status).toBe('hold');
    await payCard(quoted.payment!.paymentIntentId);
    const paid = await call<MoneyStep>(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref, confirmationToken: quoted.confirmationToken });
    expect(paid.booking?.status).toBe('confirmed');
    // The same token again answers the same booking, and pays nothing twice.
    const again = await call<MoneyStep>(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref, confirmationToken: quoted.confirmationToken });
    expect(again.booking?.booking_ref).toBe(held.booking_ref);
    expect((await server.services.bookings.payments(held.booking_ref)).length).toBe(1);
  });

  it('a declined confirmation pays nothing: the hold stays and the card payment is given back', { timeout: 60_000 }, async () => {
    const held = await holdFlight();
    const quoted = await call<MoneyStep>(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref });
    await payCard(quoted.payment!.paymentIntentId);
    answer = { action: 'decline' };
    const before = asked;
    const result = (await eliciting.callTool({ name: 'change_booking', arguments: { action: 'pay_hold', bookingRef: held.booking_ref, confirmationToken: quoted.confirmationToken } })) as CallResult;
    expect(asked).toBe(before + 1);
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/^CONFLICT: Not confirmed by the traveller: the hold was not paid/);
    expect((await server.services.bookings.get(held.booking_ref))?.status).toBe('hold');
    expect(await server.services.bookings.payments(held.booking_ref)).toEqual([]);
    // The card authorization is released: nothing was charged.
    expect(await server.services.payments.get(quoted.payment!.paymentIntentId)).toMatchObject({ state: 'void', refundedMinor: 0 });
    // The token is spent.
    expect(await failing(alice, 'change_booking', { action: 'pay_hold', bookingRef: held.booking_ref, confirmationToken: quoted.confirmationToken })).toMatch(/^GONE: /);
  });
});

describe('pick_seat', () => {
  it('holds a seat from the seat map, lists it and releases it', { timeout: 30_000 }, async () => {
    const { offer } = await seatableOffer(server, 47);
    const map = await call<{ passengerIds: string[]; flights: { segmentId: string; seatSelectionAllowed: boolean | null; availableSeats: { designator: string }[] }[] }>(alice, 'get_seat_map', { offerId: offer.offer_id });
    const flight = map.flights.find((f) => f.seatSelectionAllowed !== false && f.availableSeats.length > 0);
    if (!flight) throw new Error('no seat on sale');
    expect(await failing(alice, 'pick_seat', { action: 'hold', offerId: offer.offer_id, passengerId: map.passengerIds[0] })).toMatch(/^VALIDATION_FAILED: [\s\S]*segmentId/);
    const seat = flight.availableSeats[0]!.designator;
    const held = await call<{ seats: { designator: string; status: string }[] }>(alice, 'pick_seat', { action: 'hold', offerId: offer.offer_id, passengerId: map.passengerIds[0], segmentId: flight.segmentId, seat });
    expect(held.seats).toEqual([expect.objectContaining({ designator: seat, status: 'held' })]);
    expect((await call<{ seats: unknown[] }>(alice, 'pick_seat', { action: 'list', offerId: offer.offer_id })).seats).toHaveLength(1);
    expect((await call<{ seats: unknown[] }>(bob, 'pick_seat', { action: 'list', offerId: offer.offer_id })).seats).toHaveLength(0);
    const released = await call<{ seats: { status: string }[] }>(alice, 'pick_seat', { action: 'release', offerId: offer.offer_id });
    expect(released.seats.every((s) => s.status === 'released')).toBe(true);
  });
});

describe('cancel_booking for a car', () => {
  it('states the refund with a token, cancels with it; another user cannot', { timeout: 60_000 }, async () => {
    const rate = (await searchCars(server, 'LAX', 55, 3)).rates.find((r) => r.flow === 'legacy')!;
    const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(alice, 'quote_car', { offerToken: rate.offer_token, driver: driver() });
    await payCard(quote.payment.paymentIntentId);
    const car = await call<{ booking_id: string }>(alice, 'book_car', { confirmationToken: quote.confirmationToken });
    expect(await failing(bob, 'cancel_booking', { bookingRef: car.booking_id })).toMatch(/^NOT_FOUND: /);
    const read = await call<{ booking: { booking_id: string; status: string } }>(alice, 'manage_booking', { action: 'get', bookingRef: car.booking_id });
    expect(read.booking).toMatchObject({ booking_id: car.booking_id, status: 'confirmed' });
    const quoted = await call<{ confirmationToken: string; refund: { amount: number } | null; status: string }>(alice, 'cancel_booking', { bookingRef: car.booking_id });
    expect(quoted.status).toBe('confirmed');
    expect(quoted.refund?.amount).toBeGreaterThan(0);
    expect((await server.services.carBookings.get(car.booking_id))?.status).toBe('confirmed');
    const done = await call<{ status: string; refundedToCard: { amount: number } | null }>(alice, 'cancel_booking', { bookingRef: car.booking_id, confirmationToken: quoted.confirmationToken });
    expect(done.status).toBe('cancelled');
    expect(done.refundedToCard?.amount).toBeCloseTo(quoted.refund!.amount, 2);
  });
});

describe('manage_alerts', () => {
  it('creates, lists with a limit and deletes; another user cannot delete it', async () => {
    const created = await call<{ alert: { id: string; origin: string } }>(alice, 'manage_alerts', { action: 'create', origin: 'JFK', destination: 'LHR', date: daysAhead(90), targetPrice: 400 });
    expect(created.alert).toMatchObject({ origin: 'JFK' });
    const roundTrip = await call<{ alert: { return_date: string | null } }>(alice, 'manage_alerts', { action: 'create', origin: 'JFK', destination: 'CDG', date: daysAhead(91), returnDate: daysAhead(98) });
    expect(roundTrip.alert.return_date).toBe(daysAhead(98));
    const listed = await call<{ alerts: { id: string }[]; more: number }>(alice, 'manage_alerts', { action: 'list', limit: 1 });
    expect(listed.alerts).toHaveLength(1);
    expect(listed.more).toBe(1);
    expect(await failing(bob, 'manage_alerts', { action: 'delete', alertId: created.alert.id })).toMatch(/^NOT_FOUND: /);
    expect(await failing(alice, 'manage_alerts', { action: 'create', origin: 'JFK', destination: 'LHR' })).toMatch(/^VALIDATION_FAILED: /);
    expect((await call<{ deleted: string }>(alice, 'manage_alerts', { action: 'delete', alertId: created.alert.id })).deleted).toBe(created.alert.id);
  });
});

describe('points_info', () => {
  it('lists programmes, partners, paths, bonuses and sweet spots with limit and more', async () => {
    const programs = await call<{ items: { id: string }[]; more: number }>(alice, 'points_info', { action: 'programs', limit: 5 });
    expect(programs.items).toHaveLength(5);
    expect(programs.more).toBeGreaterThan(0);
    const partners = await call<{ items: unknown[] }>(alice, 'points_info', { action: 'partners', program: 'chase_ur' });
    expect(partners.items.length).toBeGreaterThan(0);
    const paths = await call<{ items: unknown[] }>(alice, 'points_info', { action: 'paths', program: 'aeroplan' });
    expect(paths.items.length).toBeGreaterThan(0);
    for (const action of ['bonuses', 'sweet_spots']) expect(Array.isArray((await call<{ items: unknown[] }>(alice, 'points_info', { action })).items)).toBe(true);
    expect(await failing(alice, 'points_info', { action: 'partners' })).toMatch(/^VALIDATION_FAILED: [\s\S]*program/);
  });
});

describe('trips over MCP', () => {
  it('splits a dinner three ways on a trip made with create_trip, after adding the members by name', async () => {
    const trip = await call<{ id: string }>(alice, 'create_trip', { name: 'Lisbon', destination: 'LIS', yourName: 'Alice' });
    // Before Bob is a member the split names who is on the trip.
    expect(await failing(alice, 'add_trip_expense', { tripId: trip.id, paidBy: 'me', amount: 90, description: 'Dinner', among: ['me', 'Bob', 'Ana'] })).toMatch(/No member called Bob; members: Alice/);
    for (const name of ['Bob', 'Ana']) await call(alice, 'edit_trip', { tripId: trip.id, action: 'add_member', name });
    const split = await call<{ expense: { splits: { amount: number }[] }; balances: { members: { name?: string; display_name?: string; balance: number }[] } }>(alice, 'add_trip_expense', {
      tripId: trip.id,
      paidBy: 'me',
      amount: 90,
      description: 'Dinner',
      category: 'food',
      among: ['me', 'Bob', 'Ana'],
    });
    expect(JSON.stringify(split.balances)).toContain('30');
    const budget = await call<{ budget: { total: { budget: number; spent: number } } }>(alice, 'edit_trip', { tripId: trip.id, action: 'set_budget', amount: 1000, categoryBudgets: [{ category: 'food', amount: 300 }] });
    expect(budget.budget.total).toMatchObject({ budget: 1000, spent: 90 });
    const poll = await call<{ poll: { id: string; options: { id: string }[] } }>(alice, 'edit_trip', { tripId: trip.id, action: 'create_poll', title: 'Where to eat?', options: ['Ramiro', 'Cervejaria'] });
    await call(alice, 'edit_trip', { tripId: trip.id, action: 'vote', id: poll.poll.id, optionId: poll.poll.options[0]!.id });
    const polls = await call<{ polls: { total_votes: number }[] }>(alice, 'edit_trip', { tripId: trip.id, action: 'list_polls' });
    expect(polls.polls[0]?.total_votes).toBe(1);
    const link = await call<{ shareLink: { id: string; url: string } }>(alice, 'edit_trip', { tripId: trip.id, action: 'share', days: 7 });
    expect(link.shareLink.url).toContain('http');
    expect((await call<{ shareLink: { active: boolean } }>(alice, 'edit_trip', { tripId: trip.id, action: 'revoke_share', id: link.shareLink.id })).shareLink.active).toBe(false);
    // Not a member: the trip does not exist for Bob's account.
    expect(await failing(bob, 'edit_trip', { tripId: trip.id, action: 'get_budget' })).toMatch(/^NOT_FOUND: /);
  });
});

describe('search_flights results an agent can act on', () => {
  it('describe each slice: outbound and return, times, stops, via airports and legs; awards say direction and cabin', { timeout: 60_000 }, async () => {
    const out = await call<{
      results: { stops: number | null; offerId: string | null; itinerary: { direction: string; from: string; to: string; depart: string; stops: number; via: string[]; legs: string[] }[]; awards: { direction: string; cabin: string }[] }[];
    }>(alice, 'search_flights', { origin: 'JFK', destination: 'LHR', date: daysAhead(80), returnDate: daysAhead(87), limit: 20 });
    expect(out.results.length).toBeGreaterThan(0);
    for (const r of out.results) {
      expect(r.itinerary.map((s) => s.direction)).toEqual(['outbound', 'return']);
      const [outbound, back] = r.itinerary;
      expect(outbound).toMatchObject({ from: expect.stringMatching(/^[A-Z]{3}$/), to: expect.stringMatching(/^[A-Z]{3}$/) });
      expect(back!.depart > outbound!.depart).toBe(true);
      for (const s of r.itinerary) {
        expect(s.legs.length).toBe(s.stops + 1);
        // "BA117 JFK 2026-03-01T18:30 LHR 2026-03-02T06:40": the via airports are where the later legs leave from.
        expect(s.via).toEqual(s.legs.slice(1).map((l) => l.split(' ')[1]));
        expect(s.legs[0]).toMatch(/^[A-Z0-9]{2}\d{1,4} [A-Z]{3} \d{4}-\d{2}-\d{2}T\d{2}:\d{2} [A-Z]{3} /);
        expect(s.legs[0]!.split(' ')[1]).toBe(s.from);
      }
      for (const a of r.awards) expect(['outbound', 'return']).toContain(a.direction);
    }
    expect(out.results.some((r) => r.itinerary.some((s) => s.stops > 0 && s.via.length > 0)) || out.results.every((r) => r.stops === 0)).toBe(true);
  });
});
