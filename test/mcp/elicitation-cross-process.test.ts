// 2025 elicitation across processes (issue 20, item 3): the client's answer to an
// elicitation/create is a POST of its own, and behind a balancer it may reach another
// process than the one whose book_flight call is waiting. Two servers share Redis (each
// its own database, as the eras test): the call goes to A, every answer to B. B parks the
// answer in the shared cache and A's waiting call takes it (adapters/mcp/elicitation-relay.ts):
// accept books; decline books nothing and gives the payment back. Needs REDIS_URL.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traveller, type OfferOut } from '../booking/booking-helpers.js';
import { daysAhead } from '../flights/search-helpers.js';
import { call, errorText, type CallResult } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const run = Boolean(process.env.REDIS_URL);
let a: TestServer;
let b: TestServer;
let client: Client;
let answer: ElicitResult = { action: 'accept', content: { confirm: true } };
/** Where each POST went: 'a' or 'b', and whether it carried an answer. */
const posts: { to: 'a' | 'b'; answer: boolean }[] = [];

interface Quote {
  confirmationToken: string;
  payment: { paymentIntentId: string } | null;
}

beforeAll(async () => {
  if (!run) return;
  const env = { CACHE_PREFIX: `elicit_xp_${process.pid}_${Date.now()}:` };
  [a, b] = [await startTestServer({ env }), await startTestServer({ env })];
  // Same user on both (each server has its own database), so the session is theirs on either.
  const keys = await Promise.all([a, b].map(async (s) => (await s.services.identity.createKey({ userId: 'elicit-xp-user', tier: 'pro' })).secret));
  // Requests to A, answers (a JSON-RPC response: no method) to B, as a balancer might.
  const route: typeof fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : undefined;
    const toB = init?.method === 'POST' && body !== undefined && body.method === undefined;
    if (init?.method === 'POST') posts.push({ to: toB ? 'b' : 'a', answer: toB });
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${keys[toB ? 1 : 0]!}`);
    return fetch(String(input).replace(a.url, toB ? b.url : a.url), { ...init, headers });
  };
  client = new Client({ name: 'elicit-xp', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async () => answer);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), { fetch: route }));
}, 120_000);
afterAll(async () => {
  await client?.close();
  await Promise.all([a?.close(), b?.close()]);
});

let day = 120;
async function paidQuote(): Promise<Quote> {
  const { offers } = await call<{ offers: OfferOut[] }>(client, 'search_offers', { origin: 'JFK', destination: 'LHR', date: daysAhead(day++), limit: 5 });
  const quote = await call<Quote>(client, 'quote_booking', { offerId: offers[0]!.offer_id, passengers: [traveller()] });
  const pi = quote.payment!.paymentIntentId;
  await a.services.providers.cards.confirmPaymentIntent(pi, { paymentMethod: 'pm_card_visa', idempotencyKey: `pay:${pi}` }, AbortSignal.timeout(5_000));
  return quote;
}

async function book(next: ElicitResult, token: string): Promise<{ result: CallResult; answersToB: number }> {
  answer = next;
  const before = posts.filter((p) => p.answer).length;
  const result = (await client.callTool({ name: 'book_flight', arguments: { confirmationToken: token } })) as CallResult;
  return { result, answersToB: posts.filter((p) => p.answer).length - before };
}

describe.runIf(run)('an elicitation answer that reaches another process', () => {
  it('reaches the call waiting on the first: accept books there', { timeout: 90_000 }, async () => {
    const quote = await paidQuote();
    const { result, answersToB } = await book({ action: 'accept', content: { confirm: true } }, quote.confirmationToken);
    expect(answersToB).toBe(1);
    expect(result.isError, errorText(result)).toBeFalsy();
    expect(result.structuredContent?.booking_ref).toMatch(/^bk_/);
    expect(await a.services.payments.get(quote.payment!.paymentIntentId)).toMatchObject({ state: 'attached' });
  });

  it('a decline relayed the same way books nothing and gives the payment back', { timeout: 90_000 }, async () => {
    const quote = await paidQuote();
    const pi = quote.payment!.paymentIntentId;
    const { result, answersToB } = await book({ action: 'decline' }, quote.confirmationToken);
    expect(answersToB).toBe(1);
    expect(errorText(result)).toMatch(/Not confirmed by the traveller: nothing was booked/);
    expect(await a.services.bookings.payment(pi)).toBeNull();
    expect(await a.services.payments.get(pi)).toMatchObject({ state: 'void' });
  });
});
