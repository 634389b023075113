// Confirmation on protocol 2026-07-28 (issue 20, item 3): no server-to-client requests,
// so a money-moving call answers input_required with the confirmation form and a sealed
// requestState; the SDK v2 client shows the form (its elicitation handler) and calls
// again with the answer. Accept books; decline books nothing and gives the payment back;
// a state altered, or echoed by another user, is refused and books nothing. A client
// without elicitation keeps the quote-token step.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traveller, type OfferOut } from '../booking/booking-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { connectV2 } from './v2-client.js';

interface Answer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
}
interface Quote {
  confirmationToken: string;
  total: { amount: number; currency: string };
  payment: { paymentIntentId: string } | null;
}
type ElicitAnswer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> };

let server: TestServer;
let secret: string;
let eliciting: Client;
let plain: Client;
let answer: ElicitAnswer = { action: 'accept', content: { confirm: true } };
const forms: { message: string; requestedSchema?: unknown }[] = [];
const text = (r: Answer) => r.content[0]?.text ?? '';

beforeAll(async () => {
  server = await startTestServer();
  secret = (await server.services.identity.createKey({ userId: 'mrtr-user', tier: 'pro' })).secret;
  eliciting = await connectV2([server.url], secret, { elicitation: true });
  eliciting.setRequestHandler('elicitation/create', async (request) => {
    forms.push(request.params as { message: string });
    return answer;
  });
  plain = await connectV2([server.url], secret);
}, 60_000);
afterAll(async () => {
  await Promise.all([eliciting?.close(), plain?.close()]);
  await server?.close();
});

let day = 80;
async function paidQuote(): Promise<{ quote: Quote; passenger: Record<string, unknown> }> {
  const found = (await plain.callTool({ name: 'search_offers', arguments: { origin: 'JFK', destination: 'LHR', date: daysAhead(day++), limit: 5 } })) as Answer;
  const offer = (found.structuredContent as { offers: OfferOut[] }).offers[0]!;
  const passenger = traveller();
  const quoted = (await plain.callTool({ name: 'quote_booking', arguments: { offerId: offer.offer_id, passengers: [passenger] } })) as Answer;
  expect(quoted.isError, text(quoted)).toBeFalsy();
  const quote = quoted.structuredContent as unknown as Quote;
  const pi = quote.payment!.paymentIntentId;
  await server.services.providers.cards.confirmPaymentIntent(pi, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${pi}` }, AbortSignal.timeout(5_000));
  return { quote, passenger };
}

async function book(client: Client, next: ElicitAnswer, token: string): Promise<{ result: Answer; shown: typeof forms }> {
  answer = next;
  const before = forms.length;
  const result = (await client.callTool({ name: 'book_flight', arguments: { confirmationToken: token } })) as Answer;
  return { result, shown: forms.slice(before) };
}

interface RawBody {
  result?: { resultType?: string; requestState?: string; isError?: boolean; structuredContent?: { booking_ref?: string } };
  error?: { code: number };
}

/** One raw 2026-07-28 tools/call, as a client without the SDK sends it. */
async function rawCall(key: string, args: Record<string, unknown>, retry: Record<string, unknown> = {}): Promise<{ status: number; body: RawBody }> {
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${key}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'book_flight',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'book_flight',
        arguments: args,
        ...retry,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  return { status: res.status, body: (await res.json()) as RawBody };
}

describe('confirmation on 2026-07-28: input_required with a sealed requestState', () => {
  it('accept books, after one form with the exact price and the traveller', { timeout: 60_000 }, async () => {
    expect(eliciting.getProtocolEra()).toBe('modern');
    const { quote, passenger } = await paidQuote();
    const { result, shown } = await book(eliciting, { action: 'accept', content: { confirm: true } }, quote.confirmationToken);
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent?.booking_ref).toMatch(/^bk_/);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.message).toContain(`${quote.total.currency} ${quote.total.amount.toFixed(2)}`);
    expect(shown[0]!.message).toContain(`${passenger.given_name as string} ${passenger.family_name as string}`);
    expect(shown[0]!.requestedSchema).toMatchObject({ properties: { confirm: { type: 'boolean' } }, required: ['confirm'] });
    expect(await server.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'attached' });
  });

  for (const no of [{ action: 'decline' }, { action: 'accept', content: { confirm: false } }] as ElicitAnswer[]) {
    it(`${no.action}${no.content ? ' with confirm false' : ''} books nothing, gives the payment back and spends the token`, { timeout: 60_000 }, async () => {
      const { quote } = await paidQuote();
      const pi = quote.payment!.paymentIntentId;
      const { result, shown } = await book(eliciting, no, quote.confirmationToken);
      expect(shown).toHaveLength(1);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/Not confirmed by the traveller: nothing was booked/);
      expect(await server.services.bookings.payment(pi)).toBeNull();
      expect(await server.services.payments.get(pi)).toMatchObject({ state: 'void' });
      const again = (await plain.callTool({ name: 'book_flight', arguments: { confirmationToken: quote.confirmationToken } })) as Answer;
      expect(text(again)).toMatch(/^GONE/);
    });
  }

  it('a requestState altered, or echoed with another user’s key, is refused and books nothing', { timeout: 60_000 }, async () => {
    const { quote } = await paidQuote();
    const args = { confirmationToken: quote.confirmationToken };
    const first = await rawCall(secret, args);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create' } } });
    const state = first.body.result!.requestState!;
    const yes = { inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } };

    const other = (await server.services.identity.createKey({ userId: 'someone-else', tier: 'pro' })).secret;
    const stolen = await rawCall(other, args, { ...yes, requestState: state });
    expect(stolen.body.error?.code).toBe(-32602);
    const flipped = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA');
    const forged = await rawCall(secret, args, { ...yes, requestState: flipped });
    expect(forged.body.error?.code).toBe(-32602);
    // A yes without the state is only a new question.
    const bare = await rawCall(secret, args, yes);
    expect(bare.body.result?.resultType).toBe('input_required');
    expect(await server.services.bookings.payment(quote.payment!.paymentIntentId)).toBeNull();

    const real = await rawCall(secret, args, { ...yes, requestState: state });
    expect(real.body.result?.isError, JSON.stringify(real.body)).toBeFalsy();
    expect(real.body.result?.structuredContent?.booking_ref).toMatch(/^bk_/);
  });

  it('a client without elicitation keeps the token step: nothing is asked, the token books', { timeout: 60_000 }, async () => {
    const { quote } = await paidQuote();
    const { result, shown } = await book(plain, { action: 'decline' }, quote.confirmationToken);
    expect(shown).toHaveLength(0);
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent?.booking_ref).toMatch(/^bk_/);
  });
});
