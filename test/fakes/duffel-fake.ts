import { createServer, type ServerResponse } from 'node:http';
import type { DuffelOrder } from '../../adapters/providers/duffel/wire.js';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import {
  INTERNAL,
  MISSING_VERSION,
  OFFER_GONE,
  RATE_LIMITED,
  UNAUTHORIZED,
  UNAVAILABLE,
  duffelErrorBody,
  rateLimitHeaders,
  validationError,
  type SimErrorSpec,
} from '../../adapters/sandbox/simulators/duffel-sim-errors.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import type { SimResponse } from '../../adapters/sandbox/simulators/sim-transport.js';
import { ORDER_ERRORS, reshapeOrderAnswer, type DuffelOrderScenario } from './duffel-fake-order-faults.js';
import { listenLocal, readBody, streamHugeJson } from './fake-server.js';

// A local Duffel over HTTP for adapter tests: it checks the credentials, records
// every request and fails on demand the ways Duffel can; everything else (search,
// offers, seat maps, orders, payments, cancellations, changes) is the sandbox's
// Duffel simulator, run at once (no ticketing or change-offer delays) and with
// fixed change prices, so there is one emulation of Duffel's rules.

export type { DuffelOrderScenario } from './duffel-fake-order-faults.js';

export type DuffelScenario =
  | 'rate_limited'
  | 'server_error'
  | 'unavailable'
  /** Answers nothing: the fake hangs until the client gives up. */
  | 'timeout'
  | 'malformed'
  | 'offer_gone'
  | 'validation'
  | 'errors_in_200'
  /** A 200 whose body is 60 MB (chunked, no length), counted in `bytesSent` as it goes. */
  | 'oversized'
  /** Valid JSON in the wrong shape: an offer request without an id, whose `offers` is not a list. */
  | 'wrong_shape';

/** The size of the `oversized` answer. */
export const OVERSIZED_BYTES = 60 * 1024 * 1024;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  /** Resolves when the connection for this request closes (answered, or dropped by the client). */
  closed: Promise<void>;
  /** True when the client went away before the fake answered. */
  abandoned: boolean;
  /** Body bytes handed to the socket for an `oversized` answer (0 otherwise). */
  bytesSent: number;
}

export interface DuffelFake {
  url: string;
  requests: RecordedRequest[];
  /** Fails the next request(s), whatever they are. */
  failNext(scenario: DuffelScenario, times?: number): void;
  /** Applies to the next order creation(s) only: Duffel's booking errors, or a 202. */
  failNextOrder(scenario: DuffelOrderScenario, times?: number): void;
  /** An order as the fake last served it (for assertions). */
  order(id: string): DuffelOrder | undefined;
  close(): Promise<void>;
}

const TOKEN_PATTERN = /^Bearer duffel_(test|live)_\S+$/;
/** How far ahead a rate-limited answer says the window resets. */
const RATE_RESET_MS = 30_000;


function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

let fakeRequests = 0;

function errorReply(res: ServerResponse, status: number, spec: SimErrorSpec, extra: Record<string, string> = {}): void {
  const requestId = `fake-req-${++fakeRequests}`;
  send(res, status, { 'x-request-id': requestId, ...extra }, JSON.stringify(duffelErrorBody(status, requestId, [spec])));
}

/** Answers one injected scenario; `timeout` answers nothing and waits for the client to give up. */
function inject(scenario: DuffelScenario, res: ServerResponse, record: RecordedRequest): void {
  switch (scenario) {
    case 'rate_limited':
      return errorReply(res, 429, RATE_LIMITED, rateLimitHeaders(60, 0, new Date(Date.now() + RATE_RESET_MS)));
    case 'server_error':
      return errorReply(res, 500, INTERNAL);
    case 'unavailable':
      return errorReply(res, 503, UNAVAILABLE);
    case 'timeout':
      return;
    case 'malformed':
      return send(res, 200, { 'x-request-id': `fake-req-${++fakeRequests}` }, '{"data": {"id": "orq_');
    case 'offer_gone':
      return errorReply(res, 422, OFFER_GONE);
    case 'validation':
      return errorReply(res, 422, validationError('validation_required', 'departure_date', '/slices/0/departure_date', 'departure_date is required'));
    case 'oversized':
      return streamHugeJson(res, OVERSIZED_BYTES, (sent) => (record.bytesSent = sent));
    case 'wrong_shape':
      return send(res, 200, { 'x-request-id': `fake-req-${++fakeRequests}` }, JSON.stringify({ data: { live_mode: false, offers: { total: 3 } } }));
    case 'errors_in_200': {
      const requestId = `fake-req-${++fakeRequests}`;
      const body = duffelErrorBody(200, requestId, [{ type: 'airline_error', code: 'airline_unknown', title: 'Airline error', message: 'The airline did not complete the request.' }]);
      return send(res, 200, { 'x-request-id': requestId }, JSON.stringify(body));
    }
  }
}

/** What each change offer of a change request costs, in cents: one to pay, one free, one refunding. */
const CHANGE_TOTALS_CENTS = [4_500, 0, -2_000];

/** Orders in a simulator answer (one, or a list page), to remember as served. */
function servedOrders(answer: SimResponse): DuffelOrder[] {
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  const isOrder = (v: unknown): v is DuffelOrder => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' && (v as { id: string }).id.startsWith('ord_') && 'passengers' in v;
  return Array.isArray(data) ? data.filter(isOrder) : isOrder(data) ? [data] : [];
}

export async function startDuffelFake(opts: { seed?: string; orderPageSize?: number } = {}): Promise<DuffelFake> {
  const sim = createDuffelSimulator({
    seed: opts.seed ?? 'duffel-fake',
    rules: { ticketingDelayMs: 0, asyncOrderDelayMs: 0, changeOfferDelaysMs: [0, 0, 0], changeTotalsCents: CHANGE_TOTALS_CENTS, identityDocuments: 'never', allFaresChangeable: true, orderPageSize: opts.orderPageSize ?? 50 },
  });
  const requests: RecordedRequest[] = [];
  const queue: DuffelScenario[] = [];
  const orderQueue: DuffelOrderScenario[] = [];
  const served = new Map<string, DuffelOrder>();

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let markClosed!: () => void;
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: '',
        closed: new Promise<void>((resolve) => (markClosed = resolve)),
        abandoned: false,
        bytesSent: 0,
      };
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) {
          record.abandoned = true;
          controller.abort();
        }
        markClosed();
      });
      requests.push(record);
      record.body = await readBody(req);

      if (!TOKEN_PATTERN.test(req.headers.authorization ?? '')) return errorReply(res, 401, UNAUTHORIZED);
      if (!req.headers['duffel-version']) return errorReply(res, 400, MISSING_VERSION);
      const scenario = queue.shift();
      if (scenario) return inject(scenario, res, record);

      const creatingOrder = record.method === 'POST' && record.path.replace(/\/+$/, '') === '/air/orders';
      const orderScenario = creatingOrder ? orderQueue.shift() : undefined;
      const orderError = orderScenario ? ORDER_ERRORS[orderScenario] : undefined;
      if (orderError) return errorReply(res, 422, orderError);

      const simReq: HttpRequest = {
        method: record.method as HttpRequest['method'],
        path: record.path,
        query: record.query,
        headers: record.headers,
        body: record.body === '' ? undefined : record.body,
        signal: controller.signal,
      };
      const simAnswer = await sim.handle(simReq, new Date());
      for (const order of servedOrders(simAnswer)) served.set(order.id, structuredClone(order));
      const answer = reshapeOrderAnswer(orderScenario, simAnswer);
      send(res, answer.status, answer.headers ?? {}, answer.body === undefined ? '' : JSON.stringify(answer.body));
    })().catch((err: unknown) => {
      if (!res.headersSent) errorReply(res, 500, { ...INTERNAL, message: err instanceof Error ? err.message : String(err) });
    });
  });

  const { port } = await listenLocal(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) queue.push(scenario);
    },
    failNextOrder(scenario, times = 1) {
      for (let i = 0; i < times; i++) orderQueue.push(scenario);
    },
    order: (id) => served.get(id),
    close() {
      // Held `timeout` answers would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
