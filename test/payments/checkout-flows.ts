import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';
import type { CardProcessor } from '../../tools/_kit/providers.js';
import { driver, payCar, period, rateOf, type RateOut } from '../cars/car-helpers.js';
import { cardPaysChange, payByCard, searchOffers, traveller, type OfferOut } from '../booking/booking-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { call } from '../helpers/mcp-client.js';
import type { TestServer } from '../helpers/start-test-server.js';

// Every checkout flow that spends a card payment, driven end to end with one
// fault injected at a chosen point. Faults are injected the way they happen:
// the provider refuses or never answers, the offer or quote expires, the price
// moves, or the customer paid and nothing ever came to spend the payment (a
// crash or a closed tab after capture).

export const FAULTS = ['none', 'price_change', 'expired', 'refused', 'timeout', 'abandoned', 'capture_refused', 'capture_lost', 'capture_unknown'] as const;
export type Fault = (typeof FAULTS)[number];

export interface Outcome {
  paymentId: string;
  /** What the spending call answered: an HTTP status, or MCP ok / the error code. */
  answer: string;
}

export interface CheckoutFlow {
  name: string;
  /** The faults this flow can meet; the rest are n/a (a quoted partner price cannot move). */
  faults: readonly Fault[];
  run(fault: Fault): Promise<Outcome>;
}

export interface FlowContext {
  server: TestServer;
  /** Alice's API-key headers, and her MCP client. */
  alice: Record<string, string>;
  mcp: Client;
  /** Moves the service's clock forward, for expiry. */
  advanceClock(ms: number): () => void;
}

type Patchable = Record<string, unknown>;

/** Replaces a provider method for one step; returns the undo. */
function patch<T extends object>(target: T, method: keyof T & string, impl: (real: (...a: unknown[]) => Promise<unknown>, ...a: unknown[]) => Promise<unknown>): () => void {
  const t = target as unknown as Patchable;
  const real = t[method] as (...a: unknown[]) => Promise<unknown>;
  t[method] = (...args: unknown[]) => impl(real.bind(target), ...args);
  return () => {
    t[method] = real;
  };
}

const refusal = () => new ProviderError('duffel', 'rejected', 'refused by the provider (fault injection)', { status: 422, code: 'fault_injected' });
const noAnswer = () => new ProviderError('duffel', 'timeout', 'no answer in time (fault injection)');

/**
 * Faults of the card capture, met by every flow: the processor refuses it (the
 * authorization expired and Stripe cancelled it), it went through and its answer
 * was lost, or it did not go through and the processor cannot be asked either.
 */
function captureFault(cards: CardProcessor, fault: Fault): (() => void) | null {
  if (fault === 'capture_unknown') {
    let asked = false;
    const undoCapture = patch(cards, 'capturePaymentIntent', async () => {
      asked = true;
      throw new ProviderError('stripe', 'timeout', 'stripe: no answer in time (fault injection)');
    });
    const undoRetrieve = patch(cards, 'retrievePaymentIntent', async (real, ...a) => {
      if (!asked) return real(...a);
      asked = false;
      throw new ProviderError('stripe', 'network', 'stripe: connection reset (fault injection)');
    });
    return () => {
      undoCapture();
      undoRetrieve();
    };
  }
  if (fault !== 'capture_refused' && fault !== 'capture_lost') return null;
  return patch(cards, 'capturePaymentIntent', async (real, id, opts, signal) => {
    if (fault === 'capture_refused') {
      await cards.cancelPaymentIntent(id as string, signal as AbortSignal);
      throw new ProviderError('stripe', 'rejected', 'stripe: authorization expired (fault injection)', { status: 400, code: 'payment_intent_unexpected_state' });
    }
    await real(id, opts, signal);
    throw new ProviderError('stripe', 'timeout', 'stripe: no answer in time (fault injection)');
  });
}

/** Installs `fault` on the method that makes the goods: it refuses, or never answers. */
function goodsFault<T extends object>(target: T, method: keyof T & string, fault: Fault): (() => void) | null {
  if (fault === 'refused') return patch(target, method, async () => Promise.reject(refusal()));
  if (fault === 'timeout') return patch(target, method, async () => Promise.reject(noAnswer()));
  return null;
}

async function status(res: Response): Promise<string> {
  await res.text();
  return String(res.status);
}

async function mcpAnswer(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return /^([A-Z_]+):/.exec((err as Error).message)?.[1] ?? 'error';
  }
}

/** Offers on many days, so every attempt books one nobody has ordered yet (an offer books once). */
function offerSupply(ctx: FlowContext, pick: (o: OfferOut) => boolean, route: { origin: string; destination: string }, firstDay: number) {
  let pool: OfferOut[] = [];
  let day = firstDay;
  return async (): Promise<OfferOut> => {
    for (;;) {
      const next = pool.shift();
      if (next) return next;
      pool = (await searchOffers(ctx.server, { ...route, departure_date: daysAhead(day++) })).filter(pick).slice(0, 12);
    }
  };
}

export function checkoutFlows(ctx: FlowContext): CheckoutFlow[] {
  const { server, alice } = ctx;
  const flights = server.services.providers.flights;
  const cars = server.services.providers.cars;
  const stays = server.services.providers.stays;
  // A capture fault stands in for the goods fault: the goods themselves then go through.
  const goods = <T extends object>(target: T, method: keyof T & string, fault: Fault) => captureFault(server.services.providers.cards, fault) ?? goodsFault(target, method, fault);
  const anyOffer = offerSupply(ctx, () => true, { origin: 'JFK', destination: 'LHR' }, 60);
  const holdable = offerSupply(ctx, (o) => o.can_hold === true, { origin: 'LHR', destination: 'JFK' }, 60);
  const offerGone = () => patch(flights, 'getOffer', async () => Promise.reject(new ProviderError('duffel', 'not_found', 'offer expired (fault injection)', { status: 404, code: 'offer_no_longer_available' })));
  const dearerOffer = () => patch(flights, 'getOffer', async (real, ...a) => {
    const offer = (await real(...a)) as { total: { amount: number } };
    return { ...offer, total: { ...offer.total, amount: offer.total.amount + 7 } };
  });
  const offerFault = (fault: Fault) => (fault === 'expired' ? offerGone() : fault === 'price_change' ? dearerOffer() : goods(flights, 'createOrder', fault));

  const flightCheckout = (name: string, path: '/api/booking/create-offer' | '/api/book', headers: Record<string, string>): CheckoutFlow => ({
    name,
    faults: FAULTS,
    async run(fault) {
      const offer = await anyOffer();
      const paid = await payByCard(server, { offer_id: offer.offer_id }, headers);
      if (fault === 'abandoned') return { paymentId: paid.id, answer: '-' };
      const undo = offerFault(fault);
      try {
        const body = { offer_id: offer.offer_id, payment_intent_id: paid.id, passengers: [traveller()], ...(Object.keys(headers).length ? {} : { client_secret: paid.clientSecret }) };
        return { paymentId: paid.id, answer: await status(await server.post(path, body, { headers })) };
      } finally {
        undo?.();
      }
    },
  });

  const holdAndPay: CheckoutFlow = {
    name: 'hold + pay',
    faults: FAULTS,
    async run(fault) {
      const offer = await holdable();
      const held = (await (await server.post('/api/booking/hold', { offer_id: offer.offer_id, passengers: [traveller()] }, { headers: alice })).json()) as { booking_ref: string };
      const paid = await payByCard(server, { order_id: held.booking_ref }, alice);
      if (fault === 'abandoned') return { paymentId: paid.id, answer: '-' };
      const reread = (change: (o: { total: { amount: number }; payment: { paymentRequiredBy: string | null } }) => object) =>
        patch(flights, 'getOrder', async (real, ...a) => change((await real(...a)) as { total: { amount: number }; payment: { paymentRequiredBy: string | null } }));
      const undo =
        fault === 'price_change' ? reread((o) => ({ ...o, total: { ...o.total, amount: o.total.amount + 7 } }))
        : fault === 'expired' ? reread((o) => ({ ...o, payment: { ...o.payment, paymentRequiredBy: new Date(Date.now() - 60_000).toISOString() } }))
        : goods(flights, 'payOrder', fault);
      try {
        return { paymentId: paid.id, answer: await status(await server.post('/api/booking/pay', { order_id: held.booking_ref, payment_intent_id: paid.id }, { headers: alice })) };
      } finally {
        undo?.();
      }
    },
  };

  const extras: CheckoutFlow = {
    name: 'services (bags after booking)',
    faults: ['none', 'price_change', 'refused', 'timeout', 'abandoned', 'capture_refused', 'capture_lost', 'capture_unknown'],
    async run(fault) {
      const offer = await anyOffer();
      const fare = await payByCard(server, { offer_id: offer.offer_id }, alice);
      const booked = (await (await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: fare.id, passengers: [traveller()] }, { headers: alice })).json()) as { booking_ref: string };
      const { services } = (await (await server.get(`/api/booking/${booked.booking_ref}/available-services`, { headers: alice })).json()) as { services: { service_id: string }[] };
      const bag = [{ id: services[0]!.service_id, quantity: 1 }];
      const paid = await payByCard(server, { order_id: booked.booking_ref, services: bag }, alice);
      if (fault === 'abandoned') return { paymentId: paid.id, answer: '-' };
      // A price change here: the customer asks for two bags where one was paid for.
      const asked = fault === 'price_change' ? [{ id: bag[0]!.id, quantity: 2 }] : bag;
      const undo = goods(flights, 'addOrderServices', fault);
      try {
        return { paymentId: paid.id, answer: await status(await server.post(`/api/booking/${booked.booking_ref}/services`, { services: asked, payment_intent_id: paid.id }, { headers: alice })) };
      } finally {
        undo?.();
      }
    },
  };

  const changeable = offerSupply(ctx, (o) => o.changeable === true, { origin: 'JFK', destination: 'LHR' }, 90);
  interface ChangeOfferOut { id: string; change_total: { amount: number; currency: string } }
  /** A booked, changeable flight and a change offer the card pays for (some cost nothing or too little to charge: another day is tried). */
  async function paidChange(): Promise<{ ref: string; change: ChangeOfferOut }> {
    for (let attempt = 0; attempt < 6; attempt++) {
      const offer = await changeable();
      const fare = await payByCard(server, { offer_id: offer.offer_id }, alice);
      const booked = (await (await server.post('/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: fare.id, passengers: [traveller()] }, { headers: alice })).json()) as { booking_ref: string };
      const view = (await (await server.get(`/api/booking/${booked.booking_ref}`, { headers: alice })).json()) as { order: { slices: { id: string }[] } };
      const request = (await (await server.post(`/api/booking/${booked.booking_ref}/change-request`, { slices: { remove: [{ slice_id: view.order.slices[0]!.id }], add: [{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(120 + attempt) }] } }, { headers: alice })).json()) as { id: string; offers: ChangeOfferOut[] };
      let offers = request.offers;
      for (let i = 0; i < 60 && !offers.some((o) => cardPaysChange(o.change_total)); i++) {
        await new Promise((r) => setTimeout(r, 150));
        offers = ((await (await server.get(`/api/booking/change-requests/${request.id}/offers`, { headers: alice })).json()) as { offers: ChangeOfferOut[] }).offers;
      }
      const dearer = offers.find((o) => cardPaysChange(o.change_total));
      if (dearer) return { ref: booked.booking_ref, change: dearer };
    }
    throw new Error('no change offer that costs money');
  }
  const changeRequestRead = (change: (o: { changeTotal: { amount: number }; expiresAt: string }) => object) =>
    patch(flights, 'getChangeRequest', async (real, ...a) => {
      const request = (await real(...a)) as { offers: { changeTotal: { amount: number }; expiresAt: string }[] };
      return { ...request, offers: request.offers.map(change) };
    });

  const change: CheckoutFlow = {
    name: 'change (paid difference)',
    faults: FAULTS,
    async run(fault) {
      const { ref, change: offer } = await paidChange();
      const paid = await payByCard(server, { order_id: ref, change_offer_id: offer.id }, alice);
      if (fault === 'abandoned') return { paymentId: paid.id, answer: '-' };
      const undo =
        fault === 'price_change' ? changeRequestRead((o) => ({ ...o, changeTotal: { ...o.changeTotal, amount: o.changeTotal.amount + 7 } }))
        : fault === 'expired' ? changeRequestRead((o) => ({ ...o, expiresAt: new Date(Date.now() - 60_000).toISOString() }))
        : goods(flights, 'confirmChange', fault);
      try {
        return { paymentId: paid.id, answer: await status(await server.post(`/api/booking/${ref}/change-confirm`, { change_offer_id: offer.id, payment_intent_id: paid.id }, { headers: alice })) };
      } finally {
        undo?.();
      }
    },
  };

  let carDay = 70;
  const carFee: CheckoutFlow = {
    name: 'car fee (guest)',
    faults: FAULTS,
    async run(fault) {
      const rate: RateOut = await rateOf(server, 'legacy', carDay++);
      const intent = await payCar(server, { offer_token: rate.offer_token });
      if (fault === 'abandoned') return { paymentId: intent.payment_intent_id, answer: '-' };
      const undo =
        fault === 'expired' ? patch(cars, 'createQuote', async () => Promise.reject(new ProviderError('duffel', 'not_found', 'rate gone (fault injection)', { status: 404 })))
        : goods(cars, 'createBooking', fault);
      // A price change: the customer asks for an add-on the fee did not include.
      const addOns = fault === 'price_change' ? [{ code: 'additional_driver', quantity: 1 }] : [];
      try {
        const body = { offer_token: rate.offer_token, driver: driver(), add_ons: addOns, payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret };
        return { paymentId: intent.payment_intent_id, answer: await status(await server.post('/api/cars/book', body)) };
      } finally {
        undo?.();
      }
    },
  };

  const carPartner: CheckoutFlow = {
    name: 'car partner',
    faults: ['none', 'expired', 'refused', 'timeout', 'abandoned', 'capture_refused', 'capture_lost', 'capture_unknown'],
    async run(fault) {
      const rate = await rateOf(server, 'partner', carDay++);
      const quote = (await (await server.post('/api/cars/quote', { offer_token: rate.offer_token }, { headers: alice })).json()) as { quote_id: string };
      const intent = await payCar(server, { quote_id: quote.quote_id }, alice);
      if (fault === 'abandoned') return { paymentId: intent.payment_intent_id, answer: '-' };
      const undo = fault === 'expired' ? ctx.advanceClock(16 * 60_000) : goods(cars, 'createBooking', fault);
      try {
        return { paymentId: intent.payment_intent_id, answer: await status(await server.post('/api/cars/partner/book', { quote_id: quote.quote_id, driver: driver(), payment_intent_id: intent.payment_intent_id }, { headers: alice })) };
      } finally {
        undo?.();
      }
    },
  };

  const payIntent = (id: string) => server.services.providers.cards.confirmPaymentIntent(id, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${id}` }, AbortSignal.timeout(5_000));
  const tokenExpiry = () => ctx.advanceClock(11 * 60_000);

  const mcpFlight: CheckoutFlow = {
    name: 'MCP book_flight',
    faults: FAULTS,
    async run(fault) {
      const offer = await anyOffer();
      const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(ctx.mcp, 'quote_booking', { offerId: offer.offer_id, passengers: [traveller()] });
      const id = quote.payment.paymentIntentId;
      await payIntent(id);
      if (fault === 'abandoned') return { paymentId: id, answer: '-' };
      const undo = fault === 'expired' ? tokenExpiry() : offerFault(fault);
      try {
        return { paymentId: id, answer: await mcpAnswer(call(ctx.mcp, 'book_flight', { confirmationToken: quote.confirmationToken })) };
      } finally {
        undo?.();
      }
    },
  };

  const mcpCar: CheckoutFlow = {
    name: 'MCP book_car',
    faults: ['none', 'expired', 'refused', 'timeout', 'abandoned', 'capture_refused', 'capture_lost', 'capture_unknown'],
    async run(fault) {
      const p = period(carDay++, 3);
      const { rates } = await call<{ rates: { offer_token: string; flow: string }[] }>(ctx.mcp, 'search_cars', { pick_up: { place: 'MIA', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 40, limit: 25 });
      const rate = rates.find((r) => r.flow === 'legacy')!;
      const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(ctx.mcp, 'quote_car', { offerToken: rate.offer_token, driver: driver() });
      const id = quote.payment.paymentIntentId;
      await payIntent(id);
      if (fault === 'abandoned') return { paymentId: id, answer: '-' };
      const undo = fault === 'expired' ? tokenExpiry() : goods(cars, 'createBooking', fault);
      try {
        return { paymentId: id, answer: await mcpAnswer(call(ctx.mcp, 'book_car', { confirmationToken: quote.confirmationToken })) };
      } finally {
        undo?.();
      }
    },
  };

  let hotelDay = 80;
  const mcpHotel: CheckoutFlow = {
    name: 'MCP book_hotel (stay)',
    faults: ['none', 'expired', 'refused', 'timeout', 'abandoned', 'capture_refused', 'capture_lost', 'capture_unknown'],
    async run(fault) {
      const day = hotelDay++;
      const found = await call<{ results: { search_result_id: string }[] }>(ctx.mcp, 'search_hotels', { city: 'PAR', checkIn: daysAhead(day), checkOut: daysAhead(day + 2) });
      const { rates } = await call<{ rates: { rate_id: string }[] }>(ctx.mcp, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
      const quote = await call<{ confirmationToken: string; payment: { paymentIntentId: string } }>(ctx.mcp, 'quote_hotel', {
        rateId: rates[0]!.rate_id,
        guests: [{ givenName: 'Ada', familyName: 'Lovelace' }],
        email: 'ada@example.com',
        phoneNumber: '+442080160509',
      });
      const id = quote.payment.paymentIntentId;
      await payIntent(id);
      if (fault === 'abandoned') return { paymentId: id, answer: '-' };
      const undo = fault === 'expired' ? tokenExpiry() : goods(stays, 'createBooking', fault);
      try {
        return { paymentId: id, answer: await mcpAnswer(call(ctx.mcp, 'book_hotel', { confirmationToken: quote.confirmationToken })) };
      } finally {
        undo?.();
      }
    },
  };

  return [
    flightCheckout('flight checkout (signed in)', '/api/booking/create-offer', alice),
    flightCheckout('guest /api/book', '/api/book', {}),
    holdAndPay,
    change,
    extras,
    carFee,
    carPartner,
    mcpFlight,
    mcpCar,
    mcpHotel,
  ];
}
