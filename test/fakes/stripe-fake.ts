import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { TEST_PAYMENT_METHODS } from '../../adapters/sandbox/simulators/stripe-sim.js';
import { listenLocal, readBody } from './fake-server.js';

// A local Stripe v1 API for the PaymentIntent, Refund and Checkout Session endpoints stripe-node calls:
// form-encoded bodies, Bearer sk_ keys, Idempotency-Key replay, Request-Id
// headers, Stripe's error envelope, and failures injected on demand.

export type StripeFakeScenario = 'rate_limited' | 'server_error' | 'card_declined' | 'timeout';

/** A form body with bracket keys (`metadata[order]=x`) unfolded into nested objects. */
export interface FormObject {
  [key: string]: string | FormObject;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  form: FormObject;
  idempotencyKey: string | undefined;
}

export interface StripeFake {
  host: string;
  port: number;
  requests: RecordedRequest[];
  /** What has been refunded of an intent so far; undefined for an unknown intent. */
  refundedMinor(paymentIntentId: string): number | undefined;
  /** The intent as the fake holds it (a copy). */
  intent(paymentIntentId: string): Promise<Record<string, unknown> | undefined>;
  /** Pays a Checkout Session as the customer would on Stripe's page (status complete, payment_status paid). */
  completeCheckoutSession(id: string): Record<string, unknown> | undefined;
  /** The next `times` requests (after the key check) fail with this scenario. */
  failNext(scenario: StripeFakeScenario, times?: number): void;
  close(): Promise<void>;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  capture_method: 'automatic' | 'manual';
  amount_capturable: number;
  confirmation_method: 'automatic';
  payment_method: string | null;
  amount_received: number;
  /** Kept per intent (on its charge at Stripe), so a later refund sees what earlier ones took. */
  amount_refunded: number;
  latest_charge: string | null;
  canceled_at: number | null;
  next_action: { type: string } | null;
  last_payment_error: Record<string, string> | null;
}

interface Reply {
  status: number;
  body: unknown;
}

function parseForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[path[path.length - 1]!] = value;
  }
  return root;
}

const stripeError = (status: number, error: Record<string, unknown>): Reply => ({ status, body: { error } });
const missingIntent = (id: string) => stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });


export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const replays = new Map<string, { fingerprint: string; reply: Reply }>();
  const queue: StripeFakeScenario[] = [];
  const hanging = new Set<ServerResponse>();
  const sessions = new Map<string, Record<string, unknown>>();
  let sessionCount = 0;
  let intentCount = 0;
  let refundCount = 0;
  let requestCount = 0;

  function createIntent(form: FormObject): Reply {
    const amount = form.amount;
    const currency = form.currency;
    if (typeof amount !== 'string') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
    if (typeof currency !== 'string') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
    if (!/^\d+$/.test(amount)) return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: ' + amount });
    if (Number(amount) < 50) return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    intentCount += 1;
    const id = `pi_fake${String(intentCount).padStart(20, '0')}`;
    const metadata = typeof form.metadata === 'object' ? (Object.fromEntries(Object.entries(form.metadata).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};
    const intent: FakeIntent = {
      id, object: 'payment_intent', amount: Number(amount), currency: currency.toLowerCase(), status: 'requires_payment_method',
      client_secret: `${id}_secret_fake${intentCount}`, metadata, created: 1_767_225_600 + intentCount, livemode: false,
      capture_method: form.capture_method === 'manual' ? 'manual' : 'automatic', amount_capturable: 0,
      confirmation_method: 'automatic', payment_method: null, amount_received: 0,
      amount_refunded: 0, latest_charge: null, canceled_at: null, next_action: null, last_payment_error: null,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function confirmIntent(intent: FakeIntent, form: FormObject): Reply {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}.`, payment_intent: intent });
    }
    const pm = typeof form.payment_method === 'string' ? form.payment_method : '';
    const behaviour = TEST_PAYMENT_METHODS[pm];
    if (!behaviour) return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${pm}'` });
    if (behaviour === 'declines') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      return stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: intent });
    }
    intent.payment_method = pm;
    const authorizeOnly = behaviour === 'succeeds' && intent.capture_method === 'manual';
    intent.status = behaviour !== 'succeeds' ? 'requires_action' : authorizeOnly ? 'requires_capture' : 'succeeded';
    intent.next_action = behaviour === 'succeeds' ? null : { type: 'use_stripe_sdk' };
    if (authorizeOnly) intent.amount_capturable = intent.amount;
    else if (behaviour === 'succeeds') {
      intent.amount_received = intent.amount;
      intent.latest_charge = intent.id.replace(/^pi_/, 'ch_');
    }
    return { status: 200, body: intent };
  }

  function createRefund(form: FormObject): Reply {
    const id = form.payment_intent;
    if (typeof id !== 'string') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'One of the following params should be provided for this request: payment_intent or charge.' });
    const intent = intents.get(id);
    if (!intent) return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${id}'` });
    const requested = form.amount;
    if (requested !== undefined && (typeof requested !== 'string' || !/^\d+$/.test(requested) || Number(requested) < 1)) {
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid positive integer' });
    }
    if (intent.status !== 'succeeded') {
      return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent (${id}) does not have a successful charge to refund.` });
    }
    const remaining = intent.amount_received - intent.amount_refunded;
    if (remaining <= 0) return stripeError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${intent.latest_charge} has already been refunded.` });
    const amount = requested === undefined ? remaining : Number(requested);
    if (amount > remaining) {
      return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining}).` });
    }
    intent.amount_refunded += amount;
    refundCount += 1;
    const reason = typeof form.reason === 'string' ? form.reason : null;
    return {
      status: 200,
      body: {
        id: `re_fake${String(refundCount).padStart(20, '0')}`, object: 'refund', amount, currency: intent.currency, status: 'succeeded',
        payment_intent: intent.id, charge: intent.latest_charge, reason, created: 1_767_232_800 + refundCount, metadata: {},
        balance_transaction: null, receipt_number: null, source_transfer_reversal: null, transfer_reversal: null,
      },
    };
  }

  function createSession(form: FormObject): Reply {
    const item = (form.line_items as FormObject | undefined)?.['0'] as FormObject | undefined;
    const priceData = item?.price_data as FormObject | undefined;
    if (form.mode !== 'payment' || !priceData || typeof priceData.unit_amount !== 'string' || typeof priceData.currency !== 'string') {
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'line_items', message: 'line_items with price_data is required in payment mode.' });
    }
    if (typeof form.success_url !== 'string') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'success_url', message: 'Missing required param: success_url.' });
    sessionCount += 1;
    const id = `cs_test_fake${String(sessionCount).padStart(20, '0')}`;
    const session = {
      id, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${id}`, success_url: form.success_url.replace('{CHECKOUT_SESSION_ID}', id), cancel_url: form.cancel_url ?? null,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      amount_total: Number(priceData.unit_amount), currency: priceData.currency, payment_intent: null, livemode: false, created: 1_767_225_600 + sessionCount,
      metadata: typeof form.metadata === 'object' ? form.metadata : {},
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function route(method: string, path: string, form: FormObject): Reply {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session ? { status: 200, body: session } : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${sessionMatch[1]!}'` });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel|capture))?$/.exec(path);
    if (!match) return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const intent = intents.get(match[1]!);
    if (!intent) return missingIntent(match[1]!);
    if (method === 'GET' && !match[2]) return { status: 200, body: intent };
    if (method === 'POST' && match[2] === 'confirm') return confirmIntent(intent, form);
    if (method === 'POST' && match[2] === 'capture') {
      if (intent.status !== 'requires_capture') {
        return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.` });
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount_capturable;
      intent.amount_capturable = 0;
      intent.latest_charge = intent.id.replace(/^pi_/, 'ch_');
      return { status: 200, body: intent };
    }
    if (method === 'POST' && match[2] === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` });
      }
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.canceled_at = 1_767_229_200;
      return { status: 200, body: intent };
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function injected(scenario: StripeFakeScenario): Reply {
    switch (scenario) {
      case 'rate_limited':
        return stripeError(429, { type: 'rate_limit_error', message: 'Too many requests hit the API too quickly.' });
      case 'server_error':
        return stripeError(500, { type: 'api_error', message: 'An unknown error occurred.' });
      default:
        return stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const form = parseForm(rawBody);
    requests.push({ method, path, headers: req.headers, rawBody, form, idempotencyKey });
    requestCount += 1;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-Id': `req_fake${requestCount}` };
    const send = (reply: Reply, extra: Record<string, string> = {}) => {
      res.writeHead(reply.status, { ...headers, ...extra });
      res.end(JSON.stringify(reply.body));
    };

    if (!/^Bearer sk_\S+$/.test(req.headers.authorization ?? '')) {
      return send(stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
    }
    const scenario = queue.shift();
    if (scenario === 'timeout') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (scenario) return send(injected(scenario));

    const fingerprint = `${method} ${path} ${[...new URLSearchParams(rawBody)].map(([k, v]) => `${k}=${v}`).sort().join('&')}`;
    const saved = idempotencyKey && method === 'POST' ? replays.get(idempotencyKey) : undefined;
    if (saved && saved.fingerprint !== fingerprint) {
      return send(stripeError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` }));
    }
    if (saved) return send(saved.reply, { 'Idempotent-Replayed': 'true' });
    const reply = route(method, path, form);
    // Only requests that ran are saved for replay; refused parameters are not (as at Stripe).
    if (idempotencyKey && method === 'POST' && (reply.status === 200 || reply.status === 402)) {
      replays.set(idempotencyKey, { fingerprint, reply: { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) as unknown } });
    }
    send(reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  const { port } = await listenLocal(server);

  return {
    host: '127.0.0.1',
    port,
    requests,
    refundedMinor: (id) => intents.get(id)?.amount_refunded,
    intent: async (id) => {
      const found = intents.get(id);
      return found ? { ...found } : undefined;
    },
    completeCheckoutSession(id) {
      const session = sessions.get(id);
      if (!session) return undefined;
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: id.replace(/^cs_test_fake/, 'pi_fakecs') });
      return { ...session };
    },
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) queue.push(scenario);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
