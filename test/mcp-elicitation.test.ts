// Confirmation through the protocol (issue 20, item 3, 2025 clients): when the client
// declared elicitation at initialize, book_flight, hold_flight, book_hotel, book_car
// and cancel_booking ask the person with an elicitation/create (form, a boolean
// `confirm`) showing the exact price, travellers and terms before acting. Accept
// proceeds; decline or cancel books nothing, charges nothing (the payments ledger and
// the card processor say so) and spends the token. Clients without the capability
// keep the quote-token step unchanged.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traveller, type OfferOut } from './booking/booking-helpers.js';
import { driver, period, unrefundedMinor, type RateOut } from './cars/car-helpers.js';
import { canElicitForm } from '../adapters/mcp/confirm-by-elicitation.js';
import { daysAhead } from './flights/search-helpers.js';
import { call, connectMcp, errorText, type CallResult } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
let secret: string;
/** What the eliciting client answers next, and every form it was shown. */
let answer: ElicitResult = { action: 'accept', content: { confirm: true } };
const asked: ElicitRequest['params'][] = [];
let eliciting: Client;
let plain: Client;

beforeAll(async () => {
  server = await startTestServer();
  secret = (await server.services.identity.createKey({ userId: 'mcp-elicit-user', tier: 'pro' })).secret;
  eliciting = new Client({ name: 'eliciting-vitest', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  eliciting.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return answer;
  });
  await eliciting.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  plain = await connectMcp(server.url, secret, 'plain-vitest');
});
afterAll(async () => {
  await Promise.all([eliciting?.close(), plain?.close()]);
  await server?.close();
});

interface Quote {
  confirmationToken: string;
  total: { amount: number; currency: string };
  payment: { paymentIntentId: string } | null;
}
interface Booked {
  booking_ref: string;
  status: string;
}

let day = 70;
async function quoteFlight(purpose: 'book' | 'hold' = 'book'): Promise<{ quote: Quote; passenger: Record<string, unknown> }> {
  const { offers } = await call<{ offers: OfferOut[] }>(plain, 'search_offers', { origin: 'JFK', destination: 'LHR', date: daysAhead(day++), limit: 30 });
  const passenger = traveller();
  for (const offer of offers) {
    const result = (await plain.callTool({ name: 'quote_booking', arguments: { offerId: offer.offer_id, passengers: [passenger], purpose } })) as CallResult;
    if (!result.isError) return { quote: result.structuredContent as unknown as Quote, passenger };
    if (purpose === 'book') throw new Error(errorText(result));
  }
  throw new Error('no holdable offer');
}

const payCard = (paymentIntentId: string) =>
  server.services.providers.cards.confirmPaymentIntent(paymentIntentId, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${paymentIntentId}` }, AbortSignal.timeout(5_000));

/** Asks with the answer given; returns the result and the forms shown during the call. */
async function withAnswer(next: ElicitResult, name: string, args: Record<string, unknown>): Promise<{ result: CallResult; forms: ElicitRequest['params'][] }> {
  answer = next;
  const before = asked.length;
  const result = (await eliciting.callTool({ name, arguments: args })) as CallResult;
  return { result, forms: asked.slice(before) };
}

describe('money-moving tools confirm by elicitation', () => {
  it('book_flight: accept books, after one form showing the exact price, the traveller and the fare terms', { timeout: 60_000 }, async () => {
    const { quote, passenger } = await quoteFlight();
    await payCard(quote.payment!.paymentIntentId);
    const { result, forms } = await withAnswer({ action: 'accept', content: { confirm: true } }, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(result.isError, errorText(result)).toBeFalsy();
    expect((result.structuredContent as unknown as Booked).status).toMatch(/confirmed|pending/);
    expect(forms).toHaveLength(1);
    const form = forms[0]!;
    expect(form.message).toContain(`${quote.total.currency} ${quote.total.amount.toFixed(2)}`);
    expect(form.message).toContain(`${passenger.given_name as string} ${passenger.family_name as string}`);
    expect(form.message).toMatch(/JFK→LHR/);
    expect(form.message).toMatch(/refundable|Refunds/i);
    expect('requestedSchema' in form ? form.requestedSchema : null).toMatchObject({ type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] });
    expect(await server.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'attached' });
  });

  for (const no of [{ action: 'decline' }, { action: 'cancel' }, { action: 'accept', content: { confirm: false } }] as ElicitResult[]) {
    it(`book_flight: ${no.action}${no.content ? ' with confirm false' : ''} books nothing, charges nothing and spends the token`, { timeout: 60_000 }, async () => {
      const { quote } = await quoteFlight();
      const pi = quote.payment!.paymentIntentId;
      const paid = await payCard(pi);
      const { result, forms } = await withAnswer(no, 'book_flight', { confirmationToken: quote.confirmationToken });
      expect(forms).toHaveLength(1);
      expect(result.isError).toBe(true);
      expect(errorText(result)).toMatch(/Not confirmed by the traveller: nothing was booked\. Your card was not charged/);
      expect(await server.services.bookings.payment(pi)).toBeNull();
      expect(await server.services.payments.get(pi)).toMatchObject({ state: 'void' });
      expect(await unrefundedMinor(server, pi, paid.amountMinor)).toBe(0);
      // The token is spent: even the token step cannot book it now.
      const again = (await plain.callTool({ name: 'book_flight', arguments: { confirmationToken: quote.confirmationToken } })) as CallResult;
      expect(errorText(again)).toMatch(/^GONE/);
    });
  }

  it('hold_flight: decline holds nothing, accept holds', { timeout: 60_000 }, async () => {
    const declined = await quoteFlight('hold');
    const no = await withAnswer({ action: 'decline' }, 'hold_flight', { confirmationToken: declined.quote.confirmationToken });
    expect(errorText(no.result)).toMatch(/nothing was held/);
    expect(no.forms[0]!.message).toMatch(/nothing charged now/);
    const accepted = await quoteFlight('hold');
    const yes = await withAnswer({ action: 'accept', content: { confirm: true } }, 'hold_flight', { confirmationToken: accepted.quote.confirmationToken });
    expect(yes.result.isError, errorText(yes.result)).toBeFalsy();
    expect(yes.forms).toHaveLength(1);
  });

  it('cancel_booking: decline keeps the booking; accept cancels in one call, no token step', { timeout: 60_000 }, async () => {
    const { quote } = await quoteFlight();
    await payCard(quote.payment!.paymentIntentId);
    const booked = (await withAnswer({ action: 'accept', content: { confirm: true } }, 'book_flight', { confirmationToken: quote.confirmationToken })).result.structuredContent as unknown as Booked;

    const no = await withAnswer({ action: 'decline' }, 'cancel_booking', { bookingRef: booked.booking_ref });
    expect(errorText(no.result)).toMatch(/the booking was not cancelled/);
    expect(no.forms[0]!.message).toContain(`Cancel flight booking ${booked.booking_ref}`);
    expect((await server.services.bookings.get(booked.booking_ref))?.status).toBe(booked.status);

    const yes = await withAnswer({ action: 'accept', content: { confirm: true } }, 'cancel_booking', { bookingRef: booked.booking_ref });
    expect(yes.result.isError, errorText(yes.result)).toBeFalsy();
    expect(yes.forms).toHaveLength(1);
    expect(yes.result.structuredContent).toMatchObject({ status: 'cancelled', confirmationToken: null });
  });

  it('a client without elicitation keeps the token step: nothing is asked, the token books', { timeout: 60_000 }, async () => {
    const before = asked.length;
    const { quote } = await quoteFlight();
    await payCard(quote.payment!.paymentIntentId);
    const booked = await call<Booked>(plain, 'book_flight', { confirmationToken: quote.confirmationToken });
    expect(booked.booking_ref).toMatch(/^bk_/);
    const cancel = await call<{ confirmationToken: string | null; status: string }>(plain, 'cancel_booking', { bookingRef: booked.booking_ref });
    expect(cancel.confirmationToken).toMatch(/^cq_/);
    expect(asked.length).toBe(before);
  });
});

describe('hotel and car booking confirm by elicitation', () => {
  interface HotelQuote extends Quote {
    quote_id: string;
    payment: { paymentIntentId: string };
  }
  async function quoteHotel(): Promise<HotelQuote> {
    const found = await call<{ results: { search_result_id: string }[] }>(plain, 'search_hotels', { city: 'PAR', checkIn: daysAhead(day), checkOut: daysAhead(day++ + 2) });
    const { rates } = await call<{ rates: { rate_id: string }[] }>(plain, 'get_hotel_rates', { searchResultId: found.results[0]!.search_result_id });
    return call<HotelQuote>(plain, 'quote_hotel', { rateId: rates[0]!.rate_id, guests: [{ givenName: 'Grace', familyName: 'Hopper' }], email: 'grace@example.com', phoneNumber: '+442080160509' });
  }

  it('book_hotel: decline books no stay and gives the payment back; accept books', { timeout: 60_000 }, async () => {
    const declined = await quoteHotel();
    const paid = await payCard(declined.payment.paymentIntentId);
    const no = await withAnswer({ action: 'decline' }, 'book_hotel', { confirmationToken: declined.confirmationToken });
    expect(errorText(no.result)).toMatch(/Not confirmed by the traveller: nothing was booked/);
    expect(no.forms[0]!.message).toContain('Grace Hopper');
    expect(no.forms[0]!.message).toContain(`${declined.total.currency} ${declined.total.amount.toFixed(2)}`);
    expect(await server.services.stayBookings.byQuote(declined.quote_id)).toBeNull();
    expect(await server.services.payments.get(declined.payment.paymentIntentId)).toMatchObject({ state: 'void' });
    expect(await unrefundedMinor(server, declined.payment.paymentIntentId, paid.amountMinor)).toBe(0);

    const accepted = await quoteHotel();
    await payCard(accepted.payment.paymentIntentId);
    const yes = await withAnswer({ action: 'accept', content: { confirm: true } }, 'book_hotel', { confirmationToken: accepted.confirmationToken });
    expect(yes.result.isError, errorText(yes.result)).toBeFalsy();
    expect(yes.result.structuredContent).toMatchObject({ status: 'confirmed' });
  });

  it('book_car: the form names the car, the driver, the card amount and what is due at the counter; decline books nothing, accept books', { timeout: 60_000 }, async () => {
    const p = period(60, 4);
    const { rates } = await call<{ rates: RateOut[] }>(plain, 'search_cars', { pick_up: { place: 'MIA', at: p.pick_up_at }, drop_off: { at: p.drop_off_at }, driver_age: 40, limit: 25 });
    const rate = rates.find((r) => r.flow === 'legacy')!;
    const quoteCar = () => call<Quote & { payment: { paymentIntentId: string }; rentalDueAtCounter: { amount: number } }>(plain, 'quote_car', { offerToken: rate.offer_token, driver: driver({ given_name: 'Katherine', family_name: 'Johnson' }) });

    const declined = await quoteCar();
    const paid = await payCard(declined.payment.paymentIntentId);
    const no = await withAnswer({ action: 'decline' }, 'book_car', { confirmationToken: declined.confirmationToken });
    expect(errorText(no.result)).toMatch(/Not confirmed by the traveller: nothing was booked/);
    const message = no.forms[0]!.message;
    expect(message).toContain(rate.car.name);
    expect(message).toContain('Driver: Katherine Johnson');
    expect(message).toContain(`${declined.total.currency} ${declined.total.amount.toFixed(2)} charged to the card`);
    expect(message).toContain(`${declined.rentalDueAtCounter.amount.toFixed(2)} paid at the counter`);
    expect(await server.services.carBookings.byPayment(declined.payment.paymentIntentId)).toBeNull();
    expect(await unrefundedMinor(server, declined.payment.paymentIntentId, paid.amountMinor)).toBe(0);

    const accepted = await quoteCar();
    await payCard(accepted.payment.paymentIntentId);
    const yes = await withAnswer({ action: 'accept', content: { confirm: true } }, 'book_car', { confirmationToken: accepted.confirmationToken });
    expect(yes.result.isError, errorText(yes.result)).toBeFalsy();
    expect(yes.result.structuredContent).toMatchObject({ status: 'confirmed' });
  });
});

describe('who may answer', () => {
  const mcp = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${secret}`, 'mcp-protocol-version': '2025-06-18', ...headers },
      body: JSON.stringify(body),
    });
  const openSession = async (capabilities: Record<string, unknown>) => {
    const init = await mcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'raw', version: '1' } } });
    expect(init.status).toBe(200);
    return { 'mcp-session-id': init.headers.get('mcp-session-id')! };
  };

  it('reads form elicitation from 2025-06-18 ({}) and 2025-11-25 ({ form }) capabilities, not from url-only or none', () => {
    expect(canElicitForm({ elicitation: {} })).toBe(true);
    expect(canElicitForm({ elicitation: { form: {} } })).toBe(true);
    expect(canElicitForm({ elicitation: { form: {}, url: {} } })).toBe(true);
    expect(canElicitForm({ elicitation: { url: {} } })).toBe(false);
    expect(canElicitForm({})).toBe(false);
  });

  it('an answer from another session, even the same user\'s, is ignored; the asked session\'s decline is what counts', { timeout: 60_000 }, async () => {
    const asker = await openSession({ elicitation: {} });
    const other = await openSession({ elicitation: {} });
    const { quote } = await quoteFlight();
    await payCard(quote.payment!.paymentIntentId);
    const res = await mcp({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'book_flight', arguments: { confirmationToken: quote.confirmationToken } } }, asker);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const nextMessage = async (): Promise<Record<string, unknown>> => {
      for (;;) {
        const m = /data: (.+)\n\n/.exec(text);
        if (m) {
          text = text.slice(m.index + m[0].length);
          return JSON.parse(m[1]!) as Record<string, unknown>;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    const request = await nextMessage();
    expect(request).toMatchObject({ method: 'elicitation/create' });
    const yes = { jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { confirm: true } } };
    expect((await mcp(yes, other)).status).toBe(202);
    expect((await mcp({ ...yes, id: 'not-asked' }, asker)).status).toBe(202);
    expect((await mcp({ jsonrpc: '2.0', id: request.id, result: { action: 'decline' } }, asker)).status).toBe(202);
    const answer = await nextMessage();
    expect(answer).toMatchObject({ id: 9, result: { isError: true } });
    expect(JSON.stringify(answer)).toMatch(/nothing was booked/);
    expect(await server.services.bookings.payment(quote.payment!.paymentIntentId)).toBeNull();
  });
});
