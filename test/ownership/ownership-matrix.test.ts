import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { bearer, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { cardPaysChange, dayWithFlightsBy, json, payByCard, searchOffers, sleep, traveller, type OfferOut } from '../booking/booking-helpers.js';
import { paidSeats, seatMap, seatsOf, type SeatElementOut, type SeatMapsOut } from '../booking/seat-helpers.js';
import { driver, payCar, rateOf } from '../cars/car-helpers.js';
import { bookingBody, daysAhead, quoteRate, refundableRate } from '../hotels/hotel-helpers.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectMcp, type CallResult } from '../helpers/mcp-client.js';
import { masked, MCP_NOT_OWNED, NOT_OWNED, OWNED_ID_KEY, OWNED_MCP_ARG, ownershipMcpTools, ownershipRoutes, sameShape, SEAT_ROUTE } from './ownership-routes.js';

// Issue 18, "money and ownership": for every route that takes a payment intent,
// quote, order, booking, seat or session id, another user (Bob, an API key of his
// own) and an anonymous caller are refused and learn nothing, and the owner
// (Alice) succeeds. The routes come from the registry (ownership-routes.ts says
// the rule); each one is called by Bob and by a guest with Alice's ids and
// otherwise valid bodies, and the answer must be the one an unknown id of the
// same shape gets (same status, same body but for the id). Then nothing of
// Alice's has changed, and then Alice's own calls succeed, spending each
// payment through its whole flow once.

const INTERNAL = 'internal-ownership-key-0123456789abcdef';
const ALICE = 'own-alice';
const BOB = 'own-bob';
const ADMIN = 'own-admin';

type Caller = 'alice' | 'bob' | 'anon' | 'internal' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Req {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}
interface Answer {
  status: number;
  text: string;
}
interface Variant {
  label: string;
  /** The call with Alice's ids. */
  req: Req;
  /** Alice's ids in it that the unknown-id call replaces by made-up ones of the same shape. */
  swap: string[];
  /** Instead of swapping ids: the call whose answer Bob's and the guest's must equal (seat-hold: a seat the airline sold). */
  baseline?: Req;
  expect: { bob: number; anon: number };
  /** Makes answers comparable: drops what differs on every call (generated ids, times). */
  normalize?: (text: string) => string;
  /** A check of its own instead of the comparison (the public seat map). */
  check?: (who: 'bob' | 'anon', a: Answer) => void;
}
interface Case {
  route: string;
  variants: () => Variant[];
  /** What Alice (or, for staff-only routes, the staff acting for her) does, asserting success; returns the status. */
  owner: { who: string; run: () => Promise<number> };
  /** Position of the owner step: money is spent and things cancelled last. */
  order: number;
}

let server: TestServer;
const headers: Record<Caller, Record<string, string>> = { alice: {}, bob: {}, anon: {}, internal: { 'x-internal-key': INTERNAL }, admin: {} };

/** Everything Alice owns, made in beforeAll. */
const s = {} as {
  offerA: OfferOut; // booked (bkA), with a seat held on it and sent with the order
  seatA: { passenger_slot: string; segment_id: string; designator: string };
  bkA: string;
  ordA: string;
  offerB: OfferOut; // paid (piB), not yet booked
  piB: string;
  piU: string; // opened for offer B, not paid
  offerG: OfferOut; // paid by a guest (piG, proven by its client_secret), not booked
  piG: string;
  secretG: string;
  piBag: string; // paid for a bag on bkA
  bag: { id: string; quantity: number }[];
  crA: string;
  coA: string;
  changeTotal: number;
  piChange: string | null;
  bkH: string; // a hold booking
  piHold: string;
  ppi: string; // a flight-provider payment intent (Duffel Payments)
  offerS: OfferOut; // seats held on it, never booked
  mapS: SeatMapsOut;
  seatS: { passenger_slot: string; segment_id: string; designator: string };
  soldS: string; // a seat of the same leg the airline sold
  q1: string; // car partner quote, booked (cbP)
  cbP: string;
  cbPProvider: string;
  q2: string; // car partner quote, paid (piQ2), not booked
  piQ2: string;
  cbL: string; // legacy car booking
  legacyToken2: string; // legacy rate paid (piL2), not booked
  piL2: string;
  hq: string; // hotel quote, booked (hbA / bokA)
  hbA: string;
  bokA: string;
  tripA: string;
  tripB: string; // Bob's own trip
  actA: string; // an activity on Alice's trip
  actB: string; // an activity on Bob's trip
  mcpSession: string;
  // MCP two-step quotes of Alice's (confirmation tokens bound to her), their card payments paid.
  tkFlight: string;
  tkHold: string;
  tkCar: string;
  tkHotel: string;
  tkCancel: string; // a cancellation quote for bkA
  mcpPayments: string[];
  mcpBooked: string; // the flight book_flight made, which cancel_booking then cancels
};

async function send(who: Caller, req: Req): Promise<Answer> {
  const h: Record<string, string> = { ...headers[who] };
  const init: RequestInit = { method: req.method, headers: h };
  if (req.method !== 'GET' && req.method !== 'DELETE') {
    h['content-type'] = 'application/json';
    init.body = JSON.stringify(req.body ?? {});
  }
  const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const res = await fetch(`${server.url}${req.path}${qs}`, init);
  return { status: res.status, text: await res.text() };
}

/** The same call with every id in `swap` replaced (path, query and body). */
function swapped(req: Req, map: Map<string, string>): Req {
  const sub = (v: string) => [...map].reduce((acc, [from, to]) => acc.split(from).join(to), v);
  const deep = (v: unknown): unknown =>
    typeof v === 'string' ? sub(v) : Array.isArray(v) ? v.map(deep) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : v;
  return { ...req, path: sub(req.path), ...(req.query ? { query: deep(req.query) as Record<string, string> } : {}), ...(req.body !== undefined ? { body: deep(req.body) } : {}) };
}

const dropKeys = (...keys: string[]) => (text: string) => {
  const strip = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(strip) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => !keys.includes(k)).map(([k, x]) => [k, strip(x)])) : v;
  return JSON.stringify(strip(JSON.parse(text)));
};

const seatBody = (offer: string, seat: { passenger_slot: string; segment_id: string; designator: string }) => ({ offer_id: offer, ...seat });
const bkGet = (path: string) => (): Variant[] => [
  { label: 'our bk_ id', req: { method: 'GET', path: path.replace('{id}', s.bkA) }, swap: [s.bkA], expect: { bob: 404, anon: 404 } },
  { label: "provider's ord_ id", req: { method: 'GET', path: path.replace('{id}', s.ordA) }, swap: [s.ordA], expect: { bob: 404, anon: 404 } },
];
const ok = async (who: Caller, req: Req, status = 200): Promise<number> => {
  const a = await send(who, req);
  expect(a.status, `${who} ${req.method} ${req.path}: ${a.text}`).toBe(status);
  return a.status;
};
/** A fresh offer paid by Alice, for an owner step that books. */
let spare: OfferOut[] = [];
async function paidSpareOffer(): Promise<{ offer: OfferOut; pi: string }> {
  const offer = spare.shift()!;
  const paid = await payByCard(server, { offer_id: offer.offer_id }, headers.alice);
  return { offer, pi: paid.id };
}

// ---------------------------------------------------------------------------------
// The matrix: one case per registry route (ownership-routes.ts decides which).

const CASES: Case[] = [
  // Payments: spending, confirming and opening.
  {
    route: 'POST /api/booking/card-payments/{payment_intent_id}/confirm',
    variants: () => [{ label: 'unpaid intent', req: { method: 'POST', path: `/api/booking/card-payments/${s.piU}/confirm`, body: { payment_method: 'pm_card_visa' } }, swap: [s.piU], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: `/api/booking/card-payments/${s.piU}/confirm`, body: { payment_method: 'pm_card_visa' } }) },
    order: 10,
  },
  {
    route: 'POST /api/booking/payment-intents/{payment_intent_id}/confirm',
    variants: () => [{ label: 'provider payment intent', req: { method: 'POST', path: `/api/booking/payment-intents/${s.ppi}/confirm`, body: {} }, swap: [s.ppi], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: `/api/booking/payment-intents/${s.ppi}/confirm`, body: {} }) },
    order: 10,
  },
  {
    route: 'POST /api/booking/payment-intent',
    variants: () => [
      { label: 'hold payment of bkH', req: { method: 'POST', path: '/api/booking/payment-intent', body: { order_id: s.bkH } }, swap: [s.bkH], expect: { bob: 404, anon: 404 } },
      { label: 'extras of bkA', req: { method: 'POST', path: '/api/booking/payment-intent', body: { order_id: s.bkA, services: s.bag } }, swap: [s.bkA], expect: { bob: 404, anon: 404 } },
      { label: 'change of bkA', req: { method: 'POST', path: '/api/booking/payment-intent', body: { order_id: s.bkA, change_offer_id: s.coA } }, swap: [s.bkA, s.coA], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/booking/payment-intent', body: { order_id: s.bkH } }) },
    order: 10,
  },
  {
    route: 'POST /api/booking/payment-intents',
    variants: () => [
      { label: 'hold payment of bkH', req: { method: 'POST', path: '/api/booking/payment-intents', body: { order_id: s.bkH } }, swap: [s.bkH], expect: { bob: 404, anon: 404 } },
      { label: 'extras of bkA', req: { method: 'POST', path: '/api/booking/payment-intents', body: { order_id: s.bkA, services: s.bag } }, swap: [s.bkA], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/booking/payment-intents', body: { order_id: s.bkH } }) },
    order: 10,
  },
  {
    route: 'POST /api/booking/3ds-session',
    // Paying for an order is for who may see its booking: anyone else gets the 404 of an order that does not exist.
    variants: () => [{
      label: "Alice's provider order",
      req: { method: 'POST', path: '/api/booking/3ds-session', body: { card_id: 'tcd_00009hthhsUZ8W4LxQgkjo', resource_id: s.ordA } },
      swap: [s.ordA],
      expect: { bob: 404, anon: 404 },
    }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/booking/3ds-session', body: { card_id: 'tcd_00009hthhsUZ8W4LxQgkjo', resource_id: s.ordA } }) },
    order: 10,
  },
  {
    route: 'POST /api/booking/create-offer',
    variants: () => [
      { label: "checkout with Alice's piB", req: { method: 'POST', path: '/api/booking/create-offer', body: { offer_id: s.offerB.offer_id, payment_intent_id: s.piB, passengers: [traveller()] } }, swap: [s.piB], expect: { bob: 404, anon: 404 } },
      // A guest's payment is the guest's: its client_secret is the proof, so without it (or with a made-up one) nobody spends it.
      { label: "a guest's piG, no client_secret", req: { method: 'POST', path: '/api/booking/create-offer', body: { offer_id: s.offerG.offer_id, payment_intent_id: s.piG, passengers: [traveller()] } }, swap: [s.piG], expect: { bob: 404, anon: 404 } },
      { label: "a guest's piG, a made-up client_secret", req: { method: 'POST', path: '/api/booking/create-offer', body: { offer_id: s.offerG.offer_id, payment_intent_id: s.piG, client_secret: sameShape(s.secretG), passengers: [traveller()] } }, swap: [s.piG], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice; and the guest with its client_secret', run: async () => {
      const a = await send('alice', { method: 'POST', path: '/api/booking/create-offer', body: { offer_id: s.offerB.offer_id, payment_intent_id: s.piB, passengers: [traveller()] } });
      expect(a.status, a.text).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ mode: 'checkout', status: 'confirmed' });
      const g = await send('anon', { method: 'POST', path: '/api/booking/create-offer', body: { offer_id: s.offerG.offer_id, payment_intent_id: s.piG, client_secret: s.secretG, passengers: [traveller()] } });
      expect(g.status, g.text).toBe(200);
      expect(JSON.parse(g.text)).toMatchObject({ mode: 'checkout', status: 'confirmed' });
      return a.status;
    } },
    order: 30,
  },
  {
    route: 'POST /api/book',
    variants: () => [{ label: 'book with piB', req: { method: 'POST', path: '/api/book', body: { offer_id: s.offerB.offer_id, payment_intent_id: s.piB, passengers: [traveller()] } }, swap: [s.piB], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: async () => {
      const { offer, pi } = await paidSpareOffer();
      return ok('alice', { method: 'POST', path: '/api/book', body: { offer_id: offer.offer_id, payment_intent_id: pi, passengers: [traveller()] } });
    } },
    order: 30,
  },
  {
    route: 'POST /api/book/agent',
    variants: () => [{ label: 'agent booking with piB', req: { method: 'POST', path: '/api/book/agent', body: { offer_id: s.offerB.offer_id, payment_intent_id: s.piB, passengers: [traveller()] } }, swap: [s.piB], expect: { bob: 404, anon: 401 } }],
    owner: { who: 'alice', run: async () => {
      const { offer, pi } = await paidSpareOffer();
      return ok('alice', { method: 'POST', path: '/api/book/agent', body: { offer_id: offer.offer_id, payment_intent_id: pi, passengers: [traveller()] } });
    } },
    order: 30,
  },
  {
    route: 'POST /api/booking/pay',
    variants: () => [{ label: 'pay bkH with piHold', req: { method: 'POST', path: '/api/booking/pay', body: { order_id: s.bkH, payment_intent_id: s.piHold } }, swap: [s.bkH, s.piHold], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/booking/pay', body: { order_id: s.bkH, payment_intent_id: s.piHold } }) },
    order: 30,
  },
  {
    route: 'POST /api/booking/{order_id}/services',
    variants: () => [{ label: 'bag on bkA with piBag', req: { method: 'POST', path: `/api/booking/${s.bkA}/services`, body: { services: s.bag, payment_intent_id: s.piBag } }, swap: [s.bkA, s.piBag], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: async () => {
      // After her change (the step before), so a bag on the booking as it is now, paid for now: the whole flow once.
      const { services } = await json<{ services: { service_id: string }[] }>(await server.get(`/api/booking/${s.bkA}/available-services`, { headers: headers.alice }));
      const bag = [{ id: services[0]!.service_id, quantity: 1 }];
      const paid = await payByCard(server, { order_id: s.bkA, services: bag }, headers.alice);
      return ok('alice', { method: 'POST', path: `/api/booking/${s.bkA}/services`, body: { services: bag, payment_intent_id: paid.id } });
    } },
    order: 33,
  },
  {
    route: 'POST /api/booking/{order_id}/change-confirm',
    variants: () => [{
      label: 'confirm coA on bkA',
      req: { method: 'POST', path: `/api/booking/${s.bkA}/change-confirm`, body: { change_offer_id: s.coA, ...(s.piChange ? { payment_intent_id: s.piChange } : {}) } },
      swap: [s.bkA, s.coA, ...(s.piChange ? [s.piChange] : [])],
      expect: { bob: 404, anon: 404 },
    }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: `/api/booking/${s.bkA}/change-confirm`, body: { change_offer_id: s.coA, ...(s.piChange ? { payment_intent_id: s.piChange } : {}) } }) },
    order: 32,
  },
  // Flight bookings: reading and changing.
  { route: 'GET /api/booking/{order_id}', variants: bkGet('/api/booking/{id}'), owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/${s.ordA}` }) }, order: 1 },
  { route: 'GET /api/booking/{order_id}/documents', variants: bkGet('/api/booking/{id}/documents'), owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/${s.bkA}/documents` }) }, order: 1 },
  { route: 'GET /api/booking/{order_id}/check-in-links', variants: bkGet('/api/booking/{id}/check-in-links'), owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/${s.bkA}/check-in-links` }) }, order: 1 },
  { route: 'GET /api/booking/{order_id}/available-services', variants: bkGet('/api/booking/{id}/available-services'), owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/${s.bkA}/available-services` }) }, order: 1 },
  {
    route: 'GET /api/booking/{order_id}/revenue',
    variants: () => [{ label: 'admin only', req: { method: 'GET', path: `/api/booking/${s.bkA}/revenue` }, swap: [s.bkA], expect: { bob: 403, anon: 401 } }],
    owner: { who: 'admin (Alice: 403, staff only)', run: async () => {
      expect((await send('alice', { method: 'GET', path: `/api/booking/${s.bkA}/revenue` })).status).toBe(403);
      return ok('admin', { method: 'GET', path: `/api/booking/${s.bkA}/revenue` });
    } },
    order: 1,
  },
  {
    route: 'POST /api/booking/{order_id}/change-request',
    variants: () => [{ label: 'change bkA', req: { method: 'POST', path: `/api/booking/${s.bkA}/change-request`, body: changeBody() }, swap: [s.bkA], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: async () => {
      // After her change is confirmed (the step before): a new request on the booking's current first slice.
      const view = await json<{ order: { slices: { id: string | null }[] } }>(await server.get(`/api/booking/${s.bkA}`, { headers: headers.alice }));
      return ok('alice', { method: 'POST', path: `/api/booking/${s.bkA}/change-request`, body: { slices: { remove: [{ slice_id: view.order.slices[0]!.id }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: changeDate }] } } });
    } },
    order: 37,
  },
  {
    route: 'GET /api/booking/change-requests/{change_request_id}',
    variants: () => [{ label: 'crA', req: { method: 'GET', path: `/api/booking/change-requests/${s.crA}` }, swap: [s.crA], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/change-requests/${s.crA}` }) },
    order: 1,
  },
  {
    route: 'GET /api/booking/change-requests/{change_request_id}/offers',
    variants: () => [{ label: 'crA', req: { method: 'GET', path: `/api/booking/change-requests/${s.crA}/offers` }, swap: [s.crA], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/change-requests/${s.crA}/offers` }) },
    order: 1,
  },
  {
    route: 'POST /api/booking/{order_id}/cancel',
    variants: () => [{ label: 'internal only', req: { method: 'POST', path: `/api/booking/${s.bkA}/cancel`, body: {} }, swap: [s.bkA], expect: { bob: 403, anon: 401 } }],
    owner: { who: 'back end for Alice (internal key; Alice: 403)', run: async () => {
      expect((await send('alice', { method: 'POST', path: `/api/booking/${s.bkA}/cancel`, body: {} })).status).toBe(403);
      const a = await send('internal', { method: 'POST', path: `/api/booking/${s.bkA}/cancel`, body: {} });
      expect(a.status, a.text).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ status: 'cancelled' });
      return a.status;
    } },
    order: 50,
  },
  // Seats: holds belong to their holder.
  {
    route: 'GET /api/booking/seat-map',
    // A public view of a public offer: everyone gets it. Alice's hold must show to Bob and
    // to a guest exactly as a seat the airline sold, with nothing saying who holds it.
    variants: () => [{
      label: "Alice's held seat",
      req: { method: 'GET', path: '/api/booking/seat-map', query: { offer_id: s.offerS.offer_id } },
      swap: [],
      expect: { bob: 200, anon: 200 },
      check: (_who, a) => {
        const map = JSON.parse(a.text) as SeatMapsOut;
        const seg = map.seat_maps.find((m) => m.segment_id === s.seatS.segment_id)!;
        const held = seatsOf(seg).find((e) => e.designator === s.seatS.designator)!;
        const sold = seatsOf(seg).find((e) => e.designator === s.soldS)!;
        expect(held.available).toBe(false);
        // The seat's own description (designator, name: window, aisle) differs; anything about a holder must not.
        const [h, x] = [JSON.stringify({ ...held, designator: '<seat>', name: '<name>' }), JSON.stringify({ ...sold, designator: '<seat>', name: '<name>' })];
        if (h !== x) throw new Error(`Alice's held seat ${held.designator} shows as ${h}; a seat the airline sold (${sold.designator}) as ${x}`);
      },
    }],
    owner: { who: 'alice', run: async () => {
      const map = await seatMap(server, s.offerS.offer_id, headers.alice);
      const seg = map.seat_maps.find((m) => m.segment_id === s.seatS.segment_id)!;
      expect(seatsOf(seg).find((e) => e.designator === s.seatS.designator)!.available).toBe(true);
      return 200;
    } },
    order: 1,
  },
  {
    route: 'POST /api/booking/seat-hold',
    variants: () => [{
      label: "Alice's held seat",
      req: { method: 'POST', path: '/api/booking/seat-hold', body: seatBody(s.offerS.offer_id, s.seatS) },
      swap: [],
      baseline: { method: 'POST', path: '/api/booking/seat-hold', body: seatBody(s.offerS.offer_id, { ...s.seatS, designator: s.soldS }) },
      expect: { bob: 422, anon: 401 },
      normalize: (t) => t.replace(/Seat \w+ on/g, 'Seat <seat> on'),
    }],
    owner: { who: 'alice (renews her hold)', run: () => ok('alice', { method: 'POST', path: '/api/booking/seat-hold', body: seatBody(s.offerS.offer_id, s.seatS) }) },
    order: 20,
  },
  {
    route: 'GET /api/booking/seat-selections',
    variants: () => [{ label: 'offer S', req: { method: 'GET', path: '/api/booking/seat-selections', query: { offer_id: s.offerS.offer_id } }, swap: [s.offerS.offer_id], expect: { bob: 200, anon: 401 } }],
    owner: { who: 'alice', run: async () => {
      const a = await send('alice', { method: 'GET', path: '/api/booking/seat-selections', query: { offer_id: s.offerS.offer_id } });
      expect(a.status, a.text).toBe(200);
      expect((JSON.parse(a.text) as { selections: { designator: string; status: string }[] }).selections).toEqual([expect.objectContaining({ designator: s.seatS.designator, status: 'held' })]);
      return a.status;
    } },
    order: 1,
  },
  {
    route: 'POST /api/booking/seat-confirm',
    variants: () => [{ label: 'offer A, bkA', req: { method: 'POST', path: '/api/booking/seat-confirm', body: { offer_id: s.offerA.offer_id, booking_id: s.bkA } }, swap: [s.offerA.offer_id, s.bkA], expect: { bob: 404, anon: 401 } }],
    owner: { who: 'alice', run: async () => {
      const a = await send('alice', { method: 'POST', path: '/api/booking/seat-confirm', body: { offer_id: s.offerA.offer_id, booking_id: s.bkA } });
      expect(a.status, a.text).toBe(200);
      expect((JSON.parse(a.text) as { confirmed: { designator: string; status: string }[] }).confirmed).toEqual([expect.objectContaining({ designator: s.seatA.designator, status: 'confirmed' })]);
      return a.status;
    } },
    order: 31,
  },
  {
    route: 'POST /api/booking/seat-release',
    variants: () => [{ label: 'offer S', req: { method: 'POST', path: '/api/booking/seat-release', body: { offer_id: s.offerS.offer_id } }, swap: [s.offerS.offer_id], expect: { bob: 404, anon: 401 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/booking/seat-release', body: { offer_id: s.offerS.offer_id } }) },
    order: 50,
  },
  {
    route: 'GET /api/booking/seat-selections/by-booking/{booking_id}',
    variants: bkGet('/api/booking/seat-selections/by-booking/{id}'),
    owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/booking/seat-selections/by-booking/${s.bkA}` }) },
    order: 1,
  },
  // Cars.
  {
    route: 'POST /api/cars/payment-intent',
    variants: () => [{ label: 'partner quote q2', req: { method: 'POST', path: '/api/cars/payment-intent', body: { quote_id: s.q2 } }, swap: [s.q2], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/cars/payment-intent', body: { quote_id: s.q2 } }) },
    order: 10,
  },
  {
    route: 'POST /api/cars/partner/book',
    variants: () => [
      { label: 'q2 with piQ2 (unbooked)', req: { method: 'POST', path: '/api/cars/partner/book', body: { quote_id: s.q2, driver: driver(), payment_intent_id: s.piQ2 } }, swap: [s.q2, s.piQ2], expect: { bob: 404, anon: 404 } },
      { label: 'q1 (booked) with piQ2', req: { method: 'POST', path: '/api/cars/partner/book', body: { quote_id: s.q1, driver: driver(), payment_intent_id: s.piQ2 } }, swap: [s.q1, s.piQ2], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/cars/partner/book', body: { quote_id: s.q2, driver: driver(), payment_intent_id: s.piQ2 } }) },
    order: 30,
  },
  {
    route: 'POST /api/cars/book',
    variants: () => [{ label: 'legacy fee piL2', req: { method: 'POST', path: '/api/cars/book', body: { offer_token: s.legacyToken2, driver: driver(), payment_intent_id: s.piL2 } }, swap: [s.piL2], expect: { bob: 404, anon: 404 } }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: '/api/cars/book', body: { offer_token: s.legacyToken2, driver: driver(), payment_intent_id: s.piL2 } }) },
    order: 30,
  },
  {
    route: 'GET /api/cars/booking/{booking_id}',
    variants: () => [
      { label: 'partner cb_ id', req: { method: 'GET', path: `/api/cars/booking/${s.cbP}` }, swap: [s.cbP], expect: { bob: 404, anon: 404 } },
      { label: 'partner provider id', req: { method: 'GET', path: `/api/cars/booking/${s.cbPProvider}` }, swap: [s.cbPProvider], expect: { bob: 404, anon: 404 } },
      { label: 'legacy cb_ id', req: { method: 'GET', path: `/api/cars/booking/${s.cbL}` }, swap: [s.cbL], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: async () => (await ok('alice', { method: 'GET', path: `/api/cars/booking/${s.cbP}` })) && ok('alice', { method: 'GET', path: `/api/cars/booking/${s.cbL}` }) },
    order: 1,
  },
  {
    route: 'POST /api/cars/booking/{booking_id}/cancel',
    variants: () => [
      { label: 'partner', req: { method: 'POST', path: `/api/cars/booking/${s.cbP}/cancel`, body: {} }, swap: [s.cbP], expect: { bob: 404, anon: 404 } },
      { label: 'legacy', req: { method: 'POST', path: `/api/cars/booking/${s.cbL}/cancel`, body: {} }, swap: [s.cbL], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: async () => {
      for (const id of [s.cbP, s.cbL]) {
        const a = await send('alice', { method: 'POST', path: `/api/cars/booking/${id}/cancel`, body: {} });
        expect(a.status, a.text).toBe(200);
        expect(JSON.parse(a.text)).toMatchObject({ status: 'cancelled' });
      }
      return 200;
    } },
    order: 50,
  },
  // Hotels.
  {
    route: 'POST /api/hotels/book',
    variants: () => [{ label: 'internal only', req: { method: 'POST', path: '/api/hotels/book', body: bookingBody(s.hq, { user_id: BOB }) }, swap: [s.hq], expect: { bob: 403, anon: 401 } }],
    owner: { who: 'back end for Alice (internal key; Alice: 403)', run: async () => {
      expect((await send('alice', { method: 'POST', path: '/api/hotels/book', body: bookingBody(s.hq) })).status).toBe(403);
      const a = await send('internal', { method: 'POST', path: '/api/hotels/book', body: bookingBody(s.hq, { user_id: ALICE }) });
      expect(a.status, a.text).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ booking_id: s.hbA });
      return a.status;
    } },
    order: 20,
  },
  {
    route: 'GET /api/hotels/booking/{booking_id}',
    variants: () => [
      { label: 'our hb_ id', req: { method: 'GET', path: `/api/hotels/booking/${s.hbA}` }, swap: [s.hbA], expect: { bob: 404, anon: 404 } },
      { label: "provider's bok_ id", req: { method: 'GET', path: `/api/hotels/booking/${s.bokA}` }, swap: [s.bokA], expect: { bob: 404, anon: 404 } },
    ],
    owner: { who: 'alice', run: () => ok('alice', { method: 'GET', path: `/api/hotels/booking/${s.bokA}` }) },
    order: 1,
  },
  {
    route: 'POST /api/hotels/bookings/{booking_id}/cancel',
    variants: () => [{ label: 'hbA', req: { method: 'POST', path: `/api/hotels/bookings/${s.hbA}/cancel`, body: {} }, swap: [s.hbA], expect: { bob: 404, anon: 401 } }],
    owner: { who: 'alice', run: async () => {
      const a = await send('alice', { method: 'POST', path: `/api/hotels/bookings/${s.hbA}/cancel`, body: {} });
      expect(a.status, a.text).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ status: 'cancelled' });
      return a.status;
    } },
    order: 50,
  },
  // Trips: an activity may name a booking; the id is a private label, never looked up.
  {
    route: 'POST /api/trips/{trip_id}/activities',
    variants: () => [{
      label: "Bob's own trip, naming bkA",
      req: { method: 'POST', path: `/api/trips/${s.tripB}/activities`, body: { title: 'Flight', starts_at: `${daysAhead(40)}T09:00:00Z`, booking_id: s.bkA } },
      swap: [s.bkA],
      expect: { bob: 200, anon: 401 },
      normalize: dropKeys('id', 'created_at'),
    }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'POST', path: `/api/trips/${s.tripA}/activities`, body: { title: 'Flight', starts_at: `${daysAhead(40)}T09:00:00Z`, booking_id: s.bkA } }) },
    order: 1,
  },
  {
    route: 'PATCH /api/trips/{trip_id}/activities/{activity_id}',
    variants: () => [{
      label: "Bob's own activity, naming bkA",
      req: { method: 'PATCH', path: `/api/trips/${s.tripB}/activities/${s.actB}`, body: { booking_id: s.bkA } },
      swap: [s.bkA],
      expect: { bob: 200, anon: 401 },
      normalize: dropKeys('id', 'created_at'),
    }],
    owner: { who: 'alice', run: () => ok('alice', { method: 'PATCH', path: `/api/trips/${s.tripA}/activities/${s.actA}`, body: { booking_id: s.bkA } }) },
    order: 1,
  },
];

// MCP-only tools (no REST route): the two-step quotes and the cancellation.
interface McpCase {
  name: string;
  variants: () => { label: string; args: Record<string, unknown>; swap: string[] }[];
  owner: () => Promise<void>;
  order: number;
}
const mcp = {} as { alice: Client; bob: Client };
async function mcpCall(client: Client, name: string, args: Record<string, unknown>): Promise<CallResult> {
  return (await client.callTool({ name, arguments: args })) as CallResult;
}
async function mcpOk<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const r = await mcpCall(mcp.alice, name, args);
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent as T;
}
const MCP_CASES: McpCase[] = [
  { name: 'book_flight', variants: () => [{ label: "Alice's token", args: { confirmationToken: s.tkFlight }, swap: [s.tkFlight] }], owner: async () => {
    const booked = await mcpOk<{ booking_ref: string; status: string }>('book_flight', { confirmationToken: s.tkFlight });
    expect(booked.status).toBe('confirmed');
    s.mcpBooked = booked.booking_ref;
  }, order: 1 },
  { name: 'hold_flight', variants: () => [{ label: "Alice's token", args: { confirmationToken: s.tkHold }, swap: [s.tkHold] }], owner: async () => {
    expect((await mcpOk<{ status: string }>('hold_flight', { confirmationToken: s.tkHold })).status).toBe('hold');
  }, order: 1 },
  { name: 'book_car', variants: () => [{ label: "Alice's token", args: { confirmationToken: s.tkCar }, swap: [s.tkCar] }], owner: async () => {
    expect((await mcpOk<{ status: string }>('book_car', { confirmationToken: s.tkCar })).status).toBe('confirmed');
  }, order: 1 },
  { name: 'book_hotel', variants: () => [{ label: "Alice's token", args: { confirmationToken: s.tkHotel }, swap: [s.tkHotel] }], owner: async () => {
    expect((await mcpOk<{ status: string }>('book_hotel', { confirmationToken: s.tkHotel })).status).toBe('confirmed');
  }, order: 1 },
  { name: 'cancel_booking', variants: () => [
    { label: 'bkA, asking what cancelling refunds', args: { bookingRef: s.bkA }, swap: [s.bkA] },
    { label: "bkA with Alice's cancellation token", args: { bookingRef: s.bkA, confirmationToken: s.tkCancel }, swap: [s.bkA, s.tkCancel] },
  ], owner: async () => {
    // Both steps, on the flight book_flight made (bkA is cancelled over REST).
    const quote = await mcpOk<{ confirmationToken: string }>('cancel_booking', { bookingRef: s.mcpBooked });
    expect((await mcpOk<{ status: string }>('cancel_booking', { bookingRef: s.mcpBooked, confirmationToken: quote.confirmationToken })).status).toBe('cancelled');
  }, order: 2 },
  { name: 'manage_booking', variants: () => [
    { label: 'bkA', args: { action: 'get', bookingRef: s.bkA }, swap: [s.bkA] },
    { label: "bkA's documents", args: { action: 'documents', bookingRef: s.bkA }, swap: [s.bkA] },
  ], owner: async () => {
    expect((await mcpOk<{ booking: { booking_ref: string } }>('manage_booking', { action: 'get', bookingRef: s.bkA })).booking.booking_ref).toBe(s.bkA);
  }, order: 1 },
  { name: 'change_booking', variants: () => [
    { label: 'paying hold bkH', args: { action: 'pay_hold', bookingRef: s.bkH }, swap: [s.bkH] },
    { label: 'extras for bkA', args: { action: 'add_services', bookingRef: s.bkA, services: [{ id: 'ase_unknown', quantity: 1 }] }, swap: [s.bkA] },
  ], owner: async () => {
    // Alice reaches her booking: the extra is refused, not the booking (nothing is bought).
    const r = await mcpCall(mcp.alice, 'change_booking', { action: 'add_services', bookingRef: s.bkA, services: [{ id: 'ase_unknown', quantity: 1 }] });
    expect(r.content[0]?.text ?? '').not.toMatch(/^NOT_FOUND/);
  }, order: 1 },
  { name: 'pick_seat', variants: () => [
    { label: 'confirming seats with bkA', args: { action: 'confirm', offerId: 'duffel:off_matrix', bookingRef: s.bkA }, swap: [s.bkA] },
  ], owner: async () => {
    // Alice reaches her booking: it was made for another offer (409), nothing is confirmed.
    const r = await mcpCall(mcp.alice, 'pick_seat', { action: 'confirm', offerId: 'duffel:off_matrix', bookingRef: s.bkA });
    expect(r.content[0]?.text ?? '').toMatch(/^CONFLICT/);
  }, order: 1 },
];

let sliceA = '';
let changeDate = '';
const changeBody = () => ({ slices: { remove: [{ slice_id: sliceA }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: changeDate }] } });

/** What the matrix prints: route × caller → what happened. */
const table = new Map<string, { bob: string[]; anon: string[]; owner: string }>();
const note = (route: string, who: 'bob' | 'anon' | 'owner', text: string) => {
  const row = table.get(route) ?? { bob: [], anon: [], owner: '' };
  if (who === 'owner') row.owner = text;
  else row[who].push(text);
  table.set(route, row);
};

// ---------------------------------------------------------------------------------

async function firstSeat(map: SeatMapsOut, segmentIndex = 0): Promise<{ passenger_slot: string; segment_id: string; designator: string; element: SeatElementOut }> {
  const seg = map.seat_maps[segmentIndex]!;
  const seat = paidSeats(seg)[0]!;
  const svc = seat.available_services![0]!;
  return { passenger_slot: svc.passenger_id, segment_id: seg.segment_id, designator: seat.designator!, element: seat };
}

async function snapshot() {
  const prisma = prismaOf(server);
  const [bookings, payments, seats, cars, stays, changes, bob] = await Promise.all([
    prisma.booking.findMany({ where: { userId: ALICE }, select: { id: true, status: true, fareMinor: true, servicesMinor: true, totalMinor: true, refundMinor: true, providerOrderId: true, userId: true, agentUserId: true }, orderBy: { id: 'asc' } }),
    prisma.payment.findMany({ where: { OR: [{ payerUserId: ALICE }, { id: s.piG }] }, select: { id: true, state: true, goodsKind: true, goodsId: true, refundedMinor: true, amountMinor: true }, orderBy: { id: 'asc' } }),
    prisma.seatSelection.findMany({ where: { userId: ALICE }, select: { offerId: true, designator: true, status: true, bookingId: true }, orderBy: { designator: 'asc' } }),
    prisma.carBooking.findMany({ where: { userId: ALICE }, select: { id: true, status: true, refundMinor: true }, orderBy: { id: 'asc' } }),
    prisma.stayBooking.findMany({ where: { userId: ALICE }, select: { id: true, status: true, refundMinor: true }, orderBy: { id: 'asc' } }),
    prisma.bookingChangeRequest.findMany({ select: { id: true, bookingId: true, confirmedOfferId: true }, orderBy: { id: 'asc' } }),
    Promise.all([
      prisma.booking.count({ where: { OR: [{ userId: BOB }, { agentUserId: BOB }] } }),
      prisma.payment.count({ where: { payerUserId: BOB } }),
      prisma.seatSelection.count({ where: { userId: BOB } }),
      prisma.carBooking.count({ where: { userId: BOB } }),
      prisma.stayBooking.count({ where: { userId: BOB } }),
    ]),
  ]);
  const cards = server.services.providers.cards;
  const processor = Object.fromEntries(await Promise.all([s.piU, s.piB, s.piG, s.piBag, s.piHold, s.piQ2, s.piL2, ...(s.piChange ? [s.piChange] : []), ...s.mcpPayments].map(async (id) => [id, (await cards.retrievePaymentIntent(id, AbortSignal.timeout(5_000))).status] as const)));
  return { bookings, payments, seats, cars, stays, changes, bob: { bookings: bob[0], payments: bob[1], seats: bob[2], cars: bob[3], stays: bob[4] }, processor };
}

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  const t0 = Date.now();
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL } });
  headers.alice = await bearer(server, ALICE);
  headers.bob = await bearer(server, BOB);
  headers.admin = await bearer(server, ADMIN);
  await prismaOf(server).user.update({ where: { id: ADMIN }, data: { isAdmin: true } });
  const alice = headers.alice;

  // Flights. A: flexible, on a trunk airline, seats chosen in advance; booked with a held seat.
  const offers = await searchOffers(server, { departure_date: daysAhead(40) });
  let chosen: { offer: OfferOut; map: SeatMapsOut } | null = null;
  for (const o of offers.filter((x) => x.refundable && x.changeable && ['BA', 'AA', 'VS', 'DL', 'UA'].includes(x.owner))) {
    const map = await seatMap(server, o.offer_id, alice);
    if (map.seat_maps.length > 0 && map.seat_maps.every((m) => m.advance_seat_selection !== false) && paidSeats(map.seat_maps[0]!).length > 0) {
      chosen = { offer: o, map };
      break;
    }
  }
  if (!chosen) throw new Error('no flexible offer with seats on sale');
  s.offerA = chosen.offer;
  const seatA = await firstSeat(chosen.map);
  s.seatA = { passenger_slot: seatA.passenger_slot, segment_id: seatA.segment_id, designator: seatA.designator };
  await json(await server.post('/api/booking/seat-hold', seatBody(s.offerA.offer_id, s.seatA), { headers: alice }));
  const paidA = await payByCard(server, { offer_id: s.offerA.offer_id }, alice);
  const bookedA = await json<{ booking_ref: string; order_id: string; status: string }>(await server.post('/api/booking/create-offer', { offer_id: s.offerA.offer_id, payment_intent_id: paidA.id, passengers: [traveller()] }, { headers: alice }));
  expect(bookedA.status).toBe('confirmed');
  s.bkA = bookedA.booking_ref;
  s.ordA = bookedA.order_id;

  // B: paid, not booked; U: opened for B, not paid. Spares for the owner's /api/book and /api/book/agent.
  const others = offers.filter((o) => o.offer_id !== s.offerA.offer_id && o.slices.every((sl) => sl.segments.every((g) => !s.offerA.slices.some((a) => a.segments.some((ag) => ag.flight === g.flight)))));
  s.offerB = others[0]!;
  spare = others.slice(1, 3);
  s.offerG = others[3]!;
  const guest = await payByCard(server, { offer_id: s.offerG.offer_id });
  s.piG = guest.id;
  s.secretG = guest.clientSecret;
  s.piB = (await payByCard(server, { offer_id: s.offerB.offer_id }, alice)).id;
  s.piU = (await json<{ payment_intent_id: string }>(await server.post('/api/booking/payment-intent', { offer_id: s.offerB.offer_id }, { headers: alice }))).payment_intent_id;

  // Hold: a fare that can be held, on another route so it shares nothing with A and B.
  const holdable = (await searchOffers(server, { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(42) })).find((o) => o.can_hold === true);
  if (!holdable) throw new Error('no holdable fare');
  s.bkH = (await json<{ booking_ref: string; status: string }>(await server.post('/api/booking/hold', { offer_id: holdable.offer_id, passengers: [traveller()] }, { headers: alice }))).booking_ref;
  s.piHold = (await payByCard(server, { order_id: s.bkH }, alice)).id;

  // Extras on A: a bag, paid, not bought.
  const { services } = await json<{ services: { service_id: string }[] }>(await server.get(`/api/booking/${s.bkA}/available-services`, { headers: alice }));
  s.bag = [{ id: services[0]!.service_id, quantity: 1 }];
  s.piBag = (await payByCard(server, { order_id: s.bkA, services: s.bag }, alice)).id;

  // A change request on A with an offer; its difference paid when it costs money.
  const view = await json<{ order: { slices: { id: string | null }[] } }>(await server.get(`/api/booking/${s.bkA}`, { headers: alice }));
  sliceA = view.order.slices[0]!.id!;
  changeDate = await dayWithFlightsBy(server, s.offerA.owner, 2, 47);
  const cr = await json<{ id: string; offers: { id: string; change_total: { amount: number; currency: string } }[] }>(await server.post(`/api/booking/${s.bkA}/change-request`, changeBody(), { headers: alice }));
  s.crA = cr.id;
  let changeOffers = cr.offers;
  for (let i = 0; i < 60 && changeOffers.length === 0; i++) {
    await sleep(150);
    changeOffers = (await json<{ offers: typeof changeOffers }>(await server.get(`/api/booking/change-requests/${s.crA}/offers`, { headers: alice }))).offers;
  }
  s.coA = changeOffers[0]!.id;
  s.changeTotal = changeOffers[0]!.change_total.amount;
  s.piChange = cardPaysChange(changeOffers[0]!.change_total) ? (await payByCard(server, { order_id: s.bkA, change_offer_id: s.coA }, alice)).id : null;

  // A flight-provider payment intent (Duffel Payments) for the hold.
  s.ppi = (await json<{ id: string }>(await server.post('/api/booking/payment-intents', { order_id: s.bkH }, { headers: alice }))).id;

  // S: seats held by Alice, never booked; a seat of the same leg that the airline sold.
  const offersS = await searchOffers(server, { departure_date: daysAhead(41) });
  for (const o of offersS) {
    const map = await seatMap(server, o.offer_id, alice);
    const first = map.seat_maps[0];
    if (!first || map.seat_maps.some((m) => m.advance_seat_selection === false) || paidSeats(first).length === 0) continue;
    const sold = seatsOf(first).find((e) => e.available === false);
    if (!sold) continue;
    s.offerS = o;
    s.mapS = map;
    s.soldS = sold.designator!;
    const seat = await firstSeat(map);
    s.seatS = { passenger_slot: seat.passenger_slot, segment_id: seat.segment_id, designator: seat.designator };
    break;
  }
  if (!s.offerS) throw new Error('no offer with seats on sale and a sold seat');
  await json(await server.post('/api/booking/seat-hold', seatBody(s.offerS.offer_id, s.seatS), { headers: alice }));

  // Cars: a partner booking (q1), a paid unbooked partner quote (q2), a legacy booking, a paid unbooked legacy fee.
  const quote = async (start: number) => (await json<{ quote_id: string }>(await server.post('/api/cars/quote', { offer_token: (await rateOf(server, 'partner', start)).offer_token }, { headers: alice }))).quote_id;
  s.q1 = await quote(30);
  const piQ1 = await payCar(server, { quote_id: s.q1 }, alice);
  const cbP = await json<{ booking_id: string; provider_booking_id: string }>(await server.post('/api/cars/partner/book', { quote_id: s.q1, driver: driver(), payment_intent_id: piQ1.payment_intent_id }, { headers: alice }));
  s.cbP = cbP.booking_id;
  s.cbPProvider = cbP.provider_booking_id;
  s.q2 = await quote(31);
  s.piQ2 = (await payCar(server, { quote_id: s.q2 }, alice)).payment_intent_id;
  const legacy1 = await rateOf(server, 'legacy', 32);
  const piL1 = await payCar(server, { offer_token: legacy1.offer_token }, alice);
  s.cbL = (await json<{ booking_id: string }>(await server.post('/api/cars/book', { offer_token: legacy1.offer_token, driver: driver(), payment_intent_id: piL1.payment_intent_id }, { headers: alice }))).booking_id;
  const legacy2 = await rateOf(server, 'legacy', 33);
  s.legacyToken2 = legacy2.offer_token;
  s.piL2 = (await payCar(server, { offer_token: legacy2.offer_token }, alice)).payment_intent_id;

  // Hotels: Alice quotes, the back end books it for her.
  const { rate } = await refundableRate(server, 'LIS', daysAhead(30), daysAhead(32));
  s.hq = (await quoteRate(server, rate.rate_id, alice)).quote_id;
  const stay = await json<{ booking_id: string; provider_booking_id: string }>(await server.post('/api/hotels/book', bookingBody(s.hq, { user_id: ALICE }), { headers: headers.internal }));
  s.hbA = stay.booking_id;
  s.bokA = stay.provider_booking_id;

  // Trips: one each.
  s.tripA = (await json<{ id: string }>(await server.post('/api/trips', { name: 'Alice in London', destination: 'LON' }, { headers: alice }))).id;
  s.tripB = (await json<{ id: string }>(await server.post('/api/trips', { name: 'Bob in London', destination: 'LON' }, { headers: headers.bob }))).id;
  s.actA = (await json<{ id: string }>(await server.post(`/api/trips/${s.tripA}/activities`, { title: 'Museum', starts_at: `${daysAhead(40)}T10:00:00Z` }, { headers: alice }))).id;
  s.actB = (await json<{ id: string }>(await server.post(`/api/trips/${s.tripB}/activities`, { title: 'Museum', starts_at: `${daysAhead(40)}T10:00:00Z` }, { headers: headers.bob }))).id;

  // MCP: a session of Alice's.
  const init = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { ...mcpHeaders(alice.authorization!), 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: MCP_VERSION, capabilities: {}, clientInfo: { name: 'ownership-matrix', version: '1' } } }),
  });
  expect(init.status).toBe(200);
  s.mcpSession = init.headers.get('mcp-session-id')!;

  // MCP: Alice's and Bob's clients; Alice's quotes, each payment paid (as a card form would).
  mcp.alice = await connectMcp(server.url, alice.authorization!.slice('Bearer '.length), 'ownership-alice');
  mcp.bob = await connectMcp(server.url, headers.bob.authorization!.slice('Bearer '.length), 'ownership-bob');
  const payQuote = async (q: { payment: { paymentIntentId: string } }) => {
    await server.services.providers.cards.confirmPaymentIntent(q.payment.paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${q.payment.paymentIntentId}` }, AbortSignal.timeout(5_000));
    return q.payment.paymentIntentId;
  };
  type Quoted = { confirmationToken: string; payment: { paymentIntentId: string } };
  const qFlight = await mcpOk<Quoted>('quote_booking', { offerId: others[4]!.offer_id, passengers: [traveller()] });
  s.tkFlight = qFlight.confirmationToken;
  const holdable2 = (await searchOffers(server, { origin: 'LHR', destination: 'JFK', departure_date: daysAhead(43) })).find((o) => o.can_hold === true);
  if (!holdable2) throw new Error('no second holdable fare');
  s.tkHold = (await mcpOk<{ confirmationToken: string }>('quote_booking', { offerId: holdable2.offer_id, passengers: [traveller()], purpose: 'hold' })).confirmationToken;
  const qCar = await mcpOk<Quoted>('quote_car', { offerToken: (await rateOf(server, 'legacy', 34)).offer_token, driver: driver() });
  s.tkCar = qCar.confirmationToken;
  const { rate: rate2 } = await refundableRate(server, 'LIS', daysAhead(35), daysAhead(37));
  const qHotel = await mcpOk<Quoted>('quote_hotel', { rateId: rate2.rate_id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+442080160509' });
  s.tkHotel = qHotel.confirmationToken;
  s.mcpPayments = [await payQuote(qFlight), await payQuote(qCar), await payQuote(qHotel)];
  s.tkCancel = (await mcpOk<{ confirmationToken: string }>('cancel_booking', { bookingRef: s.bkA })).confirmationToken;

  before = await snapshot();
  console.log(`ownership matrix: setup took ${Date.now() - t0} ms`);
}, 120_000);

afterAll(async () => {
  if (table.size > 0) {
    const lines = [...table].map(([route, r]) => `${route.padEnd(62)} | bob: ${r.bob.join('; ').padEnd(34)} | anon: ${r.anon.join('; ').padEnd(34)} | owner: ${r.owner}`);
    console.log(`ownership matrix results (status per variant):\n${lines.join('\n')}`);
  }
  await mcp.alice?.close();
  await mcp.bob?.close();
  await server?.close();
});

const MCP_VERSION = '2025-11-25';
const mcpHeaders = (authorization: string | null, session?: string): Record<string, string> => ({
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MCP_VERSION,
  ...(authorization ? { authorization } : {}),
  ...(session ? { 'mcp-session-id': session } : {}),
});

describe('the ownership matrix covers every route that takes an owned id (derived from the registry)', () => {
  it('knows every id-like input key, and exercises exactly the routes the rule selects', () => {
    const { routes, unclassified } = ownershipRoutes();
    console.log(
      `ownership matrix: rule = an input key matching ${OWNED_ID_KEY} or a seat route (${SEAT_ROUTE}); ${routes.length} routes:\n` +
        routes.map((r) => `  ${r.route.padEnd(62)} ${r.tool.padEnd(36)} auth ${r.auth.padEnd(16)} ${r.ownedKeys.join(', ') || '(seat holds by offer_id)'}`).join('\n') +
        `\n  not owned (with reasons): ${Object.keys(NOT_OWNED).join(', ')}`,
    );
    // A new id-like input key needs a decision: owned (add it to OWNED_ID_KEY and to the matrix) or not (NOT_OWNED, with the reason).
    expect(unclassified, 'id-like input keys the ownership rule does not know').toEqual([]);
    // A new route with an owned id that the matrix cannot exercise fails here; so does a case for a route that is gone.
    const derived = routes.map((r) => r.route).sort();
    const exercised = CASES.map((c) => c.route).sort();
    expect(exercised.filter((r) => !derived.includes(r)), 'matrix cases for routes the registry no longer selects').toEqual([]);
    expect(derived.filter((r) => !exercised.includes(r)), 'routes with an owned id the matrix does not exercise').toEqual([]);
  });

  it('and every MCP-only tool that takes an owned id or a confirmation token', () => {
    const { tools, unclassified } = ownershipMcpTools();
    console.log(
      `ownership matrix: MCP-only tools with an argument matching ${OWNED_MCP_ARG}:\n` +
        tools.map((x) => `  ${x.name.padEnd(16)} ${x.tool.padEnd(22)} ${x.ownedArgs.join(', ')}`).join('\n') +
        `\n  not owned: ${Object.keys(MCP_NOT_OWNED).join(', ')}`,
    );
    expect(unclassified, 'id-like MCP arguments the ownership rule does not know').toEqual([]);
    expect(tools.map((x) => x.name).sort()).toEqual(MCP_CASES.map((c) => c.name).sort());
  });

  it('the guard itself: a new owned id or an unknown id-like key is caught', () => {
    const fake = (name: string, path: string, input: z.ZodObject) => ({ name, auth: 'optional', rest: { method: 'POST', path }, input }) as unknown as AnyTool;
    const { routes, unclassified } = ownershipRoutes([
      fake('x.refund', '/api/refunds/{refund_id}', z.object({ refund_id: z.string() })),
      fake('x.receipt', '/api/receipts', z.object({ order_id: z.string() })),
      fake('x.seat_swap', '/api/booking/seat-swap', z.object({ offer_id: z.string() })),
      fake('x.search', '/api/search-x', z.object({ offer_id: z.string(), origin: z.string() })),
    ]);
    expect(routes.map((r) => r.route)).toEqual(['POST /api/receipts', 'POST /api/booking/seat-swap']);
    expect(unclassified).toEqual(['POST /api/refunds/{refund_id} (x.refund): refund_id']);
  });
});

describe('another user and a guest are refused with the answer an unknown id gets', () => {
  for (const c of CASES) {
    it(c.route, async () => {
      const failures: string[] = [];
      for (const v of c.variants()) {
        for (const who of ['bob', 'anon'] as const) {
          const a = await send(who, v.req);
          note(c.route, who, `${a.status}${a.status === v.expect[who] ? '' : ' (LEAK?)'}`);
          if (v.check) {
            try {
              expect(a.status, a.text).toBe(v.expect[who]);
              v.check(who, a);
            } catch (err) {
              failures.push(`${who} [${v.label}]: ${(err as Error).message}`);
            }
            continue;
          }
          const map = new Map(v.swap.map((id) => [id, sameShape(id)]));
          const u = await send(who, v.baseline ?? swapped(v.req, map));
          const ids = [...map.keys(), ...map.values()];
          const norm = (t: string) => masked(v.normalize ? v.normalize(t) : t, ids);
          if (a.status !== v.expect[who]) failures.push(`${who} [${v.label}]: status ${a.status}, expected ${v.expect[who]}; body ${a.text}`);
          if (a.status !== u.status || norm(a.text) !== norm(u.text)) {
            failures.push(`${who} [${v.label}]: answer differs from an unknown id's: ${a.status} ${a.text}  vs  ${u.status} ${u.text}`);
          }
          // A refusal before the resource is looked at (401/403) says nothing about it.
          if (a.status === 401 || a.status === 403) {
            for (const id of v.swap) if (a.text.includes(id.replace(/^[a-z]+:/, ''))) failures.push(`${who} [${v.label}]: the ${a.status} names ${id}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  for (const c of MCP_CASES) {
    it(`MCP ${c.name}`, async () => {
      const failures: string[] = [];
      for (const v of c.variants()) {
        const map = new Map(v.swap.map((id) => [id, sameShape(id)]));
        const unknownArgs = Object.fromEntries(Object.entries(v.args).map(([k, x]) => [k, typeof x === 'string' && map.has(x) ? map.get(x)! : x]));
        const ids = [...map.keys(), ...map.values()];
        // Bob, over his own MCP connection.
        const [a, u] = [await mcpCall(mcp.bob, c.name, v.args), await mcpCall(mcp.bob, c.name, unknownArgs)];
        const [at, ut] = [a.content[0]?.text ?? '', u.content[0]?.text ?? ''];
        note(`MCP ${c.name}`, 'bob', a.isError ? (at.split(':')[0] ?? 'error') : 'OK (LEAK?)');
        if (!a.isError) failures.push(`bob [${v.label}]: succeeded: ${at}`);
        if (masked(at, ids) !== masked(ut, ids) || !!a.isError !== !!u.isError) failures.push(`bob [${v.label}]: answer differs from an unknown token's: ${at}  vs  ${ut}`);
        // A guest: /mcp refuses it before any tool runs.
        const raw = async (args: Record<string, unknown>) => {
          const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders(null), 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: c.name, arguments: args } }) });
          return { status: res.status, text: await res.text() };
        };
        const [g, gu] = [await raw(v.args), await raw(unknownArgs)];
        note(`MCP ${c.name}`, 'anon', String(g.status));
        if (g.status !== 401) failures.push(`anon [${v.label}]: status ${g.status}: ${g.text}`);
        if (g.status !== gu.status || masked(g.text, ids) !== masked(gu.text, ids)) failures.push(`anon [${v.label}]: answer differs from an unknown token's: ${g.text} vs ${gu.text}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('MCP: a session id is usable by the key that opened it only (Bob and a guest: 404, as for an unknown id)', async () => {
    const list = (authorization: string | null, session: string) =>
      fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders(authorization, session), 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [who, auth, status] of [['bob', headers.bob.authorization!, 404], ['anon', null, 404]] as const) {
      const a = await list(auth, s.mcpSession);
      const u = await list(auth, unknown);
      const [at, ut] = [await a.text(), await u.text()];
      note('MCP session (Mcp-Session-Id)', who, String(a.status));
      expect(a.status, at).toBe(status);
      expect(masked(at, [s.mcpSession, unknown])).toBe(masked(ut, [s.mcpSession, unknown]));
    }
  });
});

describe('nothing of Alice\'s changed, and Bob got nothing', () => {
  it('bookings, payments (ledger and processor), seat holds, car and hotel bookings and change requests are as they were', async () => {
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.bob).toEqual({ bookings: 0, payments: 0, seats: 0, cars: 0, stays: 0 });
  });
});

describe('the owner succeeds', () => {
  for (const c of [...CASES].sort((a, b) => a.order - b.order)) {
    it(`${c.route} (${c.owner.who})`, async () => {
      let status = 0;
      try {
        status = await c.owner.run();
      } finally {
        note(c.route, 'owner', status ? String(status) : 'FAILED');
      }
    });
  }

  for (const c of [...MCP_CASES].sort((a, b) => a.order - b.order)) {
    it(`MCP ${c.name} (alice)`, async () => {
      let done = false;
      try {
        await c.owner();
        done = true;
      } finally {
        note(`MCP ${c.name}`, 'owner', done ? 'OK' : 'FAILED');
      }
    });
  }

  it('MCP: Alice can use her session', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders(headers.alice.authorization!, s.mcpSession), 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    note('MCP session (Mcp-Session-Id)', 'owner', String(res.status));
    expect(res.status).toBe(200);
  });
});
