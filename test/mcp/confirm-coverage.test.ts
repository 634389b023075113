// Every money-moving MCP action asks the person first, on both protocol eras (issue 20,
// item 3): on 2026-07-28 as input_required (the SDK v2 client's elicitation handler
// answers and it calls again with the sealed requestState), on 2025 as an
// elicitation/create on the call's stream (SDK v1 client). Per action and era: a
// decline (and an accept with confirm false) changes nothing and charges nothing (the
// booking's status, our payment ledger and the card processor say so); an accept
// completes it in that one call. book_flight has its own tests (mcp-elicitation,
// confirm-modern). pick_seat's hold and points_info's pay_with_points move no money
// (a held seat is paid in quote_booking's total; pay_with_points is a calculator).
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Client as V2Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traveller, type OfferOut } from '../booking/booking-helpers.js';
import { driver, searchCars, unrefundedMinor } from '../cars/car-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { call, connectMcp, errorText, type CallResult } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { connectV2 } from './v2-client.js';

let server: TestServer;
let plain: V1Client;
const eliciting: { legacy?: V1Client; modern?: V2Client } = {};
let answer: ElicitResult = { action: 'decline' };
let asked = 0;

beforeAll(async () => {
  server = await startTestServer();
  const secret = (await server.services.identity.createKey({ userId: 'confirm-coverage-user', tier: 'pro' })).secret;
  plain = await connectMcp(server.url, secret, 'coverage-plain');
  const legacy = new V1Client({ name: 'coverage-v1', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  legacy.setRequestHandler(ElicitRequestSchema, async () => (asked++, answer));
  await legacy.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  const modern = await connectV2([server.url], secret, { elicitation: true });
  modern.setRequestHandler('elicitation/create', async () => (asked++, answer));
  Object.assign(eliciting, { legacy, modern });
}, 90_000);
afterAll(async () => {
  await Promise.all([plain?.close(), eliciting.legacy?.close(), eliciting.modern?.close()]);
  await server?.close();
});

interface Quote {
  confirmationToken: string;
  quote_id?: string;
  payment: { paymentIntentId: string } | null;
}

const payCard = (pi: string) => server.services.providers.cards.confirmPaymentIntent(pi, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${pi}` }, AbortSignal.timeout(5_000));
const statusOf = async (ref: string) => (await call<{ booking: { status: string } }>(plain, 'manage_booking', { action: 'get', bookingRef: ref })).booking.status;
/** Our ledger and the processor for one card payment: what a "no" must leave as it was (or give back). */
const money = async (pi: string) => {
  const ledger = await server.services.payments.get(pi);
  const card = await server.services.providers.cards.retrievePaymentIntent(pi, AbortSignal.timeout(5_000));
  return { state: ledger?.state, refundedMinor: ledger?.refundedMinor, card: card.status };
};

let day = 90;
async function flightQuote(purpose: 'book' | 'hold', fits: (o: OfferOut) => boolean = () => true): Promise<Quote> {
  for (let tries = 0; tries < 4; tries++) {
    const { offers } = await call<{ offers: OfferOut[] }>(plain, 'search_offers', { origin: 'JFK', destination: 'LHR', date: daysAhead(day++), limit: 30 });
    for (const offer of offers.filter(fits)) {
      const r = (await plain.callTool({ name: 'quote_booking', arguments: { offerId: offer.offer_id, passengers: [traveller()], purpose } })) as CallResult;
      if (!r.isError) return r.structuredContent as unknown as Quote;
    }
  }
  throw new Error(`no offer to ${purpose}`);
}
async function hotelQuote(): Promise<Quote> {
  const found = await call<{ results: { search_result_id: string }[] }>(plain, 'search_hotels', { city: 'PAR', checkIn: daysAhead(day), checkOut: daysAhead(day++ + 2) });
  const { rates } = await call<{ rates: { rate_id: string }[] }>(plain, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
  return call<Quote>(plain, 'quote_hotel', { rateId: rates[0]!.rate_id, guests: [{ givenName: 'Ada', familyName: 'Lovelace' }], email: 'ada@example.com', phoneNumber: '+442080160509' });
}
async function carQuote(): Promise<Quote> {
  const rate = (await searchCars(server, 'MIA', day++, 3)).rates.find((r) => r.flow === 'legacy')!;
  return call<Quote>(plain, 'quote_car', { offerToken: rate.offer_token, driver: driver() });
}
/** Books with the token step (the plain client), for the actions that start from a booking. */
async function booked(kind: 'flight' | 'hotel' | 'car', changeable = false): Promise<{ ref: string; pi: string }> {
  const quote = kind === 'flight' ? await flightQuote('book', (o) => !changeable || o.changeable === true) : kind === 'hotel' ? await hotelQuote() : await carQuote();
  const pi = quote.payment!.paymentIntentId;
  await payCard(pi);
  const tool = kind === 'flight' ? 'book_flight' : kind === 'hotel' ? 'book_hotel' : 'book_car';
  const out = await call<{ booking_ref?: string; booking_id?: string }>(plain, tool, { confirmationToken: quote.confirmationToken });
  return { ref: (out.booking_ref ?? out.booking_id)!, pi };
}

/** One money-moving action: its call, what a "no" must leave unchanged, and what a yes must do. */
interface Case {
  tool: string;
  args: Record<string, unknown>;
  nothingDone: RegExp;
  unchanged(): Promise<void>;
  done(result: CallResult): Promise<void>;
}

const CASES: Record<string, () => Promise<Case>> = {
  async hold_flight() {
    const quote = await flightQuote('hold');
    return {
      tool: 'hold_flight',
      args: { confirmationToken: quote.confirmationToken },
      nothingDone: /nothing was held/,
      unchanged: async () => expect(errorText((await plain.callTool({ name: 'hold_flight', arguments: { confirmationToken: quote.confirmationToken } })) as CallResult)).toMatch(/^GONE/),
      done: async (r) => expect(await statusOf(r.structuredContent!.booking_ref as string)).toBe('hold'),
    };
  },
  async book_hotel() {
    const quote = await hotelQuote();
    const pi = quote.payment!.paymentIntentId;
    const paid = await payCard(pi);
    return {
      tool: 'book_hotel',
      args: { confirmationToken: quote.confirmationToken },
      nothingDone: /nothing was booked/,
      unchanged: async () => {
        expect(await server.services.stayBookings.byQuote(quote.quote_id!)).toBeNull();
        expect((await money(pi)).state).toBe('void');
        expect(await unrefundedMinor(server, pi, paid.amountMinor)).toBe(0);
      },
      done: async (r) => expect(await statusOf(r.structuredContent!.booking_id as string)).toBe('confirmed'),
    };
  },
  async book_car() {
    const quote = await carQuote();
    const pi = quote.payment!.paymentIntentId;
    const paid = await payCard(pi);
    return {
      tool: 'book_car',
      args: { confirmationToken: quote.confirmationToken },
      nothingDone: /nothing was booked/,
      unchanged: async () => {
        expect(await server.services.carBookings.byPayment(pi)).toBeNull();
        expect(await unrefundedMinor(server, pi, paid.amountMinor)).toBe(0);
      },
      done: async (r) => expect(await statusOf(r.structuredContent!.booking_id as string)).toBe('confirmed'),
    };
  },
  ...Object.fromEntries((['flight', 'hotel', 'car'] as const).map((kind) => [`cancel_booking (${kind})`, async (): Promise<Case> => {
    const { ref, pi } = await booked(kind);
    const [status, before] = [await statusOf(ref), await money(pi)];
    return {
      tool: 'cancel_booking',
      args: { bookingRef: ref },
      nothingDone: /was not cancelled/,
      unchanged: async () => {
        expect(await statusOf(ref)).toBe(status);
        expect(await money(pi)).toEqual(before);
      },
      done: async (r) => {
        expect(r.structuredContent).toMatchObject({ status: 'cancelled' });
        expect(await statusOf(ref)).toBe('cancelled');
      },
    };
  }])),
  async 'change_booking pay_hold'() {
    const quote = await flightQuote('hold');
    const held = await call<{ booking_ref: string }>(plain, 'hold_flight', { confirmationToken: quote.confirmationToken });
    const ref = held.booking_ref;
    const step = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(plain, 'change_booking', { action: 'pay_hold', bookingRef: ref });
    const pi = step.payment.paymentIntentId;
    await payCard(pi);
    return {
      tool: 'change_booking',
      args: { action: 'pay_hold', bookingRef: ref, confirmationToken: step.confirmationToken },
      nothingDone: /the hold was not paid/,
      unchanged: async () => {
        expect(await statusOf(ref)).toBe('hold');
        expect(await server.services.bookings.payments(ref)).toEqual([]);
        expect(await money(pi)).toMatchObject({ state: 'void', refundedMinor: 0 });
      },
      done: async () => expect(await statusOf(ref)).toBe('confirmed'),
    };
  },
  async 'change_booking add_services'() {
    for (let tries = 0; tries < 4; tries++) {
      const { ref } = await booked('flight');
      const { services } = await call<{ services: { service_id: string }[] }>(plain, 'manage_booking', { action: 'services', bookingRef: ref, limit: 5 });
      if (services.length === 0) continue;
      const args = { action: 'add_services', bookingRef: ref, services: [{ id: services[0]!.service_id, quantity: 1 }] };
      const step = await call<{ confirmationToken: string; payment: { paymentIntentId: string } | null }>(plain, 'change_booking', args);
      const pi = step.payment?.paymentIntentId;
      if (pi) await payCard(pi);
      const paymentsBefore = await server.services.bookings.payments(ref);
      return {
        tool: 'change_booking',
        args: { ...args, confirmationToken: step.confirmationToken },
        nothingDone: /no extras were bought/,
        unchanged: async () => {
          expect(await server.services.bookings.payments(ref)).toEqual(paymentsBefore);
          if (pi) expect(await money(pi)).toMatchObject({ state: 'void', refundedMinor: 0 });
        },
        done: async (r) => {
          expect(r.structuredContent?.booking).toBeTruthy();
          if (pi) expect((await money(pi)).state).not.toBe('void');
        },
      };
    }
    throw new Error('no booking with extras on sale');
  },
  async 'change_booking confirm_change'() {
    const { ref } = await booked('flight', true);
    const got = await call<{ booking: { order: { slices: { id: string; origin: string; destination: string }[] } } }>(plain, 'manage_booking', { action: 'get', bookingRef: ref });
    const slice = got.booking.order.slices[0]!;
    const created = await call<{ changeRequest: { id: string } }>(plain, 'change_booking', {
      action: 'request_change', bookingRef: ref, removeSliceIds: [slice.id], addSlices: [{ origin: slice.origin, destination: slice.destination, date: daysAhead(day++ + 5) }],
    });
    const changeRequestId = created.changeRequest.id;
    let offers: { id: string }[] = [];
    for (let i = 0; i < 20 && offers.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 700));
      offers = (await call<{ changeOffers: { id: string }[] }>(plain, 'manage_booking', { action: 'change_offers', bookingRef: ref, changeRequestId })).changeOffers;
    }
    const args = { action: 'confirm_change', bookingRef: ref, changeOfferId: offers[0]!.id };
    const step = await call<{ confirmationToken: string; payment: { paymentIntentId: string } | null }>(plain, 'change_booking', args);
    const pi = step.payment?.paymentIntentId;
    if (pi) await payCard(pi);
    return {
      tool: 'change_booking',
      args: { ...args, confirmationToken: step.confirmationToken },
      nothingDone: /the booking was not changed/,
      unchanged: async () => {
        expect((await server.services.bookings.changeRequest(changeRequestId))?.confirmedOfferId).toBeNull();
        if (pi) expect(await money(pi)).toMatchObject({ state: 'void', refundedMinor: 0 });
      },
      done: async () => expect((await server.services.bookings.changeRequest(changeRequestId))?.confirmedOfferId).toBe(offers[0]!.id),
    };
  },
};

const NO: ElicitResult[] = [{ action: 'decline' }, { action: 'accept', content: { confirm: false } }];

describe.each(['modern', 'legacy'] as const)('on the %s era, each money-moving action asks first', (era) => {
  const client = () => eliciting[era]!;
  const ask = async (c: Case, next: ElicitResult): Promise<{ result: CallResult; forms: number }> => {
    if (era === 'modern') expect(eliciting.modern!.getProtocolEra()).toBe('modern');
    answer = next;
    const before = asked;
    const result = (await client().callTool({ name: c.tool, arguments: c.args })) as CallResult;
    return { result, forms: asked - before };
  };

  it.each(Object.keys(CASES))('%s: a no changes nothing and charges nothing', { timeout: 120_000 }, async (name) => {
    for (const no of NO) {
      const c = await CASES[name]!();
      const { result, forms } = await ask(c, no);
      expect(forms, `${name} ${JSON.stringify(no)}`).toBe(1);
      expect(result.isError).toBe(true);
      expect(errorText(result)).toMatch(/^CONFLICT: Not confirmed by the traveller/);
      expect(errorText(result)).toMatch(c.nothingDone);
      await c.unchanged();
    }
  });

  it.each(Object.keys(CASES))('%s: accept completes it in one call', { timeout: 120_000 }, async (name) => {
    const c = await CASES[name]!();
    const { result, forms } = await ask(c, { action: 'accept', content: { confirm: true } });
    expect(forms).toBe(1);
    expect(result.isError, errorText(result)).toBeFalsy();
    await c.done(result);
  });
});
