import { createServer, type ServerResponse } from 'node:http';
import type { DuffelOffer, DuffelOrder, DuffelSeatMap } from '../../adapters/providers/duffel/wire.js';
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
import type { WireSimulator } from '../../adapters/sandbox/simulators/sim-transport.js';
import { afterSaleHandlers } from './duffel-fake-after-sale.js';
import { orderHandlers, type DuffelOrderScenario } from './duffel-fake-orders.js';
import { createFakeState, type FakeAnswer, type FakeOfferSource, type FakeRequest } from './duffel-fake-state.js';
import { listenLocal, readBody, streamHugeJson } from './fake-server.js';

// A local Duffel over HTTP for adapter tests: it checks the credentials and the
// version header, answers search, offers and seat maps from the simulator (so
// shapes match), keeps orders and everything after them in memory, and fails on
// demand the ways Duffel can.

export type { DuffelOrderScenario } from './duffel-fake-orders.js';

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
  /** An order as the fake holds it (for assertions). */
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

/** Reads offers and seat maps from the simulator, as the fake's own GETs would. */
function offerSource(sim: WireSimulator): FakeOfferSource {
  const get = async (path: string, query: Record<string, string>, now: Date) =>
    sim.handle({ method: 'GET', path, query, headers: { 'duffel-version': 'v2' }, signal: new AbortController().signal }, now);
  return {
    async offer(offerId, now) {
      const answer = await get(`/air/offers/${encodeURIComponent(offerId)}`, { return_available_services: 'true' }, now);
      return answer.status === 200 ? (answer.body as { data: DuffelOffer }).data : null;
    },
    async seatMaps(offerId, now) {
      const answer = await get('/air/seat_maps', { offer_id: offerId }, now);
      return answer.status === 200 ? (answer.body as { data: DuffelSeatMap[] }).data : [];
    },
  };
}

/** The `data` of a JSON request body; undefined when there is none, null when it is not JSON. */
function requestData(body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : null;
  } catch {
    return null;
  }
}

function reply(res: ServerResponse, answer: FakeAnswer): void {
  if ('error' in answer) return errorReply(res, answer.status, answer.error);
  send(res, answer.status, { 'x-request-id': `fake-req-${++fakeRequests}` }, answer.body === undefined ? '' : JSON.stringify(answer.body));
}

export async function startDuffelFake(opts: { seed?: string; orderPageSize?: number } = {}): Promise<DuffelFake> {
  const sim = createDuffelSimulator({ seed: opts.seed ?? 'duffel-fake' });
  const requests: RecordedRequest[] = [];
  const queue: DuffelScenario[] = [];
  const state = createFakeState(opts.orderPageSize ?? 50);
  const orders = orderHandlers(state, offerSource(sim));
  const afterSale = afterSaleHandlers(state);

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

      const fakeReq: FakeRequest = { method: record.method, path: record.path.replace(/\/+$/, ''), query: record.query, data: requestData(record.body), now: new Date() };
      const owned = (await orders.handle(fakeReq)) ?? afterSale.handle(fakeReq);
      if (owned) return reply(res, owned);

      const simReq: HttpRequest = {
        method: record.method as HttpRequest['method'],
        path: record.path,
        query: record.query,
        headers: record.headers,
        body: record.body === '' ? undefined : record.body,
        signal: controller.signal,
      };
      const answer = await sim.handle(simReq, new Date());
      send(res, answer.status, answer.headers ?? {}, JSON.stringify(answer.body));
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
    failNextOrder: (scenario, times = 1) => orders.failNextOrder(scenario, times),
    order: (id) => state.orders.get(id)?.order,
    close() {
      // Held `timeout` answers would keep close() waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
