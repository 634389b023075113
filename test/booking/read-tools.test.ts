import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import { AIRLINE_ROWS } from '../../adapters/sandbox/simulators/world/airlines-data.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CashOffer, FlightBookingProvider, FlightOrder } from '../../tools/_kit/providers.js';
import { CHECK_IN } from '../../tools/booking/data/check-in.js';
import { formatZoned, zonedToInstant } from '../../tools/_kit/zoned-time.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { bookOnSimulator } from './booking-helpers.js';

// The offer and order read tools over HTTP, on the real server and the simulators.

type Json = Record<string, unknown>;
interface Money { amount: number; currency: string }

let server: TestServer;
let offers: CashOffer[];
let userId: string;
let userKey: string;
let otherKey: string;
let adminKey: string;

const unique = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function getJson(path: string, init?: RequestInit): Promise<{ status: number; body: Json }> {
  const res = await server.get(path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

/** Replaces one provider method for the duration of `run`. */
async function withProvider<K extends keyof FlightBookingProvider>(name: K, impl: FlightBookingProvider[K], run: () => Promise<void>): Promise<void> {
  const flights = server.services.providers.flights;
  const original = flights[name];
  Object.assign(flights, { [name]: impl });
  try {
    await run();
  } finally {
    Object.assign(flights, { [name]: original });
  }
}

beforeAll(async () => {
  server = await startTestServer();
  offers = await server.services.providers.flights.searchOffers(
    { origin: 'JFK', destination: 'LHR', departureDate: daysAhead(35), adults: 1, children: 0, infants: 0, cabin: 'economy', currency: 'USD' },
    AbortSignal.timeout(20_000),
  );
  userId = unique('user');
  userKey = (await server.services.identity.createKey({ userId, tier: 'pro' })).secret;
  otherKey = (await server.services.identity.createKey({ userId: unique('other'), tier: 'pro' })).secret;
  const adminId = unique('admin');
  adminKey = (await server.services.identity.createKey({ userId: adminId, tier: 'business' })).secret;
  await (server.services.db as AppDatabase).prisma.user.update({ where: { id: adminId }, data: { isAdmin: true } });
}, 60_000);
afterAll(() => server.close());

/** An offer whose flights are also sold under at least one other brand in the same search. */
function brandedOffer(): CashOffer {
  const key = (o: CashOffer) => o.slices.flatMap((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}@${g.departingAt}`)).join('|');
  const found = offers.find((o) => o.fareBrand !== null && offers.some((p) => p !== o && key(p) === key(o) && p.fareBrand !== o.fareBrand));
  if (!found) throw new Error('no branded offer on JFK-LHR');
  return found;
}

describe('GET /api/offers/{offer_id}', () => {
  it('answers the live offer, prefixed and priced', async () => {
    const offer = offers[0]!;
    const { status, body } = await getJson(`/api/offers/duffel:${offer.providerOfferId}`);
    expect(status).toBe(200);
    expect(body.offer_id).toBe(`duffel:${offer.providerOfferId}`);
    expect(body.total).toEqual(offer.total);
    expect(body.owner).toMatchObject({ iata: offer.owner });
    const slices = body.slices as { id: string; origin: string; segments: { flight: string; departing_at: string }[] }[];
    expect(slices[0]!.origin).toBe('JFK');
    expect(slices[0]!.segments[0]!.flight).toBe(`${offer.slices[0]!.segments[0]!.marketingCarrier}${offer.slices[0]!.segments[0]!.flightNumber}`);
    expect(body.passengers).toEqual([{ id: expect.stringMatching(/^pas_/), type: 'adult', age: null }]);
    expect(body.payment_requirements).toMatchObject({ requires_instant_payment: expect.any(Boolean) });
    expect(body.available_service_count).toBeGreaterThan(0);
    // The unprefixed id reads the same offer.
    expect((await getJson(`/api/offers/${offer.providerOfferId}`)).body.offer_id).toBe(body.offer_id);
  });

  it('answers 410 for an offer the provider does not know', async () => {
    const { status, body } = await getJson('/api/offers/duffel:off_0000AbCdEfUnknownOffer');
    expect(status).toBe(410);
    expect(body.code).toBe('GONE');
  });

  it('answers 502 (never 503/504) whenever the provider fails, also once the circuit opens', async () => {
    const failing = await startTestServer({ env: { SIM_FAIL_RATE: 'duffel:1' } });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await failing.get(`/api/offers/duffel:${offers[0]!.providerOfferId}`);
        const body = (await res.json()) as Json;
        expect(res.status, JSON.stringify(body)).toBe(502);
        expect(body.code).toBe('UPSTREAM_FAILED');
      }
      // The last calls were refused by our own open breaker, and still answered 502.
      expect(failing.services.providers.health().find((h) => h.name === 'duffel')?.breaker).toBe('open');
    } finally {
      await failing.close();
    }
  }, 60_000);

  it('answers 502 for a timeout too', async () => {
    await withProvider('getOffer', () => Promise.reject(new ProviderError('duffel', 'timeout', 'slow')), async () => {
      expect((await getJson(`/api/offers/duffel:${offers[0]!.providerOfferId}`)).status).toBe(502);
    });
  });
});

describe('GET /api/booking/baggage', () => {
  it('lists included bags per slice and priced extra bags', async () => {
    const offer = offers[0]!;
    const { status, body } = await getJson(`/api/booking/baggage?offer_id=duffel:${offer.providerOfferId}`);
    expect(status).toBe(200);
    expect(body.offer_id).toBe(`duffel:${offer.providerOfferId}`);
    const included = body.included as Json[];
    expect(included).toHaveLength(offer.slices.length);
    expect(included[0]).toMatchObject({ origin: 'JFK', destination: 'LHR', checked: offer.baggage?.checked, carry_on: offer.baggage?.carryOn });
    const options = body.options as { service_id: string; kind: string; price: Money; passenger_ids: string[]; segment_ids: string[]; max_quantity: number; max_weight_kg: number | null }[];
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) {
      expect(o.service_id).toMatch(/^ase_/);
      expect(['checked', 'carry_on']).toContain(o.kind);
      expect(o.price.amount).toBeGreaterThan(0);
      expect(o.price.currency).toBe('USD');
      expect(o.passenger_ids.length).toBeGreaterThan(0);
      expect(o.segment_ids.length).toBeGreaterThan(0);
      expect(o.max_quantity).toBeGreaterThan(0);
    }
  });

  it('answers an empty option list when the carrier publishes none', async () => {
    const offer = offers[0]!;
    const bare = await server.services.providers.flights.getOffer(offer.providerOfferId, AbortSignal.timeout(10_000));
    for (const availableServices of [undefined, []]) {
      const { availableServices: _dropped, ...rest } = bare;
      await withProvider('getOffer', async () => ({ ...rest, ...(availableServices ? { availableServices } : {}) }), async () => {
        const { status, body } = await getJson(`/api/booking/baggage?offer_id=duffel:${offer.providerOfferId}`);
        expect(status).toBe(200);
        expect(body.options).toEqual([]);
        expect((body.included as unknown[]).length).toBe(offer.slices.length);
      });
    }
  });

  it('is 422 without offer_id and 410 for an unknown offer', async () => {
    expect((await server.get('/api/booking/baggage')).status).toBe(422);
    expect((await server.get('/api/booking/baggage?offer_id=off_0000Unknown')).status).toBe(410);
  });
});

describe('GET /api/booking/fare-conditions', () => {
  it('gives refund and change policies for the offer and each slice, with a summary', async () => {
    const offer = brandedOffer();
    const { status, body } = await getJson(`/api/booking/fare-conditions?offer_id=duffel:${offer.providerOfferId}`);
    expect(status).toBe(200);
    expect(body.fare_brand).toBe(offer.fareBrand);
    expect(body.refund_before_departure).toMatchObject({ allowed: offer.conditions?.refundable ?? null });
    expect(body.change_before_departure).toMatchObject({ allowed: offer.conditions?.changeable ?? null });
    const slices = body.slices as Json[];
    expect(slices).toHaveLength(offer.slices.length);
    expect(slices[0]).toMatchObject({ origin: 'JFK', destination: 'LHR', fare_brand: offer.fareBrand });
    expect(typeof slices[0]!.advance_seat_selection).toBe('boolean');
    expect(body.summary).toMatch(offer.conditions?.refundable ? /^Refundable/ : /^Not refundable/);
    expect(body.summary).toMatch(/before departure\.$/);
  });
});

describe('GET /api/booking/fare-brands', () => {
  it('lists the brands of the same flights with price differences, base included, cheapest first', async () => {
    const offer = brandedOffer();
    const { status, body } = await getJson(`/api/booking/fare-brands?offer_id=duffel:${offer.providerOfferId}`);
    expect(status).toBe(200);
    expect(body.partial).toBe(false);
    const brands = body.brands as { offer_id: string; fare_brand: string; total: Money; price_difference: Money; is_base: boolean; refundable: boolean | null; checked_bags: number | null }[];
    expect(brands.length).toBeGreaterThanOrEqual(2);
    const base = brands.filter((b) => b.is_base);
    expect(base).toHaveLength(1);
    expect(base[0]!.offer_id).toBe(`duffel:${offer.providerOfferId}`);
    expect(base[0]!.price_difference.amount).toBe(0);
    expect(new Set(brands.map((b) => b.fare_brand)).size).toBe(brands.length);
    for (const b of brands) expect(b.price_difference.amount).toBeCloseTo(b.total.amount - offer.total.amount, 2);
    expect(brands.map((b) => b.total.amount)).toEqual([...brands.map((b) => b.total.amount)].sort((x, y) => x - y));
    expect(brands.some((b) => b.price_difference.amount !== 0)).toBe(true);
    // Every brand flies the base offer's flights.
    for (const b of brands) {
      const other = await getJson(`/api/offers/${b.offer_id}`);
      const flights = (other.body.slices as { segments: { flight: string; departing_at: string }[] }[]).map((s) => s.segments.map((g) => `${g.flight}@${g.departing_at}`));
      expect(flights).toEqual(offer.slices.map((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber}@${g.departingAt}`)));
    }
  });

  it('answers just the base offer, marked partial, when the re-search fails', async () => {
    const offer = brandedOffer();
    await withProvider('searchOffers', () => Promise.reject(new ProviderError('duffel', 'unavailable', 'down', { status: 503 })), async () => {
      const { status, body } = await getJson(`/api/booking/fare-brands?offer_id=duffel:${offer.providerOfferId}`);
      expect(status).toBe(200);
      expect(body.partial).toBe(true);
      expect(body.brands).toEqual([expect.objectContaining({ offer_id: `duffel:${offer.providerOfferId}`, is_base: true, price_difference: { amount: 0, currency: 'USD' } })]);
    });
  });
});

describe('check-in dataset and local times', () => {
  it('covers every airline of the simulated world with an https URL and a sane window', () => {
    for (const a of AIRLINE_ROWS) {
      const info = CHECK_IN[a.iata];
      expect(info, a.iata).toBeDefined();
      expect(info!.url).toMatch(/^https:\/\//);
      expect(info!.opensHours).toBeGreaterThan(info!.closesHours);
      expect(info!.closesHours).toBeGreaterThan(0);
    }
  });

  it('places local airport times in their zone, across DST changes', () => {
    expect(zonedToInstant('2026-07-01T18:30:00', 'America/New_York').toISOString()).toBe('2026-07-01T22:30:00.000Z');
    expect(zonedToInstant('2026-01-15T18:30:00', 'America/New_York').toISOString()).toBe('2026-01-15T23:30:00.000Z');
    expect(zonedToInstant('2026-01-15T09:05:00', 'Asia/Kolkata').toISOString()).toBe('2026-01-15T03:35:00.000Z');
    // 02:30 does not exist in New York on 8 March 2026; 01:30 on 1 November happens twice (the first is EDT).
    expect(zonedToInstant('2026-03-08T02:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedToInstant('2026-11-01T01:30:00', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(formatZoned(new Date('2026-07-01T22:30:00Z'), 'America/New_York')).toBe('2026-07-01T18:30:00-04:00');
    expect(formatZoned(new Date('2026-01-15T03:35:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T09:05:00+05:30');
  });
});

describe('booking reads', () => {
  let booked: { id: string; order: FlightOrder };

  beforeAll(async () => {
    booked = await bookOnSimulator(server, offers[0]!, { userId, paymentMinor: 50_000 });
  }, 60_000);

  it('GET /api/booking/{id} answers the booking with its fresh order, by our id or the order id', async () => {
    const { status, body } = await getJson(`/api/booking/${booked.id}`, bearer(userKey));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: booked.id, booking_ref: booked.id, pnr: booked.order.bookingReference, order_id: booked.order.id, status: 'confirmed', type: 'instant', stale: false });
    expect(body.totals).toMatchObject({ currency: 'USD', markup: 15, total: expect.any(Number), refund: null });
    const order = body.order as { order_id: string; slices: { id: string }[]; available_actions: string[] };
    expect(order.order_id).toBe(booked.order.id);
    expect(order.slices[0]!.id).toBe(booked.order.slices[0]!.providerSliceId);
    expect((await getJson(`/api/booking/${booked.order.id}`, bearer(userKey))).body.id).toBe(booked.id);
  });

  it('hides a booking from other users and from guests', async () => {
    expect((await getJson(`/api/booking/${booked.id}`, bearer(otherKey))).status).toBe(404);
    expect((await getJson(`/api/booking/${booked.id}`)).status).toBe(404);
    expect((await getJson(`/api/booking/${booked.id}/documents`, bearer(otherKey))).status).toBe(404);
    expect((await getJson(`/api/booking/${booked.id}/check-in-links`, bearer(otherKey))).status).toBe(404);
    expect((await getJson(`/api/booking/${booked.id}/available-services`, bearer(otherKey))).status).toBe(404);
    expect((await getJson('/api/booking/bk_doesnotexist', bearer(userKey))).status).toBe(404);
  });

  it('answers the saved order marked stale when the provider cannot be read', async () => {
    await withProvider('getOrder', () => Promise.reject(new ProviderError('duffel', 'unavailable', 'down', { status: 503 })), async () => {
      const { status, body } = await getJson(`/api/booking/${booked.id}`, bearer(userKey));
      expect(status).toBe(200);
      expect(body.stale).toBe(true);
      expect((body.order as { pnr: string }).pnr).toBe(booked.order.bookingReference);
    });
  });

  it('GET documents is empty while processing, then lists the e-tickets', async () => {
    let body: Json;
    const deadline = Date.now() + 8_000;
    do {
      body = (await getJson(`/api/booking/${booked.id}/documents`, bearer(userKey))).body;
      if ((body.documents as unknown[]).length > 0) break;
      expect(body.processing).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < deadline);
    const docs = body.documents as { type: string; ticket_number: string; passenger_ids: string[]; passenger_names: string[] }[];
    expect(docs.length).toBe(booked.order.passengers.length);
    expect(body.processing).toBe(false);
    expect(docs[0]).toMatchObject({ type: 'electronic_ticket', passenger_ids: [booked.order.passengers[0]!.id], passenger_names: ['Ada0 Lovelace'] });
    expect(docs[0]!.ticket_number).toMatch(/^\d{13}$/);
  });

  it('GET documents of a booking without an order yet is empty and processing', async () => {
    const id = unique('bk');
    await server.services.bookings.create(
      { id, userId, agentUserId: null, channel: 'book', offerId: 'off_x', type: 'instant', currency: 'USD', fareMinor: 100, servicesMinor: 0, markupMinor: 0, totalMinor: 100, passengers: [], contactEmail: null },
      null,
    );
    const { status, body } = await getJson(`/api/booking/${id}/documents`, bearer(userKey));
    expect(status).toBe(200);
    expect(body).toEqual({ booking_id: id, documents: [], processing: true, stale: false });
    // Nor are there extras to buy or flights to check in for.
    expect((await getJson(`/api/booking/${id}/available-services`, bearer(userKey))).status).toBe(409);
    expect((await getJson(`/api/booking/${id}/check-in-links`, bearer(userKey))).status).toBe(409);
  });

  it('GET check-in-links gives each airline its page and window before the first remaining flight', async () => {
    const { status, body } = await getJson(`/api/booking/${booked.id}/check-in-links`, bearer(userKey));
    expect(status).toBe(200);
    const links = body.links as { airline: string; url: string; deep_link: boolean; opens_at: string; closes_at: string; departing_at: string; first_flight: string; booking_reference: string; family_name: string }[];
    const first = booked.order.slices[0]!.segments[0]!;
    expect(links.map((l) => l.airline)).toContain(first.marketingCarrier);
    for (const l of links) {
      expect(l.booking_reference).toBe(booked.order.bookingReference);
      expect(l.family_name).toBe('Lovelace');
      expect(l.url).toBe(CHECK_IN[l.airline]!.url);
      expect(Date.parse(l.opens_at)).toBeLessThan(Date.parse(l.closes_at));
      expect(Date.parse(l.closes_at)).toBeLessThan(Date.parse(l.departing_at));
      expect(Date.parse(l.departing_at) - Date.parse(l.opens_at)).toBe(CHECK_IN[l.airline]!.opensHours * 3_600_000);
    }
    const lead = links.find((l) => l.airline === first.marketingCarrier)!;
    // JFK departures are local New York time, written with New York's offset.
    expect(lead.departing_at).toMatch(new RegExp(`^${first.departingAt}-0[45]:00$`));
  });

  it('GET available-services lists the extras still on sale', async () => {
    const { status, body } = await getJson(`/api/booking/${booked.id}/available-services`, bearer(userKey));
    expect(status).toBe(200);
    const services = body.services as { service_id: string; type: string; price: Money }[];
    expect(services.length).toBeGreaterThan(0);
    expect(services[0]!.service_id).toMatch(/^ase_/);
    expect(services[0]!.price.amount).toBeGreaterThan(0);
  });

  it('GET available-services is 409 for a cancelled booking', async () => {
    const cancelled = await bookOnSimulator(server, offers[1]!, { userId, status: 'cancelled' });
    expect((await getJson(`/api/booking/${cancelled.id}/available-services`, bearer(userKey))).status).toBe(409);
  });

  it('GET revenue is for admins only and adds up', async () => {
    expect((await server.get(`/api/booking/${booked.id}/revenue`)).status).toBe(401);
    expect((await server.get(`/api/booking/${booked.id}/revenue`, bearer(userKey))).status).toBe(403);
    const { status, body } = await getJson(`/api/booking/${booked.id}/revenue`, bearer(adminKey));
    expect(status).toBe(200);
    // One card payment of 500.00: 2.9 % is 14.50, plus 0.30.
    expect(body).toMatchObject({ booking_id: booked.id, currency: 'USD', markup: 15, ancillaries: 0, gross: 500, refunds: 0, processor_fees: 14.8, estimated: true, payments: 1 });
    expect(body.net_revenue).toBeCloseTo(15 - 14.8, 2);
  });
});
